// The position editor: a panel beside the board while `app.editor` is set; board clicks place or
// remove pieces, the FEN is checked by the engine, and Play starts a game from the position.
import * as engine from '../../shashki-wasm.js';
import { app, render } from '../state.js';
import { $, $$ } from '../dom.js';
import { t } from '../i18n.js';
import { cancelThinking, startGame, maybeComputerMove } from '../play.js';
import { shownView } from '../movelist.js';

export function openEditor() {
  cancelThinking();
  const v = shownView();
  app.editor = { pieces: new Map(), side: v.turn, brush: 'white-man' };
  for (const p of v.pieces) app.editor.pieces.set(p.square, `${p.color}-${p.king ? 'king' : 'man'}`);
  app.selection = [];
  $('[data-editor-dialog]').show();
  render();
}

export function closeEditor() {
  app.editor = null;
  const dlg = $('[data-editor-dialog]');
  if (dlg.open) dlg.close();
  render();
}

function editorFen() {
  const e = app.editor;
  const list = { white: [], black: [] };
  for (const [sq, kind] of e.pieces) {
    const [color, role] = kind.split('-');
    list[color].push((role === 'king' ? 'K' : '') + sq);
  }
  return `${e.side === 'white' ? 'W' : 'B'}:W${list.white.join(',')}:B${list.black.join(',')}`;
}

function showError(err) {
  const el = $('[data-editor-error]');
  el.hidden = false;
  el.textContent = String(err.message || err);
}

export function editorClear() {
  app.editor.pieces = new Map();
  render();
}

export function editorStart() {
  editorFromFen(engine.view(engine.new_game(app.settings.variant)).fen);
}

export function editorFromFen(fen) {
  try {
    const g = engine.game_from_fen(app.settings.variant, fen);
    const v = engine.view(g);
    app.editor.pieces = new Map(v.pieces.map((p) => [p.square, `${p.color}-${p.king ? 'king' : 'man'}`]));
    app.editor.side = v.turn;
    $('[data-editor-error]').hidden = true;
  } catch (err) {
    showError(err);
  }
  render();
}

export function editorBrush(b) {
  app.editor.brush = b;
  render();
}

export function editorSide(side) {
  app.editor.side = side;
  render();
}

/// A board click while editing: put the brush's piece there, or take it away.
export function editorSquare(sq) {
  const e = app.editor;
  if (e.brush === 'empty' || e.pieces.get(sq) === e.brush) e.pieces.delete(sq);
  else e.pieces.set(sq, e.brush);
  render();
}

/// The game the position starts, or an Error saying why it cannot be played: the engine's
/// reason for an impossible position, or the result when the side to move has already lost.
function playable(fen) {
  const canonical = engine.check_fen(fen);
  const game = engine.game_from_fen(app.settings.variant, canonical);
  const v = engine.view(game);
  if (v.outcome) {
    const o = v.outcome;
    const result = o.result === 'draw' ? t('draw') : t('wins', { side: t(o.result) });
    throw new Error(t('editorOver', { result, reason: t('reason_' + o.reason.replace(/-(\w)/g, (_, c) => c.toUpperCase())) }));
  }
  return { game, canonical };
}

export function editorPlay(mode) {
  try {
    const { game } = playable(editorFen());
    app.settings.mode = mode;
    app.editor = null;
    $('[data-editor-dialog]').close();
    startGame(game);
    render();
    maybeComputerMove();
  } catch (err) {
    showError(err);
  }
}

export function renderEditor(board, orientation) {
  const e = app.editor;
  const v = app.view;
  board.setup(orientation, v.variant, v.squareNames, t('editing'));
  const pieces = [...e.pieces].map(([square, kind]) => {
    const [color, role] = kind.split('-');
    return { square, color, king: role === 'king' };
  });
  board.render({
    pieces, movable: new Set(), mustCapture: new Set(), selected: [], targets: new Set(),
    faded: new Set(), moving: null, lastMove: [], hint: [], animate: null,
  });
  for (const b of $$('[data-brush]')) b.setAttribute('aria-pressed', String(b.dataset.brush === e.brush));
  for (const b of $$('[data-editor-side]')) b.setAttribute('aria-pressed', String(b.dataset.editorSide === e.side));
  let fen = editorFen();
  try {
    fen = playable(fen).canonical;
    $('[data-editor-error]').hidden = true;
  } catch (err) {
    showError(err);
    try {
      fen = engine.check_fen(fen);
    } catch {
      /* shown as typed */
    }
  }
  const input = $('[data-fen-input]');
  if (document.activeElement !== input) input.value = fen;
  const status = $('[data-status]');
  status.textContent = t('editing');
  delete status.dataset.thinking;
  $('[data-notice]').hidden = true;
  $('[data-browsing]').hidden = true;
  for (const el of $$('.controls, .movelist, .player')) el.hidden = true;
}

export function bindEditor() {
  $('[data-fen-input]').addEventListener('change', (e) => editorFromFen(e.target.value));
}
