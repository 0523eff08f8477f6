// The "Save / load (PDN)" dialog: the game as PDN text to copy or download, and PDN pasted or
// opened from a file to load (a bad one is refused with the engine's reason, the game kept).
import * as engine from '../../shashki-wasm.js';
import { app, render } from '../state.js';
import { $ } from '../dom.js';
import { t } from '../i18n.js';
import { startGame, maybeComputerMove } from '../play.js';
import { showMessage } from '../feedback.js';
import { reviewAnnotations, reviewFromPdn } from '../review.js';

/// The PDN of a game with its players and, for a resignation or an agreed draw, its result; a
/// reviewed game carries the review as move marks (`?!`, `?`, `??`) and comments.
export function pdnOf(game, { mode, level, color }) {
  const date = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const computer = 'Shashki ' + level;
  const tags = {
    Event: 'Shashki',
    Date: `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`,
    White: mode === 'computer' && color === 'black' ? computer : '?',
    Black: mode === 'computer' && color === 'white' ? computer : '?',
  };
  if (game.end) tags.Result = engine.view(game).resultTokens[game.end.result];
  const notes = reviewAnnotations(game);
  return notes ? engine.to_annotated_pdn(game, tags, notes) : engine.to_pdn(game, tags);
}

/// Opens the dialog with the current game, or with `entry` of the Games list.
export function openPdn(entry) {
  $('[data-pdn-text]').value = entry ? pdnOf(entry.game, entry) : pdnOf(app.game, app.settings);
  $('[data-pdn-error]').hidden = true;
  const dlg = $('[data-pdn-dialog]');
  if (!dlg.open) dlg.showModal();
}

export async function copyPdn() {
  const text = $('[data-pdn-text]').value;
  try {
    await navigator.clipboard.writeText(text);
    showMessage(t('copied'), 'info');
  } catch {
    $('[data-pdn-text]').select();
  }
}

export function downloadPdn() {
  const blob = new Blob([$('[data-pdn-text]').value], { type: 'application/x-pdn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `shashki-${app.view.variant}.pdn`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function loadPdn() {
  const err = $('[data-pdn-error]');
  try {
    const text = $('[data-pdn-text]').value;
    const game = engine.from_pdn(text, app.settings.variant);
    startGame(game);
    // A reviewed game's marks and scores come back as its review.
    reviewFromPdn(app.game, text);
    $('[data-pdn-dialog]').close();
    showMessage(t('pdnLoaded'), 'info');
    render();
    maybeComputerMove();
  } catch (e) {
    err.hidden = false;
    err.textContent = t('pdnError', { error: String(e.message || e) });
  }
}

export function bindPdn() {
  $('[data-pdn-file]').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (file) $('[data-pdn-text]').value = await file.text();
    e.target.value = '';
  });
}
