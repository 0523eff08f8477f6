// Learning from games, in Chromium against the built page: the post-game review (judgements, the
// graph, reload, PDN round-trip, speed), practice on the player's own mistakes, and puzzles.
import { test, expect, newGame, openMenu } from './fixtures.mjs';

// Russian: 2… d6-e5?? gives two men to 3. d4:f6:h4.
const BLUNDER_GAME = ['c3-d4', 'f6-g5', 'b2-c3', 'd6-e5', 'd4:f6:h4'];

// 60 plies of Medium against Easy (shashki bestmove --level …, seeds 7…66).
const LONG_GAME =
  'e3-d4 h6-g5 c3-b4 b6-c5 d4:b6 c7:a5:c3 b2:d4 g7-h6 d2-e3 f8-g7 g3-h4 b8-c7 c1-d2 d6-e5 h2-g3 ' +
  'e5:c3 d2:b4 c7-b6 b4-a5 b6-c5 e3-d4 c5:e3 f2:d4 e7-d6 d4-c5 d6:b4 a5:c3 g5-f4 g3:e5 f6:d4:b2 ' +
  'a1:c3 g7-f6 c3-d4 d8-e7 e1-f2 e7-d6 a3-b4 a7-b6 h4-g5 h6:f4 b4-a5 f4-g3 f2:h4 d6-c5 a5:c7 ' +
  'c5:e3 c7-d8 f6-e5 d8-g5 h8-g7 g5:d2 g7-h6 d2-f4 e5:g3 h4:f2 h6-g5 g1-h2 g5-f4 f2-g3 f4-e3';

const moves = (page) => page.locator('[data-moves] li');

/// Clicks a move's squares until the page has played it.
async function play(page, text, list = moves(page)) {
  const before = await list.count();
  for (const sq of text.split(/[-:x]/)) {
    if ((await list.count()) > before) break;
    await page.click(`[data-square="${sq}"]`);
  }
  await expect(list).toHaveCount(before + 1);
}

async function menuAction(page, action) {
  await openMenu(page);
  await page.click(`#menu [data-action="${action}"]`);
}

async function loadPdn(page, text) {
  await menuAction(page, 'pdn');
  await page.fill('[data-pdn-text]', text);
  await page.click('[data-action="pdn-load"]');
  await expect(page.locator('[data-pdn-dialog]')).not.toHaveAttribute('open', '');
}

async function reviewBlunderGame(page) {
  await newGame(page, { variant: 'russian' });
  for (const m of BLUNDER_GAME) await play(page, m);
  await menuAction(page, 'review');
  await expect(moves(page).nth(3)).toHaveAttribute('data-judgement', 'blunder', { timeout: 30_000 });
  await expect(page.locator('[data-review-progress]')).toHaveCount(0);
}

test('the review marks a planted blunder, the graph jumps to a ply, and it survives reload and PDN', async ({ page, browser }) => {
  await reviewBlunderGame(page);
  for (const i of [0, 1, 2, 4]) await expect(moves(page).nth(i)).not.toHaveAttribute('data-judgement', /mistake|blunder/);
  await expect(page.locator('[data-review-summary] tr[data-side="black"] .blunder')).toHaveText('1');
  // Clicking the graph two fifths of the way in shows the position after move 2.
  const graph = page.locator('[data-eval-graph]');
  const box = await graph.boundingBox();
  await graph.click({ position: { x: (box.width * 2) / 5, y: box.height / 2 } });
  await expect(page.locator('[data-browsing]')).toBeVisible();
  await expect(page.locator('[data-moves] li.current')).toHaveAttribute('data-ply', '2');
  await expect(graph.locator('circle.blunder')).toHaveCount(1);

  // Kept with the game: a reload shows it at once, without searching again.
  await page.reload();
  await expect(moves(page).nth(3)).toHaveAttribute('data-judgement', 'blunder');
  await expect(page.locator('[data-review-progress]')).toHaveCount(0);

  // PDN carries the marks and scores; a fresh browser reading it shows the same review.
  await menuAction(page, 'pdn');
  const text = await page.locator('[data-pdn-text]').inputValue();
  expect(text).toContain('d6-e5??');
  expect(text).toContain('[%eval');
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await newGame(other, { variant: 'russian' }); // two players: nobody answers the loaded game
  await loadPdn(other, text);
  await expect(moves(other).nth(3)).toHaveAttribute('data-judgement', 'blunder');
  await expect(other.locator('[data-review-panel]')).toBeVisible();
  await fresh.close();
});

