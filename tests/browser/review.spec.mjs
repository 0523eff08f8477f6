// The review engine in Chromium: the review worker (web/review-worker.js) searches every position
// of a game at the default budget off the main thread, and the wasm exports judge the moves,
// judge a practice try and carry the review through PDN.
import { test, expect } from './fixtures.mjs';

// Russian: 2… d6-e5?? gives two men to 3. d4:f6:h4.
const BLUNDER_GAME = ['c3-d4', 'f6-g5', 'b2-c3', 'd6-e5', 'd4:f6:h4'];

// 60 plies of Medium against Easy (shashki bestmove --level …, seeds 7…66).
const LONG_GAME = (
  'e3-d4 h6-g5 c3-b4 b6-c5 d4:b6 c7:a5:c3 b2:d4 g7-h6 d2-e3 f8-g7 g3-h4 b8-c7 c1-d2 d6-e5 h2-g3 ' +
  'e5:c3 d2:b4 c7-b6 b4-a5 b6-c5 e3-d4 c5:e3 f2:d4 e7-d6 d4-c5 d6:b4 a5:c3 g5-f4 g3:e5 f6:d4:b2 ' +
  'a1:c3 g7-f6 c3-d4 d8-e7 e1-f2 e7-d6 a3-b4 a7-b6 h4-g5 h6:f4 b4-a5 f4-g3 f2:h4 d6-c5 a5:c7 ' +
  'c5:e3 c7-d8 f6-e5 d8-g5 h8-g7 g5:d2 g7-h6 d2-f4 e5:g3 h4:f2 h6-g5 g1-h2 g5-f4 f2-g3 f4-e3'
).split(' ');

/// Runs a review in the worker from the page; resolves with the positions, time and long tasks.
async function review(page, moves) {
  await page.goto('/');
  await page.waitForSelector('[data-piece]');
  // Let the page finish starting (its own AI worker, the service worker) before measuring.
  await page.waitForTimeout(2000);
  return page.evaluate(async (moves) => {
    const m = await import('/shashki-wasm.js');
    const game = { ...m.new_game('russian'), moves };
    const long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) long.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
    const t0 = performance.now();
    const positions = [];
    let reports = 0;
    await new Promise((resolve, reject) => {
      const w = new Worker('/web/review-worker.js', { type: 'module' });
      w.onmessage = (e) => {
        if (e.data.error) return reject(new Error(e.data.error));
        if (e.data.done) {
          w.terminate();
          return resolve();
        }
        reports++;
        positions[e.data.ply] = e.data.result;
      };
      w.postMessage({ kind: 'review', id: 1, game, nodes: 100000 });
    });
    const seconds = (performance.now() - t0) / 1000;
    const verdicts = m.judge_game(game, positions.map((p) => ({ score: p.score, best: p.best })));
    return { game, positions, reports, seconds, long, verdicts };
  }, moves);
}

test('the review worker finds the planted blunder; practice, PDN marks and bad input', async ({ page }) => {
  const r = await review(page, BLUNDER_GAME);
  expect(r.reports).toBe(BLUNDER_GAME.length + 1);
  const judged = r.verdicts.moves.map((v) => v.judgement);
  expect(judged).toEqual([null, null, null, 'blunder', null]);
  expect(r.verdicts.black.blunders).toBe(1);
  expect(r.verdicts.white.accuracy).toBeGreaterThan(r.verdicts.black.accuracy);
  // The better move is named, with its line, and the final position is scored.
  const before = r.positions[3];
  expect(before.turn).toBe('black');
  expect(before.best).not.toBe('d6-e5');
  expect(before.pv[0]).toBe(before.best);
  expect(r.positions[5].score.kind).toBe('cp');

  const out = await page.evaluate(async ({ game, best }) => {
    const m = await import('/shashki-wasm.js');
    const prefix = { ...game, moves: game.moves.slice(0, 3) };
    const good = m.try_move(prefix, best, best, { nodes: 100000 });
    const bad = m.try_move(prefix, 'd6-e5', best, { nodes: 100000 });
    const notes = game.moves.map((_, i) => ({ mark: i === 3 ? '??' : '', comment: i === 3 ? `[%best ${best}] better ${best}` : '' }));
    const pdn = m.to_annotated_pdn(game, { White: 'A' }, notes);
    const back = m.pdn_annotations(pdn, 'russian');
    const bads = {};
    for (const [name, f] of Object.entries({
      'ply beyond the game': () => m.review_position(game, 99, {}),
      'review nodes 0': () => m.review_position(game, 0, { nodes: 0 }),
      'scores too few': () => m.judge_game(game, [{ score: { kind: 'cp', value: 0 } }]),
      'score of an unknown kind': () => m.judge_game(game, game.moves.concat('x').map(() => ({ score: { kind: 'mate', value: 1 } }))),
      'illegal practice move': () => m.try_move(game, 'a1-h8', 'c3-d4', {}),
      'annotations not a list': () => m.to_annotated_pdn(game, {}, 'x'),
      'annotations of broken PDN': () => m.pdn_annotations('1. c3-d4 c3-d4', 'russian'),
      'expected score of nonsense': () => m.expected_score('russian', { kind: 'cp', value: 'x' }),
    })) {
      try {
        f();
        bads[name] = 'no error';
      } catch (e) {
        bads[name] = e instanceof WebAssembly.RuntimeError ? 'trap' : e instanceof Error ? 'error' : 'not an Error';
      }
    }
    return { good, bad, pdn, back, bads };
  }, { game: r.game, best: before.best });
  expect(out.good.accepted).toBe(true);
  expect(out.good.verdict.loss).toBe(0);
  expect(out.bad.accepted).toBe(false);
  expect(out.bad.verdict.judgement).toBe('blunder');
  expect(out.pdn).toContain('d6-e5??');
  expect(out.back.map((a) => a.mark)).toEqual(['', '', '', '??', '']);
  expect(out.back[3].comment).toContain(`[%best ${before.best}]`);
  for (const [name, what] of Object.entries(out.bads)) expect(what, name).toBe('error');
});

test('a 60-ply review at the default budget takes at most 30 s and never blocks the page', async ({ page }) => {
  test.setTimeout(120_000);
  const r = await review(page, LONG_GAME);
  console.log(`review of ${LONG_GAME.length} plies: ${r.seconds.toFixed(1)} s; long tasks: ${JSON.stringify(r.long)}`);
  expect(r.positions.filter(Boolean)).toHaveLength(LONG_GAME.length + 1);
  expect(r.verdicts.moves).toHaveLength(LONG_GAME.length);
  expect(r.seconds).toBeLessThanOrEqual(30);
  // The searches run in the worker, so the page has nothing heavy to do. Alone no task reaches
  // 50 ms; beside the other test worker on a busy two-core machine one page task was once timed
  // at 68 ms, so what is checked is that nothing blocks the page (the review searched on the main
  // thread would block it for seconds), as in learn.spec.mjs.
  expect(Math.max(0, ...r.long)).toBeLessThan(250);
});
