// Endgame tables in the page: a search near the end of a game has the variant's tables built in
// the background and kept in Cache Storage; the next search reads the exact result from them.
import { test, expect } from './fixtures.mjs';

async function menu(page, selector) {
  await page.click('[data-action="menu"]');
  await page.click(`#menu ${selector}`);
}

const cachedTables = (page) =>
  page.evaluate(async () =>
    (await (await caches.open('egtb-1')).keys()).map((r) => new URL(r.url).pathname),
  );

test('tables are built after a search near the end, cached, and give the analysis the exact win', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.waitForSelector('[data-piece]');
  expect(await cachedTables(page)).toEqual([]);
  // Russian: three kings against a lone king off the main road; the tables say White wins in 25
  // plies (`shashki probe`), far beyond what the analysis search sees on its own.
  await menu(page, '[data-variant="russian"]');
  await menu(page, '[data-action="editor"]');
  await page.fill('[data-fen-input]', 'W:WK20,K26,K31:BK30');
  await page.press('[data-fen-input]', 'Enter');
  await page.click('[data-action="editor-play-hotseat"]');
  await expect(page.locator('[data-editor-dialog]')).not.toHaveAttribute('open', '');
  await menu(page, '[data-action="analysis"]');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-eval]')).toHaveText(/\S/, { timeout: 30_000 });
  await expect
    .poll(() => cachedTables(page), { timeout: 200_000, intervals: [1000] })
    .toContain('/egtb/russian-4.egtb');
  // After d2-c3 the new position's analysis worker loads them: Black is lost in 24 plies.
  await page.click('[data-square="d2"]');
  await page.click('[data-square="c3"]');
  await expect(page.locator('[data-eval]')).toHaveText('+#12', { timeout: 30_000 });
  // The line goes on as the tables play, to the capture of the last black piece.
  const pv = (await page.locator('[data-pv]').textContent()).trim().split(/\s+/);
  expect(pv).toHaveLength(24);
});
