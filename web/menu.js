// The ☰ menu and every button of the page: one table maps `data-action` to what it does, and the
// choice buttons (`data-variant`, `data-mode`, …) change a setting. A new menu entry is a button
// with a `data-action` in index.html plus one line in ACTIONS.
import { app, save, render } from './state.js';
import { $ } from './dom.js';
import { setLang, translatePage } from './i18n.js';
import {
  newGame, undo, redo, requestHint, cancelThinking, maybeComputerMove, chooseColor, resign, offerDraw,
} from './play.js';
import { backToGame } from './movelist.js';
import { openGames, reopenGame, exportGame } from './dialogs/games.js';
import { confirmYes, confirmNo } from './dialogs/confirm.js';
import { openRules } from './dialogs/rules.js';
import { openPdn, copyPdn, downloadPdn, loadPdn } from './dialogs/pdn.js';
import {
  openEditor, closeEditor, editorClear, editorStart, editorPlay, editorBrush, editorSide,
} from './dialogs/editor.js';
import { startReview, cancelReview, closeReview } from './review.js';
import { openPractice, practiceAgain, practiceNext } from './practice.js';
import { openPuzzles, nextPuzzle, retryPuzzle, showPuzzleSolution } from './puzzles.js';
import { exitLesson } from './lesson.js';

export function toggleMenu(open) {
  const menu = $('#menu');
  const show = open ?? menu.hidden;
  menu.hidden = !show;
  $('[data-action="menu"]').setAttribute('aria-expanded', String(show));
}

function toggleSetting(name) {
  app.settings[name] = !app.settings[name];
  save();
  render();
}

/// data-action → handler (gets the button). Menu entries close the menu first.
const ACTIONS = {
  menu: () => toggleMenu(),
  'new-game': () => {
    toggleMenu(false);
    // New game while setting up a position leaves the editor; the game behind it is guarded.
    if (app.editor) closeEditor();
    exitLesson();
    newGame();
  },
  resign: () => resign(),
  draw: () => offerDraw(),
  games: () => {
    toggleMenu(false);
    openGames();
  },
  'games-open': (el) => reopenGame(Number(el.dataset.index)),
  'games-pdn': (el) => exportGame(Number(el.dataset.index)),
  'confirm-yes': () => confirmYes(),
  'confirm-no': () => confirmNo(),
  undo: () => undo(),
  redo: () => redo(),
  hint: () => requestHint(),
  flip: () => toggleSetting('flipped'),
  live: () => backToGame(),
  rules: () => {
    toggleMenu(false);
    openRules();
  },
  pdn: () => {
    toggleMenu(false);
    openPdn();
  },
  'pdn-copy': () => copyPdn(),
  'pdn-download': () => downloadPdn(),
  'pdn-load': () => loadPdn(),
  'close-dialog': (el) => el.closest('dialog').close(),
  editor: () => {
    toggleMenu(false);
    exitLesson();
    openEditor();
  },
  'editor-clear': () => editorClear(),
  'editor-start': () => editorStart(),
  'editor-play-computer': () => editorPlay('computer'),
  'editor-play-hotseat': () => editorPlay('hotseat'),
  'editor-cancel': () => closeEditor(),
  analysis: () => toggleSetting('analysis'),
  review: () => {
    toggleMenu(false);
    if (app.editor) closeEditor();
    exitLesson();
    startReview();
  },
  'review-cancel': () => cancelReview(),
  'review-close': () => closeReview(),
  practice: () => openPractice(0),
  'practice-again': () => practiceAgain(),
  'practice-next': () => practiceNext(),
  'lesson-exit': () => exitLesson(),
  puzzles: () => {
    toggleMenu(false);
    if (app.editor) closeEditor();
    openPuzzles();
  },
  'next-puzzle': () => nextPuzzle(),
  'puzzle-solution': () => showPuzzleSolution(),
  'puzzle-retry': () => retryPuzzle(),
};

/// Buttons that pick one value of a setting: data-<name>="value".
function choose(d) {
  if (d.puzzleVariant) return openPuzzles(d.puzzleVariant);
  if (d.brush) return editorBrush(d.brush);
  if (d.editorSide) return editorSide(d.editorSide);
  if (d.theme) {
    app.settings.theme = d.theme;
    save();
    return render();
  }
  if (d.toggle) return toggleSetting(d.toggle);
  if (d.variant) {
    toggleMenu(false);
    if (app.editor) closeEditor();
    exitLesson();
    return newGame(d.variant);
  }
  if (d.mode) {
    app.settings.mode = d.mode;
    save();
    cancelThinking();
    render();
    return maybeComputerMove();
  }
  if (d.level) {
    app.settings.level = d.level;
    save();
    return render();
  }
  if (d.color) {
    toggleMenu(false);
    if (app.editor) closeEditor();
    exitLesson();
    return chooseColor(d.color);
  }
  if (d.lang) {
    app.settings.lang = d.lang;
    setLang(d.lang);
    translatePage();
    save();
    return render();
  }
}

export function bindMenu() {
  document.addEventListener('click', (e) => {
    const el = e.target.closest('button');
    if (!el) {
      if (!e.target.closest('#menu')) toggleMenu(false);
      return;
    }
    const action = ACTIONS[el.dataset.action];
    if (action) return action(el);
    choose(el.dataset);
  });
}
