// The analysis panel: the engine's score (a tall bar beside the board and a number), its best
// line (numbered; a click shows the position after that move) and the best move as an arrow on
// the board. Searched in a worker of its own (engine-client.js) whenever the position changes.
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { analyse, stopAnalysis } from './engine-client.js';
import { baseGame } from './movelist.js';

/// Follows the view `v` of the position the move list points at: starts a search when it
/// changed, draws what is known.
export function renderAnalysis(v) {
  const on = app.settings.analysis && !app.editor && !app.lesson;
  $('[data-analysis-panel]').hidden = !on;
  $('[data-evalbar]').hidden = !on;
  document.body.toggleAttribute('data-analysis', on);
  if (!app.settings.analysis) {
    stopAnalysis();
    app.analysis = null;
    app.preview = null;
    return;
  }
  if (!on) return;
  const key = v.fen + '|' + v.history.length + '|' + v.variant;
  if (app.analysis && app.analysis.key === key) return drawAnalysis();
  app.preview = null;
  const game = baseGame();
  app.analysis = { key, text: '…', depth: '', pv: [], best: null, bar: 50, game, turn: v.turn };
  drawAnalysis();
  if (v.outcome) {
    stopAnalysis();
    app.analysis.text = v.outcome.result === 'draw' ? '=' : v.outcome.result === 'white' ? '1-0' : '0-1';
    app.analysis.bar = v.outcome.result === 'draw' ? 50 : v.outcome.result === 'white' ? 100 : 0;
    return drawAnalysis();
  }
  const turn = v.turn;
  analyse(game, { analysis: true, movetime: 1500, hashMb: 16 }, (r) => {
    const a = app.analysis;
    if (!a || a.key !== key) return;
    const sign = turn === 'white' ? 1 : -1;
    if (r.scoreKind === 'cp') {
      const cp = r.score * sign;
      a.text = (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2);
      a.bar = 50 + 50 * Math.tanh(cp / 400);
    } else {
      const whiteWins = (r.scoreKind === 'win') === (sign === 1);
      a.text = (whiteWins ? '+' : '-') + '#' + Math.ceil(r.score / 2);
      a.bar = whiteWins ? 100 : 0;
    }
    a.depth = t('depth', { d: r.depth });
    a.pv = r.pv;
    a.best = r.move ? r.move.paths[0] : null;
    render();
  });
}

/// The best move's arrow, for the board (none while a line is previewed).
export function bestArrow() {
  const a = app.analysis;
  if (!app.settings.analysis || app.editor || app.lesson || !a || !a.best || app.preview) return null;
  return { path: a.best, kind: 'best' };
}

/// Move numbers for the best line: "12." before the first mover's move, "12…" when the line
/// starts with the other side's.
function numbered(a) {
  const plies = a.game.moves.length;
  return a.pv.map((text, i) => {
    const ply = plies + i;
    const n = Math.floor(ply / 2) + 1;
    if (ply % 2 === 0) return { text, number: `${n}.` };
    return { text, number: i === 0 ? `${n}…` : '' };
  });
}

function drawAnalysis() {
  const a = app.analysis;
  if (!a) return;
  $('[data-eval]').textContent = a.text;
  $('[data-eval-depth]').textContent = a.depth;
  $('[data-evalfill]').style.height = `${a.bar}%`;
  $('[data-evalbar-text]').textContent = a.text;
  const pv = $('[data-pv]');
  const key = a.key + '|' + a.pv.join(' ');
  if (pv.dataset.key !== key) {
    pv.dataset.key = key;
    const parts = [];
    numbered(a).forEach(({ text, number }, i) => {
      if (i) parts.push(document.createTextNode(' '));
      const b = document.createElement('button');
      b.className = 'pv-move';
      b.textContent = text;
      b.dataset.pvIndex = String(i);
      if (number) b.dataset.number = number;
      parts.push(b);
    });
    pv.replaceChildren(...parts);
  }
  const at = app.preview ? app.preview.moves.length - 1 : -1;
  for (const b of pv.children) b.classList.toggle('current', Number(b.dataset.pvIndex) === at);
}

/// A click on a move of the best line shows the position after it.
export function bindAnalysis() {
  $('[data-pv]').addEventListener('click', (e) => {
    const b = e.target.closest('[data-pv-index]');
    const a = app.analysis;
    if (!b || !a) return;
    const i = Number(b.dataset.pvIndex);
    app.preview = { key: a.key, moves: a.pv.slice(0, i + 1) };
    app.selection = [];
    render();
  });
}
