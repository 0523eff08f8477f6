// The game's actions: play a move, new game, undo/redo, the computer's move and the hint. Each
// changes `app` through the engine (the rules live only there) and then renders.
import * as engine from '../shashki-wasm.js';
import { app, save, render } from './state.js';
import { ask, stopSearch } from './engine-client.js';
import { showMessage, announce, beep } from './feedback.js';
import { closeOver } from './dialogs/over.js';
import { t } from './i18n.js';

const HARD_MS = 1000;

export function humanColor() {
  return app.settings.mode === 'computer' ? app.settings.color : null;
}

export function isHumanTurn() {
  const v = app.view;
  return !v.outcome && (app.settings.mode === 'hotseat' || v.turn === app.settings.color);
}

/// Stops a search in flight (the computer's move or a hint).
export function cancelThinking() {
  if (!app.thinking) return;
  app.thinking = null;
  stopSearch();
}

export function maybeComputerMove() {
  const v = app.view;
  if (app.settings.mode !== 'computer' || v.outcome || v.turn === app.settings.color || app.thinking) return;
  const options = {
    level: app.settings.level,
    movetime: HARD_MS,
    seed: Math.floor(Math.random() * 2 ** 31),
  };
  const job = ask(app.game, options);
  app.thinking = { id: job.id, kind: 'move' };
  render();
  job.promise.then(
    (r) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      if (r.move) playText(r.move.text, r.move.paths[0]);
      else render();
    },
    (err) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      showMessage(String(err.message || err));
      render();
    },
  );
}

export function requestHint() {
  if (app.view.outcome || app.thinking || !isHumanTurn()) return;
  const job = ask(app.game, { level: 'hard', movetime: HARD_MS });
  app.thinking = { id: job.id, kind: 'hint' };
  render();
  job.promise.then(
    (r) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      if (r.move) {
        app.hint = { path: r.move.paths[0], text: r.move.text };
        showMessage(t('hintShown', { move: r.move.text }));
      }
      render();
    },
    () => {
      if (app.thinking && app.thinking.id === job.id) app.thinking = null;
      render();
    },
  );
}

export function setGame(game) {
  app.game = game;
  app.view = engine.view(game);
  app.selection = [];
  app.hint = null;
  app.browse = null;
  save();
}

/// Replaces the game with another one (loaded, set up or new): nothing of the old one is kept.
export function startGame(game) {
  cancelThinking();
  app.settings.variant = game.variant;
  app.redo = [];
  app.lastPath = null;
  app.overShownFor = null;
  setGame(game);
}

export function playText(text, path) {
  const mover = app.view.turn;
  const capture = app.view.moves.some((m) => m.text === text && m.captured.length);
  try {
    setGame(engine.apply(app.game, text));
  } catch (err) {
    showMessage(String(err.message || err));
    return;
  }
  app.lastPath = path || null;
  app.animatePath = path || null;
  announce(t('moved', { side: t(mover), move: text }));
  beep(capture);
  app.redo = app.redoKeep ? app.redo : [];
  render();
  maybeComputerMove();
}

export function newGame(variant = app.settings.variant) {
  app.message = '';
  startGame(engine.new_game(variant));
  closeOver();
  render();
  maybeComputerMove();
}

export function undo() {
  cancelThinking();
  const human = humanColor();
  let game = app.game;
  const undone = [];
  do {
    if (game.moves.length === 0) break;
    undone.push(game.moves[game.moves.length - 1]);
    game = engine.undo(game);
  } while (human && engine.view(game).turn !== human);
  if (!undone.length) return;
  app.redo.push(...undone);
  app.lastPath = null;
  setGame(game);
  app.overShownFor = null;
  closeOver();
  render();
  maybeComputerMove();
}

export function redo() {
  if (!app.redo.length) return;
  cancelThinking();
  const human = humanColor();
  let game = app.game;
  do {
    const m = app.redo.pop();
    try {
      game = engine.apply(game, m);
    } catch {
      app.redo = [];
      break;
    }
  } while (human && app.redo.length && engine.view(game).turn !== human);
  setGame(game);
  render();
  maybeComputerMove();
}
