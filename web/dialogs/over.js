// The game-over dialog: shown once when a game ends, with the result and a New game button.
import { app } from '../state.js';
import { $ } from '../dom.js';

/// Opens the dialog the first time the finished game is drawn (not again after Close).
export function renderOver(v, text) {
  if (v.outcome && app.overShownFor !== v.history.length) {
    app.overShownFor = v.history.length;
    $('[data-over-text]').textContent = text;
    const dlg = $('[data-over]');
    if (!dlg.open) dlg.showModal();
  }
}

export function closeOver() {
  const dlg = $('[data-over]');
  if (dlg.open) dlg.close();
}