test('the game-over dialog offers the review of the finished game; damaged stored reviews are ignored', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  for (const m of BLUNDER_GAME.slice(0, 2)) await play(page, m);
  // A damaged review kept for this very game: not shown, reviewed again.
  await page.evaluate(() => {
    const game = JSON.parse(localStorage.getItem('shashki.game'));
    const level = { score: { kind: 'cp', value: 0 }, turn: 'white', best: null };
    localStorage.setItem('shashki.review', JSON.stringify([7, { game, positions: [level, level, level] }]));
  });
  await page.click('[data-action="resign"]');
  await page.click('[data-action="confirm-yes"]');
  await expect(page.locator('[data-over]')).toBeVisible();
  await page.click('[data-over] [data-action="review"]');
  await expect(page.locator('[data-over]')).toBeHidden();
  await expect(page.locator('[data-review-summary] tr[data-side="white"] .accuracy')).toHaveText(/^\d+%$/, { timeout: 30_000 });
  await expect(page.locator('[data-eval-graph] path.line')).toHaveAttribute('d', /^M0\.0 [\d.]+( L[\d.]+ [\d.]+){2}$/);
  // What is kept now is the new review: every position searched, with its line.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('shashki.review'))[0].positions);
  expect(kept.map((p) => Array.isArray(p.pv) && p.depth >= 0)).toEqual([true, true, true]);
});

test('practice refuses the bad move again and accepts the best one', async ({ page }) => {
  await reviewBlunderGame(page);
  await page.click('[data-review-panel] [data-action="practice"]');
  const panel = page.locator('[data-practice]');
  await expect(panel).toHaveAttribute('data-state', 'trying');
  // The position before 2… d6-e5: the same move again is refused and the solution shown.
  const list = page.locator('[data-moves] li');
  await page.click('[data-square="d6"]');
  await page.click('[data-square="e5"]');
  await expect(panel).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  const solution = page.locator('[data-practice-solution]');
  await expect(solution).toBeVisible();
  const best = await solution.getAttribute('data-best');
  expect(best).toMatch(/^[a-h][1-8]([-:][a-h][1-8])+$/);
  await page.click('[data-action="practice-again"]');
  await expect(panel).toHaveAttribute('data-state', 'trying');
  for (const sq of best.split(/[-:]/)) {
    if ((await panel.getAttribute('data-state')) !== 'trying') break;
    await page.click(`[data-square="${sq}"]`);
  }
  await expect(panel).toHaveAttribute('data-state', 'found', { timeout: 20_000 });
  // The game itself was never touched.
  await page.click('[data-practice] [data-action="lesson-exit"]');
  await expect(list).toHaveCount(BLUNDER_GAME.length);
});

/// Plays the solver's moves of `puzzle` by clicking their squares, waiting for each reply.
async function solveByClicks(page, panel, puzzle) {
  for (let i = 0; i < puzzle.line.length; i += 2) {
    await expect(panel).toHaveAttribute('data-step', String(i));
    for (const sq of puzzle.line[i].split(/[-:]/)) {
      if ((await panel.getAttribute('data-step')) !== String(i)) break;
      await page.click(`[data-square="${sq}"]`);
    }
  }
}

