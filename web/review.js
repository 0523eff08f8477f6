// The post-game review: owns `app.review` — every position of the game searched in a worker at a
// fixed budget, the moves judged by the engine, the evaluation graph, the summary and its storage.
import * as engine from '../shashki-wasm.js';
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';

const KEY = 'shashki.review';
/// Nodes searched per position: about 0.1–0.3 s each in the browser.
export const REVIEW_NODES = 100000;
const workerUrl = new URL('./review-worker.js', import.meta.url);

let worker = null;
let seq = 0;

const sameGame = (a, b) =>
  !!a && !!b && a.variant === b.variant && a.start === b.start &&
  a.moves.length === b.moves.length && a.moves.every((m, i) => m === b.moves[i]);

/// The review of the game on the board, if there is one (finished or running).
export function currentReview() {
  const r = app.review;
  return r && sameGame(r.game, app.game) ? r : null;
}

/// Starts reviewing the current game (shows the review at once if it is already done).
export function startReview() {
  if (!app.game.moves.length) return;
  const old = currentReview();
  if (old && (old.done || old.running)) return render();
  stopWorker();
  const game = { ...app.game, moves: [...app.game.moves] };
  app.review = { game, positions: [], done: false, running: true, verdicts: null, error: '' };
  const id = ++seq;
  worker = new Worker(workerUrl, { type: 'module' });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.id !== id || app.review.game !== game) return;
    if (m.error) {
      app.review.running = false;
      app.review.error = m.error;
      stopWorker();
    } else if (m.done) {
      finish(app.review);
      stopWorker();
      store();
    } else {
      app.review.positions[m.ply] = m.result;
    }
    render();
  };
  worker.postMessage({ kind: 'review', id, game, nodes: REVIEW_NODES });
  render();
}

export function cancelReview() {
  if (!app.review || !app.review.running) return;
  stopWorker();
  app.review.running = false;
  render();
}

export function closeReview() {
  cancelReview();
  app.review = null;
  render();
}

function stopWorker() {
  if (worker) worker.terminate();
  worker = null;
}

/// Judges every move once each position has its score.
function finish(r) {
  r.running = false;
  r.done = r.positions.length === r.game.moves.length + 1 && r.positions.every(Boolean);
  if (!r.done) return;
  r.verdicts = engine.judge_game(r.game, r.positions.map((p) => ({ score: p.score, best: p.best || null })));
}

/// Reviews kept, newest first (a few games' worth: each is a few kilobytes).
const KEEP = 8;

function readAll() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(all) ? all.filter((r) => r && r.game && Array.isArray(r.game.moves) && Array.isArray(r.positions)) : [];
  } catch {
    return [];
  }
}

function store() {
  const r = app.review;
  if (!r) return;
  try {
    const others = readAll().filter((o) => !sameGame(o.game, r.game));
    const all = [{ game: r.game, positions: r.positions }, ...others].slice(0, KEEP);
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or disabled: the review is redone next time */
  }
}

/// Finds the stored review of the current game (reload does not redo it).
export function loadReview() {
  if (currentReview()) return;
  const raw = readAll().find((o) => sameGame(o.game, app.game));
  if (!raw) return;
  const r = { game: raw.game, positions: raw.positions, done: false, running: false, verdicts: null, error: '' };
  try {
    finish(r);
  } catch {
    return; // stored by an older version or damaged: review again
  }
  app.review = r;
}

// ---------- PDN: the review as marks and comments ----------

const pawns = (s, white) => {
  const sign = white ? 1 : -1;
  if (s.kind === 'cp') return ((s.value * sign) / 100).toFixed(2);
  const whiteWins = (s.kind === 'win') === white;
  return (whiteWins ? '#' : '#-') + s.value;
};

/// The score of position `p` from White's side, as PDN comments carry it.
const evalText = (p) => pawns(p.score, p.turn === 'white');

/// One `{ mark, comment }` per move for `to_annotated_pdn`, or null without a finished review.
export function reviewAnnotations() {
  const r = currentReview();
  if (!r || !r.done) return null;
  return r.game.moves.map((_, i) => {
    const v = r.verdicts.moves[i];
    const before = r.positions[i];
    const parts = [];
    if (i === 0) parts.push(`[%eval0 ${evalText(before)}]`);
    parts.push(`[%eval ${evalText(r.positions[i + 1])}]`);
    if (v.judgement && before.best) {
      parts.push(`[%best ${before.pv.join(' ')}]`);
      parts.push(`${t('judgement_' + v.judgement)}. ${t('betterWas', { move: before.best })}`);
    } else if (before.best === r.game.moves[i]) {
      parts.push(`[%best ${before.best}]`); // the engine's own choice: judged as such when read back
    }
    return { mark: v.mark, comment: parts.join(' ') };
  });
}

