// The analysis panel: the engine's score (bar and number) and best line for the position shown,
// searched in a worker of its own (engine-client.js) whenever that position changes.
import { app } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { analyse, stopAnalysis } from './engine-client.js';
import { shownGame } from './movelist.js';

/// Follows the shown view `v`: starts a search when the position changed, draws what is known.
export function renderAnalysis(v) {
  const panel = $('[data-analysis-panel]');
  panel.hidden = !app.settings.analysis;
  if (!app.settings.analysis) {
    stopAnalysis();
    app.analysis = null;
    return;
  }
  const key = v.fen + '|' + v.history.length + '|' + v.variant;
  if (app.analysis && app.analysis.key === key) return drawAnalysis();
  app.analysis = { key, text: '…', depth: '', pv: '', bar: 50 };
  drawAnalysis();
  if (v.outcome) {
    app.analysis.text = v.outcome.result === 'draw' ? '=' : v.outcome.result === 'white' ? '1-0' : '0-1';
    app.analysis.bar = v.outcome.result === 'draw' ? 50 : v.outcome.result === 'white' ? 100 : 0;
    return drawAnalysis();
  }
  const turn = v.turn;
  analyse(shownGame(), { level: 'hard', movetime: 1500, hashMb: 16 }, (r) => {
    if (!app.analysis || app.analysis.key !== key) return;
    const sign = turn === 'white' ? 1 : -1;
    if (r.scoreKind === 'cp') {
      const cp = r.score * sign;
      app.analysis.text = (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2);
      app.analysis.bar = 50 + 50 * Math.tanh(cp / 400);
    } else {
      const whiteWins = (r.scoreKind === 'win') === (sign === 1);
      app.analysis.text = (whiteWins ? '+' : '-') + '#' + Math.ceil(r.score / 2);
      app.analysis.bar = whiteWins ? 100 : 0;
    }
    app.analysis.depth = t('depth', { d: r.depth });
    app.analysis.pv = r.pv.join(' ');
    drawAnalysis();
  });
}

function drawAnalysis() {
  const a = app.analysis;
  if (!a) return;
  $('[data-eval]').textContent = a.text;
  $('[data-eval-depth]').textContent = a.depth;
  $('[data-pv]').textContent = a.pv;
  $('[data-evalfill]').style.height = `${a.bar}%`;
}
