// The post-game review: owns `app.review` — every position of the game searched in a worker at a
// fixed budget, the moves judged by the engine, the evaluation graph, the summary and its storage.
import * as engine from '../shashki-wasm.js';
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t, getLang } from './i18n.js';

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

/// Starts reviewing the current game, or shows its review if it is already done or kept.
export function startReview() {
  if (!app.game.moves.length) {
    app.message = t('reviewNothing');
    app.messageKind = 'info';
    return render();
  }
  loadReview();
  const old = currentReview();
  if (old && (old.done || old.running)) return render();
  stopWorker();
  const game = { variant: app.game.variant, start: app.game.start, moves: [...app.game.moves] };
  // Positions already searched (a cancelled review resumed) are kept.
  const positions = old ? old.positions : [];
  const review = { game, positions, done: false, running: true, verdicts: null, error: '' };
  app.review = review;
  const id = ++seq;
  worker = new Worker(workerUrl, { type: 'module' });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.id !== id || app.review !== review) return;
    if (m.error) {
      review.running = false;
      review.error = m.error;
      stopWorker();
    } else if (m.done) {
      finish(review);
      stopWorker();
      store(review);
    } else {
      // Progress redraws only the review panel, once a frame: the page stays responsive.
      review.positions[m.ply] = m.result;
      return progressSoon();
    }
    render();
  };
  worker.onerror = (e) => {
    if (app.review !== review) return;
    e.preventDefault();
    review.running = false;
    review.error = e.message || 'worker';
    stopWorker();
    render();
  };
  const todo = [];
  for (let ply = game.moves.length; ply >= 0; ply--) if (!positions[ply]) todo.push(ply);
  worker.postMessage({ kind: 'review', id, game, nodes: reviewNodes(), plies: todo });
  render();
}

let progressTimer = 0;

/// Redraws the progress at most every 150 ms (a review reports a position every few ms at times).
function progressSoon() {
  if (progressTimer) return;
  progressTimer = setTimeout(() => {
    progressTimer = 0;
    requestAnimationFrame(() => renderReview());
  }, 150);
}

/// The node budget: REVIEW_NODES, or `?reviewNodes=N` in the page address (tests).
function reviewNodes() {
  const n = Number(new URLSearchParams(location.search).get('reviewNodes'));
  return Number.isInteger(n) && n > 0 ? n : REVIEW_NODES;
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
  app.browse = null;
  render();
}

function stopWorker() {
  if (worker) worker.terminate();
  worker = null;
}

