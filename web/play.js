// The game's actions: play a move, new game, undo/redo, the computer's move, the hint, resign and
// draw offers. Each changes `app` through the engine (the rules live only there), then renders.
import * as engine from '../shashki-wasm.js';
import { app, save, render, saveGames, GAMES_KEPT, LEVELS } from './state.js';
import { ask, stopSearch } from './engine-client.js';
import { showMessage, clearMessage, announce, beep } from './feedback.js';
import { closeOver } from './dialogs/over.js';
import { askConfirm } from './dialogs/confirm.js';
import { t } from './i18n.js';

const HARD_MS = 1000;
/// The computer accepts a draw when its evaluation is at most this (centi-men): level or worse.
const DRAW_ACCEPT_CP = 10;

export function humanColor() {
  return app.settings.mode === 'computer' ? app.settings.color : null;
}

export function isHumanTurn() {
  const v = app.view;
  return !v.outcome && (app.settings.mode === 'hotseat' || v.turn === app.settings.color);
}

/// The engine's view of a game, with the result of a resignation or an agreed draw added.
export function viewOf(game) {
  const v = engine.view(game);
  if (!v.outcome && game.end) {
    v.outcome = { result: game.end.result, reason: game.end.reason, text: '' };
    v.moves = [];
  }
  return v;
}

/// Whether the player has made a move in the game (the computer's opening move alone is not one).
function playerMoved(game) {
  const first = game.start.trim()[0] === 'B' ? 'black' : 'white';
  const computerOpened = app.settings.mode === 'computer' && first !== app.settings.color;
  return game.moves.length > (computerOpened ? 1 : 0);
}

/// A game the player has moved in that has not ended: replacing it needs the player's consent.
export function inProgress() {
  return playerMoved(app.game) && !app.view.outcome;
}

/// Stops a search in flight (the computer's move, a hint or a draw offer).
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
      showMessage(String(err.message || err), 'error');
      render();
    },
  );
}

export function requestHint() {
  if (app.view.outcome || app.thinking || !isHumanTurn()) return;
  const job = ask(app.game, { analysis: true, movetime: HARD_MS });
  app.thinking = { id: job.id, kind: 'hint' };
  render();
  job.promise.then(
    (r) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      if (r.move) {
        app.hint = { path: r.move.paths[0], text: r.move.text };
        showMessage(t('hintShown', { move: r.move.text }), 'info');
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
  app.view = viewOf(game);
  app.selection = [];
  app.hint = null;
  app.browse = null;
  app.preview = null;
  save();
}

/// Puts the current game at the top of the Games list (if a move was played in it).
function archive() {
  const g = app.game;
  if (!g || !playerMoved(g)) return;
  const o = app.view.outcome;
  app.games.unshift({
    game: g,
    mode: app.settings.mode,
    level: app.settings.level,
    color: app.settings.color,
    date: new Date().toISOString(),
    result: o ? o.result : null,
    plies: g.moves.length,
  });
  app.games.length = Math.min(app.games.length, GAMES_KEPT);
  saveGames();
}

/// Replaces the game with another one (loaded, set up, reopened or new); the old one goes to
/// the Games list.
export function startGame(game, { keep = true } = {}) {
  cancelThinking();
  if (keep) archive();
  app.lesson = null; // a lesson on the board gives way to the new game
  app.settings.variant = game.variant;
  app.redo = [];
  app.overShownFor = null;
  setGame(game);
}

/// Runs `action` at once, or after the player agreed to abandon the game in progress.
export async function guard(action) {
  if (inProgress() && !(await askConfirm(t('abandonAsk'), t('abandonYes')))) return false;
  action();
  return true;
}

export function playText(text, path) {
  const mover = app.view.turn;
  const capture = app.view.moves.some((m) => m.text === text && m.captured.length);
  try {
    setGame(engine.apply(app.game, text));
  } catch (err) {
    showMessage(String(err.message || err), 'error');
    return;
  }
  clearMessage();
  app.animatePath = path || null;
  announce(t('moved', { side: t(mover), move: text }));
  beep(capture);
  app.redo = app.redoKeep ? app.redo : [];
  render();
  maybeComputerMove();
}

function freshGame(variant) {
  clearMessage();
  startGame(engine.new_game(variant));
  closeOver();
  render();
  maybeComputerMove();
}

/// A new game of `variant` — after asking, if a game is in progress.
export function newGame(variant = app.settings.variant) {
  return guard(() => freshGame(variant));
}

/// Playing the other colour starts a new game (after asking, if one is in progress).
export function chooseColor(color) {
  if (color === app.settings.color) return maybeComputerMove();
  return guard(() => {
    app.settings.color = color;
    freshGame(app.settings.variant);
  });
}

function end(result, reason) {
  cancelThinking();
  setGame({ ...app.game, end: { result, reason } });
  app.redo = [];
  render();
}

/// The player gives up: vs the computer the human side, in two-player mode the side to move.
export async function resign() {
  if (app.view.outcome) return;
  const loser = humanColor() || app.view.turn;
  if (!(await askConfirm(t('resignAsk'), t('resign')))) return;
  if (app.view.outcome) return;
  end(loser === 'white' ? 'black' : 'white', 'resign');
}

/// A draw offer: the computer accepts when its evaluation says the game is level or worse for it;
/// in two-player mode the other player answers.
export async function offerDraw() {
  if (app.view.outcome) return;
  if (app.settings.mode === 'hotseat') {
    const other = app.view.turn === 'white' ? 'black' : 'white';
    if (await askConfirm(t('drawAsk', { side: t(app.view.turn), other: t(other) }), t('acceptDraw'))) {
      if (!app.view.outcome) end('draw', 'agreement');
    }
    return;
  }
  if (app.thinking || !isHumanTurn()) return;
  const job = ask(app.game, { analysis: true, movetime: 500 });
  app.thinking = { id: job.id, kind: 'draw' };
  render();
  let r;
  try {
    r = await job.promise;
  } catch {
    r = null;
  }
  if (!app.thinking || app.thinking.id !== job.id) return;
  app.thinking = null;
  // The score is the human's (the side to move); the computer's is its opposite.
  const computerLevelOrWorse =
    r && (r.scoreKind === 'win' || (r.scoreKind === 'cp' && -r.score <= DRAW_ACCEPT_CP));
  if (computerLevelOrWorse) {
    end('draw', 'agreement');
    showMessage(t('drawAccepted'), 'info');
  } else {
    showMessage(t('drawDeclined'), 'info');
    render();
  }
}

export function undo() {
  if (app.game.end) return;
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
  setGame(game);
  app.overShownFor = null;
  closeOver();
  clearMessage();
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

/// Reopens a game from the Games list (the current one takes its place there).
export function reopen(index) {
  const entry = app.games[index];
  if (!entry) return;
  let v;
  try {
    v = viewOf(entry.game);
  } catch (err) {
    showMessage(String(err.message || err), 'error');
    return;
  }
  cancelThinking();
  app.games.splice(index, 1);
  archive();
  if (entry.mode === 'computer' || entry.mode === 'hotseat') app.settings.mode = entry.mode;
  if (LEVELS.includes(entry.level)) app.settings.level = entry.level;
  if (entry.color === 'white' || entry.color === 'black') app.settings.color = entry.color;
  startGame(entry.game, { keep: false });
  saveGames();
  app.overShownFor = v.outcome ? v.history.length : null;
  clearMessage();
  render();
  maybeComputerMove();
}
