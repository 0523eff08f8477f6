// A yes/cancel question in a modal dialog (abandon the game? resign? accept a draw?), answered
// through a promise. Escape or Cancel answers no.
import { $ } from '../dom.js';

let answer = null;

/// Asks `text`; resolves true when the player presses the `yes` button.
export function askConfirm(text, yes) {
  const dlg = $('[data-confirm-dialog]');
  if (answer) answer(false);
  $('[data-confirm-text]').textContent = text;
  $('[data-confirm-yes]').textContent = yes;
  if (!dlg.open) dlg.showModal();
  return new Promise((resolve) => {
    answer = resolve;
  });
}

function settle(value) {
  const done = answer;
  answer = null;
  const dlg = $('[data-confirm-dialog]');
  if (dlg.open) dlg.close();
  if (done) done(value);
}

export const confirmYes = () => settle(true);
export const confirmNo = () => settle(false);

export function bindConfirm() {
  $('[data-confirm-dialog]').addEventListener('close', () => settle(false));
}