function parseEval(text, turn) {
  const m = /^(#-?)?(-?\d+(?:\.\d+)?)$/.exec(text);
  if (!m) return null;
  const white = turn === 'white';
  if (m[1]) {
    const whiteWins = m[1] === '#';
    return { kind: whiteWins === white ? 'win' : 'loss', value: Math.abs(Math.round(Number(m[2]))) };
  }
  const cp = Math.round(Number(m[2]) * 100);
  return { kind: 'cp', value: white ? cp : -cp };
}

/// Rebuilds a review from a loaded PDN's comments (`[%eval …]` after every move); false if the
/// text has none.
export function reviewFromPdn(game, text) {
  let notes;
  try {
    notes = engine.pdn_annotations(text, game.variant);
  } catch {
    return false;
  }
  if (!notes.length || notes.length !== game.moves.length) return false;
  const first = /\[%eval0 ([^\]\s]+)\]/.exec(notes[0].comment);
  if (!first) return false;
  const positions = [];
  // Sides alternate every move in checkers.
  const first = engine.view({ ...game, moves: [] }).turn;
  const other = first === 'white' ? 'black' : 'white';
  const turnAt = (i) => (i % 2 === 0 ? first : other);
  const score0 = parseEval(first[1], turnAt(0));
  if (!score0) return false;
  positions.push({ ply: 0, turn: turnAt(0), score: score0, best: null, pv: [] });
  for (let i = 0; i < notes.length; i++) {
    const ev = /\[%eval ([^\]\s]+)\]/.exec(notes[i].comment);
    const turn = turnAt(i + 1);
    const score = ev && parseEval(ev[1], turn);
    if (!score) return false;
    const best = /\[%best ([^\]]+)\]/.exec(notes[i].comment);
    if (best) {
      const pv = best[1].trim().split(/\s+/);
      positions[i].best = pv[0];
      positions[i].pv = pv;
    }
    positions.push({ ply: i + 1, turn, score, best: null, pv: [] });
  }
  const r = { game: { ...game }, positions, done: false, running: false, verdicts: null, error: '' };
  try {
    finish(r);
  } catch {
    return false;
  }
  app.review = r;
  store();
  return true;
}

// ---------- drawing ----------

const W = 600;
const H = 120;

/// White's expected score (0–1) at each searched position.
const whiteShare = (p) => (p.turn === 'white' ? p.expected : 1000 - p.expected) / 1000;

function expectedOf(p) {
  if (p.expected != null) return p;
  // Positions rebuilt from PDN carry only the score: the engine's curve gives the rest.
  return { ...p, expected: engine.expected_score(app.game.variant, p.score) };
}

export function renderReview() {
  const panel = $('[data-review-panel]');
  const r = currentReview();
  panel.hidden = !r;
  markMoves(r);
  if (!r) return;
  const n = r.game.moves.length;
  // Progress (only while running).
  let bar = panel.querySelector('[data-review-progress]');
  if (r.running) {
    if (!bar) {
      bar = document.createElement('div');
      bar.className = 'review-progress';
      bar.setAttribute('data-review-progress', '');
      bar.innerHTML = '<progress max="100"></progress><span></span>';
      const cancel = document.createElement('button');
      cancel.dataset.action = 'review-cancel';
      bar.append(cancel);
      panel.prepend(bar);
    }
    const done = r.positions.filter(Boolean).length;
    bar.querySelector('progress').value = Math.round((100 * done) / (n + 1));
    bar.querySelector('span').textContent = t('reviewing', { done, total: n + 1 });
    bar.querySelector('button').textContent = t('cancel');
  } else if (bar) {
    bar.remove();
  }
  const resume = panel.querySelector('[data-action="review"]');
  resume.hidden = r.running || r.done;
  drawGraph(r);
  drawSummary(r);
  drawNote(r);
  panel.querySelector('[data-action="practice"]').hidden = !r.done || !practiceItems().length;
  panel.querySelector('[data-review-error]').textContent = r.error ? t('reviewFailed', { error: r.error }) : '';
}

function markMoves(r) {
  const items = $('[data-moves]').children;
  for (let i = 0; i < items.length; i++) {
    const li = items[i];
    const v = r && r.done ? r.verdicts.moves[i] : null;
    if (v && v.judgement) {
      li.dataset.judgement = v.judgement;
      li.dataset.mark = v.mark;
      li.title = t('judgement_' + v.judgement);
    } else if (li.dataset.judgement) {
      delete li.dataset.judgement;
      delete li.dataset.mark;
      li.removeAttribute('title');
    }
  }
}

