// Draws the page from `app`: the board, the players, the status, the buttons and the menu's
// pressed state. Each panel has its own render function (movelist.js, analysis.js, dialogs/…)
// called from renderPage(); a new panel adds its call here.
import { app } from './state.js';
import { $, $$ } from './dom.js';
import { t, getLang } from './i18n.js';
import { Board, between, SQUARES } from './board.js';
import { isHumanTurn } from './play.js';
import { nextTargets, capturedBy, pieceAt } from './selection.js';
import { baseView, shownView, renderMoveList, renderBrowsing } from './movelist.js';
import { renderAnalysis, bestArrow } from './analysis.js';
import { renderEditor } from './dialogs/editor.js';
import { renderOver } from './dialogs/over.js';
import { renderReview } from './review.js';
import { renderPractice } from './practice.js';
import { renderPuzzle } from './puzzles.js';
import { lessonStatus, lessonArrows } from './lesson.js';

let board;

/// Makes the board view; `handlers` are its input callbacks (see board.js).
export function createBoard(handlers) {
  board = new Board($('[data-board]'), $('[data-arrows]'), handlers);
}

export function orientation() {
  if (app.lesson) return app.settings.flipped ? other(app.lesson.solver) : app.lesson.solver;
  const bottom = app.settings.mode === 'computer' ? app.settings.color : 'white';
  const flip = app.settings.flipped;
  return flip ? (bottom === 'white' ? 'black' : 'white') : bottom;
}

const camel = (code) => code.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const other = (color) => (color === 'white' ? 'black' : 'white');

export function statusText() {
  const v = app.view;
  if (v.outcome) {
    const o = v.outcome;
    const head = o.result === 'draw' ? t('draw') : t('wins', { side: t(o.result) });
    if (o.reason === 'resign') return `${head}: ${t('reason_resign', { side: t(other(o.result)) })}`;
    return `${head}: ${t('reason_' + camel(o.reason))}`;
  }
  if (app.thinking && app.thinking.kind === 'move') return t('thinking');
  if (app.thinking && app.thinking.kind === 'draw') return t('drawThinking');
  if (v.kingMustCapture) return t('kingMustCapture');
  if (v.mustCapture) return t('mustCapture', { side: t(v.turn) });
  if (app.settings.mode === 'computer') return t('yourMove', { side: t(v.turn) });
  return t('toMove', { side: t(v.turn) });
}

/// The squares of the view's last move, from its text in the move list.
function lastMovePath(v) {
  const text = v.history[v.history.length - 1];
  if (!text) return [];
  return text
    .split(/[-:x]/)
    .map((name) => SQUARES[v.squareNames.indexOf(name)])
    .filter(Boolean);
}

/// The piece names for screen readers, in the interface language.
function pieceLabels() {
  return {
    'white-man': t('whiteMan'), 'white-king': t('whiteKing'),
    'black-man': t('blackMan'), 'black-king': t('blackKing'),
  };
}

export function renderPage() {
  const s = app.settings;
  document.body.dataset.theme = s.theme;
  document.title = t('pageTitle');
  document.body.dataset.orientation = orientation();
  $('[data-layout]').classList.toggle('flipped', orientation() !== (humanSide() || 'white'));
  renderPlayers();
  renderMenu();
  if (app.editor) {
    renderAnalysis(app.view);
    renderReview();
    return renderEditor(board, orientation());
  }
  renderPractice();
  renderPuzzle();
  if (app.lesson) return renderLesson();
  for (const el of $$('.controls, .movelist, .player')) el.hidden = false;
  const live = app.browse == null && !app.preview;
  const base = baseView();
  const v = app.preview ? shownView() : base;
  board.setup(orientation(), v.variant, v.squareNames, t('board'));
  const human = live && isHumanTurn();
  renderAnalysis(base);
  const arrows = [];
  if (live && app.hint) arrows.push({ path: app.hint.path, kind: 'hint' });
  const best = bestArrow();
  if (best) arrows.push(best);
  renderBoard(v, human, {
    lastMove: lastMovePath(v),
    hint: live && app.hint ? app.hint.path : [],
    arrows,
  });
  renderBrowsing();

  const status = $('[data-status]');
  status.textContent = statusText();
  status.dataset.turn = app.view.turn;
  if (app.view.outcome) status.dataset.result = app.view.outcome.result;
  else delete status.dataset.result;
  if (app.thinking) status.dataset.thinking = app.thinking.kind;
  else delete status.dataset.thinking;
  document.body.toggleAttribute('data-busy', !!app.thinking);

  renderNotice();
  renderMoveList();
  renderReview();

  const over = !!app.view.outcome;
  $('[data-action="undo"]').disabled = app.view.history.length === 0 || !!app.game.end;
  $('[data-action="redo"]').disabled = app.redo.length === 0;
  $('[data-action="hint"]').disabled = over || !human || !!app.thinking;
  $('[data-action="resign"]').disabled = over;
  $('[data-action="draw"]').disabled = over || (s.mode === 'computer' && (!isHumanTurn() || !!app.thinking));

  renderOver(app.view, statusText());
}

