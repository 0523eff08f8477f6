// PDN in and out, the position editor, analysis, and a whole game by keyboard — in Chromium
// against the built page. Every test fails on console errors or requests leaving the origin.
import { test, expect } from './fixtures.mjs';


const FINISHING = {
  // variant: [FEN, the winning capture]
  czech: ['W:Wc3:Bd4', 'c3:e5'],
  russian: ['W:WKa1:Bd4,g5', 'a1:f6:h4'],
  english: ['B:W22:B18', '18x25'],
};

async function open(page, settings) {
  await page.goto('/');
  await page.waitForSelector('[data-piece]');
  if (settings) {
    await page.evaluate((s) => localStorage.setItem('shashki.settings', JSON.stringify(s)), settings);
    await page.reload();
    await page.waitForSelector('[data-piece]');
  }
}

async function menu(page, selector) {
  await page.click('[data-action="menu"]');
  await page.click(`#menu ${selector}`);
}

async function setUp(page, variant, fen) {
  await menu(page, `[data-variant="${variant}"]`);
  await menu(page, '[data-action="editor"]');
  await page.fill('[data-fen-input]', fen);
  await page.press('[data-fen-input]', 'Enter');
  await page.click('[data-action="editor-play-hotseat"]');
  await expect(page.locator('[data-editor-dialog]')).not.toHaveAttribute('open', '');
}

/// Clicks the move's squares until the page has played it (it completes a forced rest itself).
async function playClicks(page, text, variant) {
  const squares = text.split(/[-:x]/);
  const names = variant === 'english' ? await numbersToSquares(page, squares) : squares;
  const before = await page.locator('[data-moves] li').count();
  for (const sq of names) {
    if ((await page.locator('[data-moves] li').count()) > before) break;
    await page.click(`[data-square="${sq}"]`);
  }
  await expect(page.locator('[data-moves] li')).toHaveCount(before + 1);
}

async function numbersToSquares(page, numbers) {
  return page.evaluate((ns) => {
    const files = 'abcdefgh';
    return ns.map((n) => {
      const i = Number(n) - 1;
      const row = Math.floor(i / 4);
      const k = i % 4;
      return files[row % 2 === 0 ? 2 * k + 1 : 2 * k] + (8 - row);
    });
  }, numbers);
}

for (const variant of ['czech', 'russian', 'english']) {
  test(`a finished ${variant} game goes out as PDN and comes back the same`, async ({ page }) => {
    await open(page, { mode: 'hotseat', variant });
    const [fen, move] = FINISHING[variant];
    await setUp(page, variant, fen);
    await playClicks(page, move, variant);
    const status = page.locator('[data-status]');
    await expect(status).toHaveAttribute('data-result', /white|black/);
    const result = await status.getAttribute('data-result');
    await page.click('[data-over] button[value="close"]');
    await menu(page, '[data-action="pdn"]');
    const pdn = await page.inputValue('[data-pdn-text]');
    expect(pdn).toContain(`[GameType "${{ czech: 29, russian: 25, english: 21 }[variant]}"]`);
    expect(pdn).toContain('[FEN ');
    await page.click('[data-pdn-dialog] [data-action="close-dialog"]');
    // Start something else, then load the PDN back.
    await page.click('.controls [data-action="new-game"]');
    await expect(page.locator('[data-moves] li')).toHaveCount(0);
    await menu(page, '[data-action="pdn"]');
    await page.fill('[data-pdn-text]', pdn);
    await page.click('[data-action="pdn-load"]');
    await expect(page.locator('[data-moves] li')).toHaveText([move]);
    await expect(status).toHaveAttribute('data-result', result);
  });
}

test('a broken PDN is rejected with the line and reason, and the game is kept', async ({ page }) => {
  await open(page, { mode: 'hotseat', variant: 'russian' });
  await page.click('[data-square="c3"]');
  await page.click('[data-square="d4"]');
  await menu(page, '[data-action="pdn"]');
  await page.fill('[data-pdn-text]', '[GameType "25"]\n1. c3-d4 f6-g5\n2. c3-b4 *');
  await page.click('[data-action="pdn-load"]');
  await expect(page.locator('[data-pdn-error]')).toContainText('line 3');
  await expect(page.locator('[data-pdn-error]')).toContainText('c3-b4');
  await page.click('[data-pdn-dialog] [data-action="close-dialog"]');
  await expect(page.locator('[data-moves] li')).toHaveText(['c3-d4']);
});

