// Draws the page from `app`: the board, the status, the panels and the pressed state of the menu.
// Each panel has its own render function (movelist.js, analysis.js, dialogs/…) called from here.
import { app } from './state.js';
import { $, $$ } from './dom.js';
import { t, getLang } from './i18n.js';
import { Board, between } from './board.js';
import { isHumanTurn } from './play.js';
import { nextTargets, pieceAt } from './selection.js';
import { shownView, renderMoveList, renderBrowsing } from './movelist.js';
import { renderAnalysis } from './analysis.js';
import { renderEditor } from './dialogs/editor.js';
import { renderOver } from './dialogs/over.js';

let board;

/// Makes the board view; `handlers` are its input callbacks (see board.js).
export function createBoard(handlers) {
  board = new Board($('[data-board]'), $('[data-arrows]'), handlers);
}

export function orientation() {
  const bottom = app.settings.mode === 'computer' ? app.settings.color : 'white';
  const flip = app.settings.flipped;
  return flip ? (bottom === 'white' ? 'black' : 'white') : bottom;
}

const camel = (code) => code.replace(/-(\w)/g, (_, c) => c.toUpperCase());

export function statusText() {
  const v = app.view;
  if (v.outcome) {
    const o = v.outcome;
    const head = o.result === 'draw' ? t('draw') : t('wins', { side: t(o.result) });
    return `${head}: ${t('reason_' + camel(o.reason))}`;
  }
  if (app.thinking && app.thinking.kind === 'move') return t('thinking');
  if (v.kingMustCapture) return t('kingMustCapture');
  if (v.mustCapture) return t('mustCapture', { side: t(v.turn) });
  if (app.settings.mode === 'computer') return t('yourMove', { side: t(v.turn) });
  return t('toMove', { side: t(v.turn) });
}

export function renderPage() {
  const s = app.settings;
  document.body.dataset.theme = s.theme;
  if (app.editor) return renderEditor(board, orientation());
  const live = app.browse == null;
  const v = shownView();
  board.setup(orientation(), v.variant, v.squareNames, t('board'));
  const human = live && isHumanTurn();
  const movable = new Set(human ? v.moves.map((m) => m.from) : []);
  const sel = app.selection;
  const faded = new Set();
  for (let i = 1; i < sel.length; i++) {
    for (const sq of between(sel[i - 1], sel[i])) if (pieceAt(sq)) faded.add(sq);
  }
  board.render({
    pieces: v.pieces,
    movable,
    mustCapture: v.mustCapture ? movable : new Set(),
    selected: sel,
    targets: sel.length ? nextTargets(sel) : new Set(),
    faded,
    moving: sel.length > 1 ? { from: sel[0], to: sel[sel.length - 1] } : null,
    lastMove: live ? app.lastPath || [] : [],
    hint: live && app.hint ? app.hint.path : [],
    animate: s.animate ? app.animatePath : null,
  });
  app.animatePath = null;
  renderBrowsing();
  renderAnalysis(v);

  const status = $('[data-status]');
  status.textContent = statusText();
  status.dataset.turn = v.turn;
  if (v.outcome) status.dataset.result = v.outcome.result;
  else delete status.dataset.result;
  if (app.thinking) status.dataset.thinking = app.thinking.kind;
  else delete status.dataset.thinking;
  document.body.toggleAttribute('data-busy', !!app.thinking);

  const note = $('[data-notice]');
  note.hidden = !app.message;
  note.textContent = app.message;

  renderMoveList();
  renderMenu(v);

  $('[data-action="undo"]').disabled = v.history.length === 0;
  $('[data-action="redo"]').disabled = app.redo.length === 0;
  $('[data-action="hint"]').disabled = !!v.outcome || !human || !!app.thinking;

  renderOver(v, statusText());
}

/// The ☰ menu's pressed buttons and the variant named in the title bar.
function renderMenu(v) {
  const s = app.settings;
  $('[data-variant-name]').textContent = '· ' + t(v.variant);
  $('[data-variant-summary]').textContent = t('summary_' + v.variant);
  for (const b of $$('[data-variant]')) b.setAttribute('aria-pressed', String(b.dataset.variant === v.variant));
  for (const b of $$('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === s.mode));
  for (const b of $$('[data-level]')) b.setAttribute('aria-pressed', String(b.dataset.level === s.level));
  for (const b of $$('[data-color]')) b.setAttribute('aria-pressed', String(b.dataset.color === s.color));
  for (const b of $$('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === getLang()));
  for (const el of $$('[data-computer-only]')) el.hidden = s.mode !== 'computer';
  for (const b of $$('[data-theme]')) b.setAttribute('aria-pressed', String(b.dataset.theme === s.theme));
  for (const b of $$('[data-toggle]')) b.setAttribute('aria-pressed', String(!!s[b.dataset.toggle]));
  $('[data-action="analysis"]').setAttribute('aria-pressed', String(s.analysis));
}