/// Draws view `v` with the player's selection on it (`canMove`: the player may move now); `marks`
/// holds the last move, hint and arrows, which differ between the game and a lesson.
function renderBoard(v, canMove, marks) {
  const movable = new Set(canMove ? v.moves.map((m) => m.from) : []);
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
    captures: sel.length ? capturedBy(sel) : new Set(),
    faded,
    moving: sel.length > 1 ? { from: sel[0], to: sel[sel.length - 1] } : null,
    ...marks,
    labels: pieceLabels(),
    animate: app.settings.animate ? app.animatePath : null,
  });
  app.animatePath = null;
}

export function renderNotice() {
  const note = $('[data-notice]');
  note.hidden = !app.message;
  note.textContent = app.message;
  note.dataset.kind = app.messageKind;
}

/// A lesson (practice or a puzzle) on the board: its own position, the game kept aside.
function renderLesson() {
  const l = app.lesson;
  const v = l.view;
  renderAnalysis(v);
  renderReview();
  for (const el of $$('.controls, .movelist, .player, [data-browsing]')) el.hidden = true;
  board.setup(orientation(), v.variant, v.squareNames, t('board'));
  renderBoard(v, l.canMove(), {
    lastMove: l.lastPath || lastMovePath(v),
    hint: [],
    arrows: lessonArrows(),
  });
  const status = $('[data-status]');
  status.textContent = lessonStatus(t);
  status.dataset.turn = v.turn;
  delete status.dataset.result;
  delete status.dataset.thinking;
  document.body.toggleAttribute('data-busy', !!l.busy);
  renderNotice();
}

/// The human's colour vs the computer (null in two-player mode).
function humanSide() {
  return app.settings.mode === 'computer' ? app.settings.color : null;
}

/// Who plays which colour, beside the board: the opponent above, the player below.
function renderPlayers() {
  const s = app.settings;
  const me = humanSide() || 'white';
  const opp = other(me);
  const turn = app.view.outcome ? null : app.view.turn;
  const fill = (el, color, name) => {
    el.dataset.color = color;
    el.classList.toggle('to-move', turn === color);
    el.querySelector('[data-player-disc]').className = `disc ${color}`;
    el.querySelector('.player-name').textContent = name;
    el.querySelector('[data-player-side]').textContent = t(color);
  };
  const computer = s.mode === 'computer';
  fill($('[data-player="opponent"]'), opp, computer ? `${t('computer')} · ${t(s.level)}` : t('hotseat'));
  fill($('[data-player="me"]'), me, computer ? t('you') : '');
}

/// The ☰ menu's pressed buttons and the variant named in the title bar.
function renderMenu() {
  const s = app.settings;
  const variant = app.view.variant;
  $('[data-variant-name]').textContent = '· ' + t(variant);
  $('[data-variant-summary]').textContent = t('summary_' + variant);
  for (const b of $$('[data-variant]')) b.setAttribute('aria-pressed', String(b.dataset.variant === variant));
  for (const b of $$('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === s.mode));
  for (const b of $$('[data-level]')) b.setAttribute('aria-pressed', String(b.dataset.level === s.level));
  for (const b of $$('[data-color]')) b.setAttribute('aria-pressed', String(b.dataset.color === s.color));
  for (const b of $$('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === getLang()));
  for (const el of $$('[data-computer-only]')) el.hidden = s.mode !== 'computer';
  for (const b of $$('button[data-theme]')) b.setAttribute('aria-checked', String(b.dataset.theme === s.theme));
  for (const b of $$('button[data-toggle]')) b.setAttribute('aria-checked', String(!!s[b.dataset.toggle]));
  $('[data-action="analysis"]').setAttribute('aria-pressed', String(s.analysis));
}