/// Judges every move once each position has its score.
function finish(r) {
  r.running = false;
  const n = r.game.moves.length;
  // A plain loop: `every` would skip the holes of a review filled from the end.
  r.done = r.positions.length === n + 1;
  for (let i = 0; i <= n && r.done; i++) r.done = !!r.positions[i];
  if (!r.done) return;
  for (const p of r.positions) {
    // Positions rebuilt from PDN carry only the score: the engine's curve gives the rest.
    if (p.expected == null) p.expected = engine.expected_score(r.game.variant, p.score);
  }
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

function store(r) {
  if (!r || !r.done) return;
  try {
    const others = readAll().filter((o) => !sameGame(o.game, r.game));
    const all = [{ game: r.game, positions: r.positions }, ...others].slice(0, KEEP);
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or disabled: the review is redone next time */
  }
}

/// The finished review of `game` kept in storage, or null.
function storedReview(game) {
  const raw = readAll().find((o) => sameGame(o.game, game));
  const sound = (p) => p && typeof p === 'object' && typeof p.turn === 'string' && Array.isArray(p.pv) && p.score;
  if (!raw || !raw.positions.every(sound)) return null;
  const r = { game: raw.game, positions: raw.positions, done: false, running: false, verdicts: null, error: '' };
  try {
    finish(r);
  } catch {
    return null; // stored by an older version or damaged: review again
  }
  return r.done ? r : null;
}

/// Finds the stored review of the current game (reload does not redo it).
export function loadReview() {
  if (currentReview()) return;
  const r = storedReview(app.game);
  if (!r) return;
  if (app.review && app.review.running) cancelReview();
  app.review = r;
}

let checkedGame = null;

/// Called on every render: when the game on the board changed (a reload, a loaded or reopened
/// game), its kept review comes back with it.
function followGame() {
  if (app.game === checkedGame) return;
  checkedGame = app.game;
  if (!currentReview()) loadReview();
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

/// One `{ mark, comment }` per move of `game` for `to_annotated_pdn`, or null when the game has
/// no finished review (on the board or kept in storage).
export function reviewAnnotations(game) {
  const cur = app.review && app.review.done && sameGame(app.review.game, game) ? app.review : null;
  const r = cur || storedReview(game);
  if (!r) return null;
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
  const eval0 = /\[%eval0 ([^\]\s]+)\]/.exec(notes[0].comment);
  if (!eval0) return false;
  const positions = [];
  // Sides alternate every move in checkers.
  const first = engine.view({ variant: game.variant, start: game.start, moves: [] }).turn;
  const other = first === 'white' ? 'black' : 'white';
  const turnAt = (i) => (i % 2 === 0 ? first : other);
  const score0 = parseEval(eval0[1], turnAt(0));
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
  store(r);
  return true;
}

// ---------- drawing ----------

/// The graph is drawn in its own pixels (so the marks stay round); this size until it is laid out.
let W = 600;
let H = 88;

/// White's expected score (0–1) at a searched position.
function whiteShare(p) {
  const e = p.expected ?? 500;
  return (p.turn === 'white' ? e : 1000 - e) / 1000;
}

/// What the review says about move `i`: its verdict and the better move with its line.
function moveNote(r, i) {
  const v = r.verdicts.moves[i];
  const before = r.positions[i];
  let text = t('judgement_' + v.judgement);
  if (before.best) {
    text += `. ${t('betterWas', { move: before.best })}`;
    const rest = before.pv[0] === before.best ? before.pv.slice(1, 8) : [];
    if (rest.length) text += t('thenLine', { line: rest.join(' ') });
  }
  return text;
}

export function renderReview() {
  followGame();
  const panel = $('[data-review-panel]');
  const r = app.lesson || app.editor ? null : currentReview();
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
      panel.querySelector('.review-head').after(bar);
    }
    const done = r.positions.filter(Boolean).length;
    bar.querySelector('progress').value = Math.round((100 * done) / (n + 1));
    bar.querySelector('span').textContent = t('reviewing', { done, total: n + 1 });
    bar.querySelector('button').textContent = t('cancel');
  } else if (bar) {
    bar.remove();
  }
  panel.querySelector('[data-action="review"]').hidden = r.running || r.done;
  drawGraph(r);
  drawSummary(r);
  drawNote(r);
  const items = practiceItems();
  const practice = panel.querySelector('[data-action="practice"]');
  practice.hidden = !r.done || !items.length;
  practice.textContent = t('practiceStart', { n: items.length });
  const error = panel.querySelector('[data-review-error]');
  error.hidden = !r.error;
  error.textContent = r.error ? t('reviewFailed', { error: r.error }) : '';
}

function markMoves(r) {
  const items = $('[data-moves]').children;
  for (let i = 0; i < items.length; i++) {
    const li = items[i];
    const v = r && r.done ? r.verdicts.moves[i] : null;
    if (v && v.judgement) {
      li.dataset.judgement = v.judgement;
      li.dataset.mark = v.mark;
      li.title = moveNote(r, i);
    } else if (li.dataset.judgement) {
      delete li.dataset.judgement;
      delete li.dataset.mark;
      li.removeAttribute('title');
    }
  }
}