test('a puzzle solved by clicks, the next one failed, retried and solved, progress kept', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await play(page, 'c3-d4');
  await menuAction(page, 'puzzles');
  const panel = page.locator('[data-puzzle]');
  await expect(panel).toHaveAttribute('data-state', 'solving');
  const all = await page.evaluate(async () => (await (await fetch('web/puzzles/russian.json')).json()).puzzles);
  const byId = new Map(all.map((p) => [p.id, p]));
  const puzzle = byId.get(await panel.getAttribute('data-puzzle-id'));
  await solveByClicks(page, panel, puzzle);
  await expect(panel).toHaveAttribute('data-state', 'solved');
  const stats = await page.evaluate(() => JSON.parse(localStorage.getItem('shashki.puzzles')).russian);
  expect(stats.streak).toBe(1);
  expect(stats.rating).toBeGreaterThan(1200);

  await page.click('[data-action="next-puzzle"]');
  await expect(panel).toHaveAttribute('data-state', 'solving');
  const next = byId.get(await panel.getAttribute('data-puzzle-id'));
  expect(next.id).not.toBe(puzzle.id);
  // Any other first move fails: the engine lists the legal moves, one that is not the solution's
  // is played by clicking its squares.
  const wrong = await page.evaluate(async (fen) => {
    const m = await import('/shashki-wasm.js');
    const v = m.view(m.game_from_fen('russian', fen));
    return v.moves.map((x) => ({ text: x.text, path: x.paths[0] }));
  }, next.fen);
  const move = wrong.find((x) => x.text !== next.line[0]);
  expect(move, 'a puzzle has another legal move').toBeTruthy();
  for (const sq of move.path) {
    if ((await panel.getAttribute('data-state')) !== 'solving') break;
    await page.click(`[data-square="${sq}"]`);
  }
  await expect(panel).toHaveAttribute('data-state', 'failed');
  await expect(page.locator('[data-puzzle-solution]')).toContainText(next.line[0]);
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('shashki.puzzles')).russian);
  expect(after.streak).toBe(0);
  // Try again: the same puzzle from its start, solved this time; the failure stays counted.
  await expect(page.locator('[data-action="puzzle-solution"]')).toBeHidden();
  await page.click('[data-action="puzzle-retry"]');
  await expect(panel).toHaveAttribute('data-state', 'solving');
  await expect(panel).toHaveAttribute('data-puzzle-id', next.id);
  await expect(page.locator('[data-action="puzzle-retry"]')).toBeHidden();
  await solveByClicks(page, panel, next);
  await expect(panel).toHaveAttribute('data-state', 'solved');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shashki.puzzles')).russian)).toEqual(after);
  // Back to the game: the game in progress is still there.
  await page.click('[data-puzzle] [data-action="lesson-exit"]');
  await expect(moves(page)).toHaveCount(1);
});

test('a 60-ply review finishes within 30 s with no long main-thread task', async ({ page }) => {
  test.setTimeout(90_000);
  await newGame(page, { variant: 'russian' });
  await loadPdn(page, `[GameType "25"]\n\n${LONG_GAME} *\n`);
  await expect(moves(page)).toHaveCount(60);
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  const t0 = Date.now();
  await menuAction(page, 'review');
  await expect(page.locator('[data-review-progress]')).toBeVisible();
  await expect(page.locator('[data-review-summary] tr[data-side="white"]')).toBeVisible({ timeout: 60_000 });
  const seconds = (Date.now() - t0) / 1000;
  const long = await page.evaluate(() => window.__long);
  console.log(`review of 60 plies: ${seconds.toFixed(1)} s; long tasks: ${JSON.stringify(long)}`);
  expect(seconds).toBeLessThanOrEqual(30);
  // The searches run in the worker: the page only redraws the progress. Alone, no task reaches
  // 50 ms (the target); beside the other test worker on a busy two-core machine a redraw can, so
  // what is checked here is that nothing blocks the page (the review searched on the main thread
  // would block it for seconds).
  expect(Math.max(0, ...long)).toBeLessThan(250);
});
