// Keyboard shortcuts outside the board (the board's own arrows and Enter are in board.js):
// h hint, u/Backspace undo, r redo, f flip, ←/→ through the move list, Esc cancels.
import { app, render } from './state.js';
import { $ } from './dom.js';
import { requestHint, undo, redo } from './play.js';
import { browseStep } from './movelist.js';
import { toggleMenu } from './menu.js';

/// The shortcuts shared by the page and the focused board; true if `key` was one.
export function shortcut(key) {
  const k = key.toLowerCase();
  // During a lesson the game's own actions wait (the game stays as it is).
  if (app.lesson && k !== 'f') return false;
  if (k === 'h') requestHint();
  else if (k === 'u' || key === 'Backspace') undo();
  else if (k === 'r') redo();
  else if (k === 'f') $('[data-action="flip"]').click();
  else return false;
  return true;
}

function onKey(e) {
  if (e.target.closest('input, textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') {
    toggleMenu(false);
    if (app.selection.length) {
      app.selection = [];
      render();
    }
    return;
  }
  if (document.querySelector('dialog[open]:modal')) return;
  if (e.target.closest('[data-board]')) return; // the board handles its own keys
  if (shortcut(e.key)) {
    // done
  } else if (e.key === 'ArrowLeft' && !app.editor && !app.lesson) browseStep(-1);
  else if (e.key === 'ArrowRight' && !app.editor && !app.lesson) browseStep(1);
  else return;
  e.preventDefault();
}

export function bindKeyboard() {
  document.addEventListener('keydown', onKey);
}