function drawGraph(r) {
  const svg = $('[data-eval-graph]');
  const n = r.game.moves.length;
  const pts = r.positions.map((p, i) => (p ? [(i * W) / Math.max(n, 1), H - whiteShare(expectedOf(p)) * H] : null));
  const known = pts.filter(Boolean);
  const key = `${n}|${known.length}|${app.browse}|${r.done}`;
  if (svg.dataset.key === key) return;
  svg.dataset.key = key;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  // Filled from the end while the review runs: draw the part known so far.
  const line = known.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  const area = known.length
    ? `${line} L${known[known.length - 1][0].toFixed(1)} ${H} L${known[0][0].toFixed(1)} ${H} Z`
    : '';
  const shown = app.browse == null ? n : app.browse;
  const cx = ((shown * W) / Math.max(n, 1)).toFixed(1);
  let marks = '';
  if (r.done) {
    r.verdicts.moves.forEach((v, i) => {
      if (v.judgement === 'mistake' || v.judgement === 'blunder') {
        const [x, y] = pts[i + 1];
        marks += `<circle class="mark ${v.judgement}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4"></circle>`;
      }
    });
  }
  svg.innerHTML =
    `<rect class="bg" x="0" y="0" width="${W}" height="${H}"></rect>` +
    `<path class="area" d="${area}"></path>` +
    `<line class="mid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"></line>` +
    `<path class="line" d="${line}"></path>` +
    `<line class="now" x1="${cx}" y1="0" x2="${cx}" y2="${H}"></line>` +
    marks;
  svg.setAttribute('aria-label', t('evalGraph'));
}

/// The ply under a click on the graph.
export function graphPly(event) {
  const r = currentReview();
  if (!r) return null;
  const rect = $('[data-eval-graph]').getBoundingClientRect();
  const n = r.game.moves.length;
  const x = Math.min(Math.max(event.clientX - rect.left, 0), rect.width);
  return Math.round((x / Math.max(rect.width, 1)) * n);
}

function drawSummary(r) {
  const box = $('[data-review-summary]');
  if (!r.done) {
    box.replaceChildren();
    return;
  }
  const rows = ['white', 'black'].map((side) => {
    const s = r.verdicts[side];
    const tr = document.createElement('tr');
    tr.dataset.side = side;
    for (const [cls, text] of [
      ['side', t(side)],
      ['accuracy', `${s.accuracy}%`],
      ['inaccuracy', String(s.inaccuracies)],
      ['mistake', String(s.mistakes)],
      ['blunder', String(s.blunders)],
    ]) {
      const td = document.createElement('td');
      td.className = cls;
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  const head = document.createElement('tr');
  for (const k of ['', 'accuracy', 'inaccuracies', 'mistakes', 'blunders']) {
    const th = document.createElement('th');
    th.textContent = k ? t(k) : '';
    head.append(th);
  }
  const table = document.createElement('table');
  table.append(head, ...rows);
  box.replaceChildren(table);
}

function drawNote(r) {
  const note = $('[data-review-note]');
  const ply = app.browse == null ? r.game.moves.length : app.browse;
  if (!r.done || ply === 0) {
    note.textContent = r.done ? t('reviewHelp') : '';
    return;
  }
  const i = ply - 1;
  const v = r.verdicts.moves[i];
  const before = r.positions[i];
  const after = expectedOf(r.positions[ply]);
  const score = evalText(r.positions[ply]);
  let text = `${ply}. ${r.game.moves[i]}${v.mark} (${score}, ${t('whiteChance', { p: Math.round(whiteShare(after) * 100) })})`;
  if (v.judgement) {
    text += ` — ${t('judgement_' + v.judgement)}`;
    if (before.best) text += `. ${t('betterWas', { move: before.best })}: ${before.pv.slice(0, 6).join(' ')}`;
  }
  note.textContent = text;
}

// ---------- practice: the player's own mistakes ----------

/// The positions where the player (both sides in a two-player game) made a mistake or a blunder.
export function practiceItems() {
  const r = currentReview();
  if (!r || !r.done) return [];
  const human = app.settings.mode === 'computer' ? app.settings.color : null;
  const items = [];
  r.verdicts.moves.forEach((v, i) => {
    const p = r.positions[i];
    if ((v.judgement === 'mistake' || v.judgement === 'blunder') && p.best && (!human || p.turn === human)) {
      items.push({ ply: i, played: r.game.moves[i], best: p.best, pv: p.pv, score: p.score });
    }
  });
  return items;
}

/// Judges a practice try in the review's worker: `{ accepted, verdict, text }`.
export function tryInWorker(game, move, best) {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerUrl, { type: 'module' });
    w.onmessage = (e) => {
      w.terminate();
      if (e.data.error) reject(new Error(e.data.error));
      else resolve(e.data.result);
    };
    w.postMessage({ kind: 'try', id: 1, game, move, best, nodes: REVIEW_NODES });
  });
}