function drawGraph(r) {
  const svg = $('[data-eval-graph]');
  W = Math.round(svg.clientWidth) || W;
  H = Math.round(svg.clientHeight) || H;
  const n = r.game.moves.length;
  const x = (i) => (i * W) / Math.max(n, 1);
  const pts = r.positions.map((p, i) => (p ? [x(i), H - whiteShare(p) * H] : null));
  const known = pts.filter(Boolean);
  const key = `${n}|${known.length}|${app.browse}|${r.done}|${getLang()}|${W}x${H}`;
  if (svg.dataset.key === key) return;
  svg.dataset.key = key;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  // Filled from the end while the review runs: draw the part known so far.
  const line = known.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)} ${py.toFixed(1)}`).join(' ');
  const area = known.length
    ? `${line} L${known[known.length - 1][0].toFixed(1)} ${H} L${known[0][0].toFixed(1)} ${H} Z`
    : '';
  const shown = app.browse == null ? n : app.browse;
  const cx = x(shown).toFixed(1);
  let marks = '';
  if (r.done) {
    r.verdicts.moves.forEach((v, i) => {
      if (v.judgement) {
        const [px, py] = pts[i + 1];
        const title = `${i + 1}. ${r.game.moves[i]}${v.mark} — ${moveNote(r, i)}`.replace(/[<&]/g, ' ');
        marks += `<circle class="mark ${v.judgement}" cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="${v.judgement === 'inaccuracy' ? 3.5 : 5}"><title>${title}</title></circle>`;
      }
    });
  }
  svg.innerHTML =
    `<rect class="bg" x="0" y="0" width="${W}" height="${H}"></rect>` +
    `<path class="area" d="${area}"></path>` +
    `<line class="mid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"></line>` +
    `<path class="line" d="${line}"></path>` +
    `<line class="now" x1="${cx}" y1="0" x2="${cx}" y2="${H}"></line>` +
    `<line class="hover" x1="-9" y1="0" x2="-9" y2="${H}"></line>` +
    marks +
    `<title></title>`;
  svg.setAttribute('aria-label', t('evalGraph'));
}

/// The ply under a click on the graph.
function graphPly(event) {
  const r = currentReview();
  if (!r) return null;
  const rect = $('[data-eval-graph]').getBoundingClientRect();
  const n = r.game.moves.length;
  const x = Math.min(Math.max(event.clientX - rect.left, 0), rect.width);
  return Math.round((x / Math.max(rect.width, 1)) * n);
}

/// The graph's tooltip under the pointer: the move that led to that ply and the score after it.
function hoverGraph(e) {
  const r = currentReview();
  const svg = $('[data-eval-graph]');
  const ply = graphPly(e);
  if (!r || ply == null || !svg.querySelector('.hover')) return;
  const n = r.game.moves.length;
  const x = ((ply * W) / Math.max(n, 1)).toFixed(1);
  const line = svg.querySelector('.hover');
  line.setAttribute('x1', x);
  line.setAttribute('x2', x);
  const p = r.positions[ply];
  let text = ply === 0 ? t('viewingStart') : `${Math.floor((ply - 1) / 2) + 1}${(ply - 1) % 2 ? '…' : '.'} ${r.game.moves[ply - 1]}`;
  if (r.done && ply > 0) text += r.verdicts.moves[ply - 1].mark;
  if (p) text += ` (${evalText(p)})`;
  svg.querySelector('title').textContent = text;
}

/// A click on the graph shows the position at that ply (as a click in the move list does).
export function bindReview() {
  addEventListener('resize', () => {
    if (currentReview()) renderReview();
  });
  $('[data-eval-graph]').addEventListener('pointermove', hoverGraph);
  $('[data-eval-graph]').addEventListener('pointerleave', () => {
    const line = $('[data-eval-graph] .hover');
    if (!line) return;
    line.setAttribute('x1', '-9');
    line.setAttribute('x2', '-9');
  });
  $('[data-eval-graph]').addEventListener('click', (e) => {
    const ply = graphPly(e);
    if (ply == null || app.lesson) return;
    app.browse = ply === app.game.moves.length ? null : ply;
    app.preview = null;
    app.selection = [];
    render();
  });
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
      const td = document.createElement(cls === 'side' ? 'th' : 'td');
      td.className = cls;
      td.textContent = text;
      if (cls === 'side') td.scope = 'row';
      tr.append(td);
    }
    return tr;
  });
  const head = document.createElement('tr');
  for (const [k, cls] of [['', ''], ['accuracy', ''], ['inaccuracies', 'inaccuracy'], ['mistakes', 'mistake'], ['blunders', 'blunder']]) {
    const th = document.createElement('th');
    th.scope = 'col';
    if (k) {
      th.title = t(k);
      th.textContent = cls ? t(k + 'Short') : t(k);
      if (cls) th.className = 'mark-head ' + cls;
    }
    head.append(th);
  }
  const table = document.createElement('table');
  table.append(head, ...rows);
  box.replaceChildren(table);
}

function drawNote(r) {
  const note = $('[data-review-note]');
  const ply = app.browse == null ? r.game.moves.length : app.browse;
  delete note.dataset.judgement;
  if (!r.done || ply === 0) {
    note.textContent = r.done ? t('reviewHelp') : '';
    return;
  }
  const i = ply - 1;
  const v = r.verdicts.moves[i];
  const after = r.positions[ply];
  const moveNo = `${Math.floor(i / 2) + 1}${i % 2 ? '…' : '.'}`;
  let text = `${moveNo} ${r.game.moves[i]}${v.mark} (${evalText(after)}, ${t('whiteChance', { p: Math.round(whiteShare(after) * 100) })})`;
  if (v.judgement) {
    text += ` — ${moveNote(r, i)}`;
    note.dataset.judgement = v.judgement;
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
    w.postMessage({ kind: 'try', id: 1, game, move, best, nodes: reviewNodes() });
  });
}
