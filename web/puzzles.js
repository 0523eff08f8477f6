// Puzzles mode: shots mined from engine games (web/puzzles/V.json, made by `shashki puzzles`).
// Owns `app.lesson` while a puzzle is shown, and the player's puzzle rating, streak and progress.
import * as engine from '../shashki-wasm.js';
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { pathIn } from './lesson.js';

const KEY = 'shashki.puzzles';
const START_RATING = 1200;
const REPLY_MS = 450;
const files = new Map(); // variant → puzzles

async function puzzlesOf(variant) {
  if (!files.has(variant)) {
    const res = await fetch(new URL(`./puzzles/${variant}.json`, import.meta.url));
    if (!res.ok) throw new Error(`puzzles/${variant}.json: ${res.status}`);
    const data = await res.json();
    files.set(variant, data.puzzles);
  }
  return files.get(variant);
}

function readStats() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || '{}');
    return s && typeof s === 'object' ? s : {};
  } catch {
    return {};
  }
}

/// The player's record in one variant: { rating, streak, best, done: { id: 1 | 0 } }.
export function statsOf(variant) {
  const all = readStats();
  const s = all[variant] && typeof all[variant] === 'object' ? all[variant] : {};
  return {
    rating: Number.isFinite(s.rating) ? s.rating : START_RATING,
    streak: Number.isInteger(s.streak) ? s.streak : 0,
    best: Number.isInteger(s.best) ? s.best : 0,
    done: s.done && typeof s.done === 'object' ? s.done : {},
  };
}

function saveStats(variant, stats) {
  try {
    const all = readStats();
    all[variant] = stats;
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or disabled: progress is not kept */
  }
}

/// The next puzzle: not yet tried, rated closest to the player (file order on ties).
function pick(list, stats) {
  let best = null;
  for (const p of list) {
    if (p.id in stats.done) continue;
    if (!best || Math.abs(p.rating - stats.rating) < Math.abs(best.rating - stats.rating)) best = p;
  }
  return best || list[0];
}

let opening = 0;

/// Opens Puzzles mode with the next puzzle of `variant` (the puzzle's, or else the game's).
export async function openPuzzles(variant) {
  variant = variant || (app.lesson && app.lesson.kind === 'puzzle' ? app.lesson.variant : app.game.variant);
  const ticket = ++opening;
  let list;
  try {
    list = await puzzlesOf(variant);
  } catch (err) {
    app.message = t('puzzlesFailed', { error: String(err.message || err) });
    app.messageKind = 'error';
    render();
    return;
  }
  if (ticket !== opening) return; // another puzzle was asked for meanwhile
  const puzzle = pick(list, statsOf(variant));
  const game = engine.game_from_fen(variant, puzzle.fen);
  const view = engine.view(game);
  app.selection = [];
  app.browse = null;
  app.preview = null;
  app.lesson = {
    kind: 'puzzle',
    puzzle,
    variant,
    game,
    view,
    solver: view.turn,
    step: 0,
    state: 'solving',
    busy: false,
    lastPath: null,
    wrongPath: null,
    answerPath: null,
    tried: null,
    scored: false,
    canMove() {
      return this.state === 'solving' && !this.busy && this.view.turn === this.solver;
    },
    play: (text, path) => playPuzzleMove(text, path),
  };
  render();
}

function advance(l, text, path) {
  l.game = engine.apply(l.game, text);
  l.view = engine.view(l.game);
  l.lastPath = path;
  app.animatePath = path;
  l.step++;
}

/// Counts the first result only: a puzzle retried after a failure stays failed in the rating.
function score(l, solved) {
  if (l.scored) return;
  l.scored = true;
  const stats = statsOf(l.variant);
  const expected = 1 / (1 + 10 ** ((l.puzzle.rating - stats.rating) / 400));
  const before = stats.rating;
  stats.rating = Math.round(stats.rating + 32 * ((solved ? 1 : 0) - expected));
  l.delta = stats.rating - before;
  stats.streak = solved ? stats.streak + 1 : 0;
  stats.best = Math.max(stats.best, stats.streak);
  stats.done[l.puzzle.id] = solved ? 1 : 0;
  saveStats(l.variant, stats);
}

