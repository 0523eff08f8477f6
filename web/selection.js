// Picking a move on the board: the squares clicked (or dragged to) so far, matched against the
// legal moves' paths from the engine, one landing square at a time.
import { app, render } from './state.js';
import { isHumanTurn, playText } from './play.js';
import { showMessage, clearMessage } from './feedback.js';
import { t } from './i18n.js';

const samePrefix = (path, prefix) => prefix.every((sq, i) => path[i] === sq);

/// The position moves are picked in: a lesson's (practice, puzzle) or the game's.
const playView = () => (app.lesson ? app.lesson.view : app.view);

/// Plays a picked move: in the lesson, or in the game.
function commit(text, path) {
  if (app.lesson) return app.lesson.play(text, path);
  return playText(text, path);
}

/// Moves whose some path starts with the squares clicked so far.
function candidates(selection) {
  return playView().moves.filter((m) => m.paths.some((p) => samePrefix(p, selection)));
}

/// The squares that may come next after `selection`.
export function nextTargets(selection) {
  const out = new Set();
  for (const m of candidates(selection)) {
    for (const p of m.paths) {
      if (samePrefix(p, selection) && p.length > selection.length) out.add(p[selection.length]);
    }
  }
  return out;
}

/// The pieces the moves still possible after `selection` would take.
export function capturedBy(selection) {
  const out = new Set();
  for (const m of candidates(selection)) for (const sq of m.captured) out.add(sq);
  return out;
}

export function pieceAt(sq) {
  return playView().pieces.find((p) => p.square === sq);
}

function explainRefusal(sq) {
  const p = pieceAt(sq);
  if (!p) return;
  const v = playView();
  if (p.color !== v.turn) showMessage(t('notYourPiece'));
  else if (v.kingMustCapture) showMessage(t('czechKing'));
  else if (v.mustCapture) showMessage(t('captureCompulsory'));
}

// The piece pressed while it was already selected: released without a drag, it is deselected.
let pressedSelected = null;

/// A square clicked, pressed (start of a possible drag), released (`tap`: a press that did not
/// become a drag) or dropped on during play.
export function selectSquare(sq, how) {
  const again = pressedSelected;
  pressedSelected = null;
  if (how === 'tap') {
    if (again === sq && app.selection.length === 1 && app.selection[0] === sq) {
      app.selection = [];
      render();
    }
    return;
  }
  if (app.lesson) {
    if (!app.lesson.canMove()) return;
  } else {
    if (app.browse != null || app.preview) return;
    if (app.view.outcome) return;
    if (!isHumanTurn()) {
      if (app.thinking) showMessage(t('waitTurn'));
      return;
    }
  }
  const sel = app.selection;
  const movable = new Set(playView().moves.map((m) => m.from));
  if (sel.length === 0 || (sel.length === 1 && movable.has(sq) && sq !== sel[0])) {
    if (movable.has(sq)) {
      app.selection = [sq];
      clearMessage();
    } else {
      explainRefusal(sq);
    }
    render();
    return;
  }
  if (sq === sel[sel.length - 1]) {
    // A second click on the piece drops the selection; with a mouse or a finger the press may
    // still become a drag, so that waits for the release.
    if (sel.length === 1 && how === 'click') app.selection = [];
    if (sel.length === 1 && how === 'press') pressedSelected = sq;
    render();
    return;
  }
  const targets = nextTargets(sel);
  let next = null;
  if (targets.has(sq)) {
    next = [...sel, sq];
  } else {
    // A click straight on the final square of one move plays it.
    const ends = candidates(sel).filter((m) => m.to === sq);
    if (ends.length === 1) {
      const m = ends[0];
      return commit(m.text, m.paths.find((p) => samePrefix(p, sel)));
    }
  }
  if (!next) {
    if (sel.length > 1) showMessage(t('continueCapture'));
    else {
      app.selection = [];
      explainRefusal(sq);
    }
    render();
    return;
  }
  const left = candidates(next);
  const complete = left.filter((m) => m.paths.some((p) => p.length === next.length && samePrefix(p, next)));
  if (left.length === 1 || (complete.length === 1 && left.length === complete.length)) {
    const m = left[0];
    return commit(m.text, m.paths.find((p) => samePrefix(p, next)));
  }
  app.selection = next;
  render();
}
