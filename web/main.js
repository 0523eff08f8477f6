// The page's entry point: loads the engine, reads the stored state, makes the board and wires the
// modules together. Where things live: state.js (state, storage), render.js (drawing), play.js
// (game actions), selection.js (clicks), engine-client.js (workers), menu.js (buttons), dialogs/.
import init from '../shashki-wasm.js';
import { app, setRenderer, render, loadSettings, loadGame, loadGames } from './state.js';
import { $ } from './dom.js';
import { t, setLang, browserLang, translatePage } from './i18n.js';
import { createBoard, renderPage } from './render.js';
import { isHumanTurn, setGame, maybeComputerMove } from './play.js';
import { selectSquare } from './selection.js';
import { announce } from './feedback.js';
import { bindMenu } from './menu.js';
import { bindKeyboard, shortcut } from './keyboard.js';
import { bindMoveList } from './movelist.js';
import { bindPdn } from './dialogs/pdn.js';
import { bindEditor, editorSquare } from './dialogs/editor.js';
import { bindRules } from './dialogs/rules.js';
import { bindConfirm } from './dialogs/confirm.js';
import { bindAnalysis } from './analysis.js';
import { bindReview } from './review.js';
import './register-sw.js';

/// The engine is compiled for WebAssembly SIMD (every current browser has it). Without it the
/// module would fail to compile with an error no player can act on, so ask first, in their language.
/// The probe is a function returning `i8x16.popcnt(i8x16.splat(0))`.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

function wasmSimd() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

async function start() {
  if (!wasmSimd()) {
    loadSettings();
    setLang(app.settings.lang || browserLang());
    translatePage();
    const s = $('[data-status]');
    if (s) {
      s.textContent = t('noSimd');
      s.setAttribute('data-unsupported', '');
    }
    // Also where the board would be: below the fold the status line goes unseen on a tablet.
    const p = document.createElement('p');
    p.className = 'unsupported';
    p.textContent = t('noSimd');
    $('[data-board]')?.replaceChildren(p);
    return;
  }
  await init();
  const settingsOk = loadSettings();
  setLang(app.settings.lang || browserLang());
  translatePage();
  const { game, ok } = loadGame();
  loadGames();
  createBoard({
    onSquare: (sq, how) => {
      if (!app.editor) selectSquare(sq, how);
      else if (how !== 'tap') editorSquare(sq);
    },
    canDrag: () =>
      app.lesson ? app.lesson.canMove() : !app.editor && app.browse == null && !app.preview && isHumanTurn(),
    onCursor: (cell) => announce(cell.getAttribute('aria-label') || ''),
    onKey: shortcut,
  });
  setRenderer(renderPage);
  bindMenu();
  bindMoveList();
  bindPdn();
  bindEditor();
  bindRules();
  bindConfirm();
  bindAnalysis();
  bindReview();
  bindKeyboard();
  setGame(game);
  if (!ok || !settingsOk) {
    app.message = t('corrupted'); // stays until the next message
    app.messageKind = 'error';
  }
  render();
  maybeComputerMove();
}

start().catch((err) => {
  const s = $('[data-status]');
  if (s) s.textContent = `Error: ${err.message || err}`;
  throw err;
});