function playPuzzleMove(text, path) {
  const l = app.lesson;
  app.selection = [];
  if (!l || l.kind !== 'puzzle' || !l.canMove()) return;
  const line = l.puzzle.line;
  if (text !== line[l.step]) {
    l.state = 'failed';
    l.tried = text;
    l.wrongPath = path;
    l.answerPath = pathIn(l.view, line[l.step]);
    score(l, false);
    render();
    return;
  }
  advance(l, text, path);
  if (l.step >= line.length) {
    l.state = 'solved';
    score(l, true);
    render();
    return;
  }
  // The defender's forced reply, after a moment so the player sees it come.
  l.busy = true;
  render();
  setTimeout(() => {
    if (app.lesson !== l) return;
    const reply = line[l.step];
    advance(l, reply, pathIn(l.view, reply));
    l.busy = false;
    render();
  }, REPLY_MS);
}

export function nextPuzzle() {
  openPuzzles(app.lesson && app.lesson.kind === 'puzzle' ? app.lesson.variant : undefined);
}

/// Sets a failed puzzle back to its start, to be solved for practice (the failure stays counted).
export function retryPuzzle() {
  const l = app.lesson;
  if (!l || l.kind !== 'puzzle' || l.state !== 'failed') return;
  l.game = engine.game_from_fen(l.variant, l.puzzle.fen);
  l.view = engine.view(l.game);
  Object.assign(l, { step: 0, state: 'solving', busy: false, lastPath: null, wrongPath: null, answerPath: null, tried: null });
  app.selection = [];
  render();
}

export function showPuzzleSolution() {
  const l = app.lesson;
  if (!l || l.kind !== 'puzzle') return;
  if (l.state === 'solving' && !l.busy) {
    l.state = 'failed';
    l.answerPath = pathIn(l.view, l.puzzle.line[l.step]);
    score(l, false);
  }
  render();
}

export function renderPuzzle() {
  const panel = $('[data-puzzle]');
  const l = app.lesson && app.lesson.kind === 'puzzle' ? app.lesson : null;
  panel.hidden = !l;
  if (!l) {
    delete panel.dataset.state;
    return;
  }
  panel.dataset.state = l.state;
  panel.dataset.puzzleId = l.puzzle.id;
  panel.dataset.step = l.busy ? 'reply' : String(l.step);
  const stats = statsOf(l.variant);
  const list = files.get(l.variant) || [];
  const solved = Object.values(stats.done).filter((v) => v === 1).length;
  $('[data-puzzle-title]').textContent = t('puzzleTitle', { n: l.puzzle.id.split('-').pop(), rating: l.puzzle.rating });
  $('[data-puzzle-text]').dataset.kind = l.state;
  let text;
  if (l.state === 'solved') text = t('puzzleSolved');
  else if (l.state === 'failed') text = l.tried ? t('puzzleFailed', { move: l.tried }) : t('puzzleGaveUp');
  else if (l.busy) text = t('puzzleReply');
  else text = l.step === 0 ? t('puzzleTask', { side: t(l.solver) }) : t('puzzleGoOn');
  $('[data-puzzle-text]').textContent = text;
  const solution = $('[data-puzzle-solution]');
  solution.hidden = l.state !== 'failed';
  solution.textContent = t('solution', { line: l.puzzle.line.join(' ') });
  const delta = l.delta == null ? '' : ` (${l.delta >= 0 ? '+' : '−'}${Math.abs(l.delta)})`;
  $('[data-puzzle-rating]').textContent = String(stats.rating) + delta;
  $('[data-puzzle-streak]').textContent = String(stats.streak);
  $('[data-puzzle-solved]').textContent = t('puzzleSolvedCount', { solved, total: list.length });
  $('[data-action="puzzle-solution"]').hidden = l.state !== 'solving';
  $('[data-action="puzzle-retry"]').hidden = l.state !== 'failed';
  for (const b of panel.querySelectorAll('[data-puzzle-variant]')) {
    b.setAttribute('aria-pressed', String(b.dataset.puzzleVariant === l.variant));
  }
}
