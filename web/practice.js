// Practice, "learn from your mistakes": steps through the player's mistakes found by the review;
// owns `app.lesson` meanwhile. A move close enough to the best counts, judged in a worker.
import * as engine from '../shashki-wasm.js';
import { app, render } from './state.js';
import { $ } from './dom.js';
import { t } from './i18n.js';
import { currentReview, practiceItems, tryInWorker } from './review.js';
import { pathIn } from './lesson.js';

export function openPractice(index = 0) {
  const r = currentReview();
  const items = practiceItems();
  if (!r || !items.length) return;
  const item = items[Math.min(index, items.length - 1)];
  const game = { ...r.game, moves: r.game.moves.slice(0, item.ply) };
  const view = engine.view(game);
  app.selection = [];
  app.browse = null;
  app.preview = null;
  app.lesson = {
    kind: 'practice',
    items,
    index: items.indexOf(item),
    item,
    game,
    view,
    solver: view.turn,
    state: 'trying',
    busy: false,
    before: view,
    lastPath: null,
    wrongPath: null,
    answerPath: null,
    result: null,
    canMove() {
      return this.state === 'trying' && !this.busy;
    },
    play: (text, path) => tryMove(text, path),
  };
  render();
}

function tryMove(text, path) {
  const l = app.lesson;
  app.selection = [];
  if (!l || l.kind !== 'practice' || !l.canMove()) return;
  l.busy = true;
  l.state = 'checking';
  l.wrongPath = path;
  render();
  tryInWorker(l.game, text, l.item.best).then(
    (result) => {
      if (app.lesson !== l) return;
      l.busy = false;
      l.result = result;
      l.wrongPath = null;
      if (result.accepted) {
        // The move found is played on the lesson's board.
        l.state = 'found';
        l.view = engine.view(engine.apply(l.game, text));
        l.lastPath = path;
        app.animatePath = path;
      } else {
        l.state = 'failed';
        l.wrongPath = path;
        l.answerPath = pathIn(l.before, l.item.best);
      }
      render();
    },
    (err) => {
      if (app.lesson !== l) return;
      l.busy = false;
      l.state = 'trying';
      l.wrongPath = null;
      app.message = String(err.message || err);
      app.messageKind = 'error';
      render();
    },
  );
}

export function practiceAgain() {
  const l = app.lesson;
  if (!l || l.kind !== 'practice') return;
  l.state = 'trying';
  l.result = null;
  l.view = l.before;
  l.lastPath = null;
  l.wrongPath = null;
  l.answerPath = null;
  render();
}

export function practiceNext() {
  const l = app.lesson;
  if (!l || l.kind !== 'practice') return;
  if (l.index + 1 < l.items.length) openPractice(l.index + 1);
  else {
    l.state = 'finished';
    l.wrongPath = null;
    l.answerPath = null;
    render();
  }
}

export function renderPractice() {
  const panel = $('[data-practice]');
  const l = app.lesson && app.lesson.kind === 'practice' ? app.lesson : null;
  panel.hidden = !l;
  if (!l) {
    delete panel.dataset.state;
    return;
  }
  panel.dataset.state = l.state;
  const it = l.item;
  const moveNo = `${Math.floor(it.ply / 2) + 1}${it.ply % 2 ? '…' : '.'}`;
  $('[data-practice-title]').textContent = t('practiceTitle', { n: l.index + 1, total: l.items.length });
  let text;
  switch (l.state) {
    case 'checking':
      text = t('practiceChecking');
      break;
    case 'found':
      text = t('practiceFound', { move: l.result.text });
      break;
    case 'failed':
      text = t('practiceFailed', { move: l.result.text });
      break;
    case 'finished':
      text = t('practiceDone');
      break;
    default:
      text = t('practiceTask', { n: moveNo, move: it.played, side: t(l.solver) });
      if (l.index === 0 && l.state === 'trying') text += ' ' + t('practiceHelp');
  }
  $('[data-practice-text]').textContent = text;
  const sol = $('[data-practice-solution]');
  sol.hidden = l.state !== 'failed' && l.state !== 'found';
  sol.textContent = t('solution', { line: it.pv.slice(0, 6).join(' ') });
  sol.dataset.best = it.best;
  $('[data-action="practice-again"]').hidden = l.state !== 'failed';
  const next = $('[data-action="practice-next"]');
  next.hidden = l.state === 'finished';
  next.textContent = l.state === 'found' || l.state === 'failed' ? t('practiceNext') : t('practiceSkip');
  if (l.index + 1 >= l.items.length && l.state !== 'trying') next.textContent = t('practiceFinish');
}
