// The "Save / load (PDN)" dialog: the game as PDN text to copy or download, and PDN pasted or
// opened from a file to load (a bad one is refused with the engine's reason, the game kept).
import * as engine from '../shashki-wasm.js';
import { app, render } from '../state.js';
import { $ } from '../dom.js';
import { t } from '../i18n.js';
import { startGame, maybeComputerMove } from '../play.js';
import { showMessage } from '../feedback.js';

export function openPdn() {
  const date = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const tags = {
    Event: 'Shashki',
    Date: `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`,
    White: app.settings.mode === 'computer' && app.settings.color === 'black' ? 'Shashki ' + app.settings.level : '?',
    Black: app.settings.mode === 'computer' && app.settings.color === 'white' ? 'Shashki ' + app.settings.level : '?',
  };
  $('[data-pdn-text]').value = engine.to_pdn(app.game, tags);
  $('[data-pdn-error]').hidden = true;
  $('[data-pdn-dialog]').showModal();
}

export async function copyPdn() {
  const text = $('[data-pdn-text]').value;
  try {
    await navigator.clipboard.writeText(text);
    showMessage(t('copied'));
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
    const game = engine.from_pdn($('[data-pdn-text]').value, app.settings.variant);
    startGame(game);
    $('[data-pdn-dialog]').close();
    showMessage(t('pdnLoaded'));
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
