// The move list panel and stepping through it: a click on a move (or ←/→) shows that position
// (`app.browse`), "Back to the game" returns to the live one.
import * as engine from '../shashki-wasm.js';
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';

/// The game up to the ply chosen in the move list (the whole game when not browsing).
export function baseGame() {
  return app.browse == null ? app.game : { ...app.game, moves: app.game.moves.slice(0, app.browse) };
}

/// The game up to the position shown: the chosen ply, plus the best-line moves being previewed.
export function shownGame() {
  const g = baseGame();
  return app.preview ? { ...g, moves: g.moves.concat(app.preview.moves) } : g;
}

/// The position the move list points at (the live game's view when not browsing).
export function baseView() {
  return app.browse == null ? app.view : engine.view(baseGame());
}

/// The position on the board: the game, an earlier ply, or a step of the analysis' best line.
export function shownView() {
  if (app.browse == null && !app.preview) return app.view;
  return engine.view(shownGame());
}

/// Back from an earlier position: first out of a best-line preview, then to the live game.
export function backToGame() {
  if (app.preview) app.preview = null;
  else app.browse = null;
  render();
}

export function browseStep(delta) {
  const total = app.game.moves.length;
  const cur = app.browse == null ? total : app.browse;
  const next = Math.max(0, Math.min(total, cur + delta));
  app.browse = next === total ? null : next;
  app.preview = null;
  app.selection = [];
  render();
}

export function renderMoveList() {
  const list = $('[data-moves]');
  const history = app.view.history;
  if (list.children.length !== history.length || list.dataset.listVariant !== app.view.variant) {
    list.replaceChildren(
      ...history.map((text, i) => {
        const li = document.createElement('li');
        li.textContent = text;
        li.dataset.ply = String(i + 1);
        return li;
      }),
    );
    list.dataset.listVariant = app.view.variant;
    list.scrollTop = list.scrollHeight;
  }
  for (const li of list.children) {
    li.classList.toggle('current', app.browse != null && Number(li.dataset.ply) === app.browse);
  }
  // The result, in the variant's PDN form, ends the list.
  const o = app.view.outcome;
  const line = $('[data-result-line]');
  line.hidden = !o;
  if (o) {
    line.textContent = app.view.resultTokens[o.result];
    line.dataset.outcome = o.result;
    line.title = o.result === 'draw' ? t('draw') : t('wins', { side: t(o.result) });
  }
}

export function renderBrowsing() {
  const bar = $('[data-browsing]');
  bar.hidden = app.browse == null && !app.preview;
  if (app.preview) {
    $('[data-browsing-text]').textContent = t('viewingLine', { n: app.preview.moves.length });
  } else if (app.browse != null) {
    $('[data-browsing-text]').textContent =
      app.browse === 0 ? t('viewingStart') : t('viewingMove', { n: app.browse, total: app.view.history.length });
  }
}

export function bindMoveList() {
  $('[data-moves]').addEventListener('click', (e) => {
    const li = e.target.closest('li');
    if (!li || app.editor) return;
    const ply = Number(li.dataset.ply);
    app.browse = ply === app.game.moves.length ? null : ply;
    app.preview = null;
    app.selection = [];
    render();
  });
}