test('editor: place pieces, get the FEN, reject an impossible position, then play it', async ({ page }) => {
  await open(page, { mode: 'hotseat', variant: 'russian' });
  await menu(page, '[data-action="editor"]');
  await page.click('[data-action="editor-clear"]');
  await page.click('[data-brush="white-man"]');
  await page.click('[data-square="c7"]');
  await page.click('[data-brush="black-man"]');
  await page.click('[data-square="a1"]'); // a black man on its crowning row
  await expect(page.locator('[data-editor-error]')).toBeVisible();
  await page.click('[data-action="editor-play-hotseat"]');
  await expect(page.locator('[data-editor-dialog]')).toHaveAttribute('open', '');
  await page.click('[data-brush="empty"]');
  await page.click('[data-square="a1"]');
  await page.click('[data-brush="black-man"]');
  await page.click('[data-square="h4"]');
  await page.click('[data-editor-side="white"]');
  await expect(page.locator('[data-fen-input]')).toHaveValue('W:W6:B20');
  await page.click('[data-action="editor-play-hotseat"]');
  await page.click('[data-square="c7"]');
  await page.click('[data-square="d8"]');
  await expect(page.locator('[data-square="d8"] [data-piece]')).toHaveAttribute('data-piece', 'white-king');
});

test('analysis shows a score and a line for the position on the board', async ({ page }) => {
  await open(page, { mode: 'hotseat', variant: 'english' });
  await menu(page, '[data-variant="english"]');
  await menu(page, '[data-action="analysis"]');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-pv]')).toHaveText(/^\d+-\d+( \S+)+/, { timeout: 15_000 });
  await expect(page.locator('[data-eval]')).toHaveText(/^[+-]\d+\.\d\d$|^[+-]#\d+$/);
  // After a move the analysis follows the new position.
  const before = await page.locator('[data-pv]').textContent();
  await page.click('[data-square="f6"]'); // square 11
  await page.click('[data-square="g5"]'); // 11-16
  await expect(page.locator('[data-pv]')).not.toHaveText(before, { timeout: 15_000 });
  // Stepping back through the move list shows the earlier position.
  await page.click('[data-square="c3"]'); // 22
  await page.click('[data-square="d4"]'); // 22-18
  await page.click('[data-moves] li >> nth=0');
  await expect(page.locator('[data-square="c3"] [data-piece]')).toHaveCount(1);
  await expect(page.locator('[data-browsing]')).toBeVisible();
  await page.click('[data-action="live"]');
  await expect(page.locator('[data-browsing]')).toBeHidden();
});

test('a whole game played with the keyboard only', async ({ page }) => {
  test.setTimeout(240_000);
  await open(page, { mode: 'hotseat', variant: 'czech' });
  await menu(page, '[data-variant="czech"]');
  const board = page.locator('[data-board]');
  await board.focus();
  let cursor = { row: 5, col: 2 };
  const press = async (key, n) => {
    for (let i = 0; i < n; i++) await page.keyboard.press(key);
  };
  const goTo = async (sq) => {
    const { row, col } = await page.evaluate((s) => {
      const cells = [...document.querySelector('[data-board]').children];
      const i = cells.indexOf(document.querySelector(`[data-square="${s}"]`));
      return { row: Math.floor(i / 8), col: i % 8 };
    }, sq);
    await press(row > cursor.row ? 'ArrowDown' : 'ArrowUp', Math.abs(row - cursor.row));
    await press(col > cursor.col ? 'ArrowRight' : 'ArrowLeft', Math.abs(col - cursor.col));
    cursor = { row, col };
    await page.keyboard.press('Enter');
  };
  const status = page.locator('[data-status]');
  for (let ply = 0; ply < 300; ply++) {
    if (await status.getAttribute('data-result')) break;
    // The first movable piece in board order, then its first target until the move is played.
    const from = await page.locator('[data-piece].movable >> nth=0').evaluate((e) => e.parentElement.dataset.square);
    const count = await page.locator('[data-moves] li').count();
    await goTo(from);
    while ((await page.locator('[data-moves] li').count()) === count) {
      const target = await page.locator('.sq.target >> nth=0').evaluate((e) => e.dataset.square);
      await goTo(target);
    }
  }
  await expect(status).toHaveAttribute('data-result', /white|black|draw/);
  expect(await page.locator('[data-moves] li').count()).toBeGreaterThan(10);
});
