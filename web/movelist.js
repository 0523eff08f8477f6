// The move list panel and stepping through it: a click on a move (or ←/→) shows that position
// (`app.browse`), "Back to the game" returns to the live one.
import * as engine from '../shashki-wasm.js';
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';

/// The position shown: the game, or an earlier ply while browsing the move list.
export function shownView() {
  if (app.browse == null) return app.view;
  return engine.view(shownGame());
}

/// The game up to the position shown.
export function shownGame() {
  return app.browse == null ? app.game : { ...app.game, moves: app.game.moves.slice(0, app.browse) };
}

export function browseStep(delta) {
  const total = app.game.moves.length;
  const cur = app.browse == null ? total : app.browse;
  const next = Math.max(0, Math.min(total, cur + delta));
  app.browse = next === total ? null : next;
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
}

export function renderBrowsing() {
  const bar = $('[data-browsing]');
  bar.hidden = app.browse == null;
  if (app.browse != null) {
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
    app.selection = [];
    render();
  });
}
