// A lesson shown on the board instead of the game — practice (practice.js) or a puzzle
// (puzzles.js): `app.lesson` holds its own game and view, and the game in progress stays as it is.
import { app, render } from './state.js';

/// The view the board shows during a lesson, or null.
export const lessonView = () => (app.lesson ? app.lesson.view : null);

/// Leaves the lesson: the board shows the game again, as it was.
export function exitLesson() {
  if (!app.lesson) return;
  app.lesson = null;
  app.selection = [];
  render();
}

/// The status line during a lesson.
export function lessonStatus(t) {
  const l = app.lesson;
  const head = l.kind === 'puzzle' ? t('puzzles') : t('practice');
  return `${head} · ${t('toMove', { side: t(l.view.turn) })}`;
}

/// The path of the move `text` in the lesson's position (null if it is not legal there).
export function pathIn(view, text) {
  const m = view.moves.find((x) => x.text === text);
  return m ? m.paths[0] : null;
}

/// The arrows a lesson draws: the move tried that failed (red), the solution (green).
export function lessonArrows() {
  const l = app.lesson;
  const out = [];
  if (!l) return out;
  if (l.wrongPath) out.push({ path: l.wrongPath, kind: 'wrong' });
  if (l.answerPath) out.push({ path: l.answerPath, kind: 'best' });
  return out;
}
