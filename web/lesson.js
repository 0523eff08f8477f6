// A lesson shown on the board instead of the game — practice (practice.js) or a puzzle
// (puzzles.js): `app.lesson` holds its own game and view, and the game in progress stays as it is.
import { app, render } from './state.js';

/// The view the board shows during a lesson, or null.
export const lessonView = () => (app.lesson ? app.lesson.view : null);

export function exitLesson() {
  app.lesson = null;
  app.selection = [];
  render();
}

/// The status line during a lesson.
export function lessonStatus(t) {
  const l = app.lesson;
  return l.kind === 'puzzle' ? t('puzzles') : t('practice');
}
