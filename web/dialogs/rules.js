// The "How to play" dialog: loads the rules text (rules.js, on demand) for the variant being
// played, in the interface language.
import { app } from '../state.js';
import { $ } from '../dom.js';
import { getLang } from '../i18n.js';

export async function openRules() {
  const { renderRules } = await import('../rules.js');
  renderRules($('[data-rules-body]'), app.view.variant, getLang());
  const dlg = $('[data-rules-dialog]');
  if (!dlg.open) dlg.showModal();
  $('[data-rules-body]').scrollTop = 0;
}

export function bindRules() {
  // A click on the backdrop (the dialog box itself has no padding) closes the rules.
  $('[data-rules-dialog]').addEventListener('click', (e) => {
    if (e.target === e.currentTarget) e.currentTarget.close();
  });
}
