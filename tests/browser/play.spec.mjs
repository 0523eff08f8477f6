// The play experience: what a new player trips over (each test here fails on e42610c) and what a
// lidraughts player expects — a board that fills the screen, players, resign and draw offers,
// the result in the move list, analysis, capture marks, the Games list, translated labels.
import { test, expect, status, menuItem, openMenu, closeMenu, openPage, newGame, waitReady } from './fixtures.mjs';

const moveItems = (page) => page.locator('[data-moves] li');
const square = (page, sq) => page.locator(`[data-square="${sq}"]`);
const pieceOn = (page, sq) => page.locator(`[data-square="${sq}"] [data-piece]`);
const notice = (page) => page.locator('[data-notice]');
const confirmDialog = (page) => page.locator('[data-confirm-dialog]');
const has = (cls) => new RegExp(`(^|\\s)${cls}(\\s|$)`);

/**
 * Plays a move given with algebraic squares ('c3-d4', 'a5:c3:e1') by clicking each square, and
 * checks the move list shows it as `shown` (English lists numbers). The computer may already
 * have answered when the check runs, so it looks at the move's own place in the list.
 */
async function play(page, text, shown = text) {
  const path = text.split(/[-:x]/);
  const before = await moveItems(page).count();
  for (const sq of path) {
    if ((await moveItems(page).count()) > before) break;
    await square(page, sq).click();
  }
  await expect(moveItems(page).nth(before)).toHaveText(shown);
}

/** Opens the editor in `variant`, loads `fen` and presses Play (two players or vs computer). */
async function setUp(page, variant, fen, mode = 'hotseat') {
  await newGame(page, { variant });
  await openMenu(page);
  await page.click('#menu [data-action="editor"]');
  await page.fill('[data-fen-input]', fen);
  await page.press('[data-fen-input]', 'Enter');
  await page.click(`[data-action="editor-play-${mode}"]`);
  await expect(page.locator('[data-editor-dialog]')).not.toHaveAttribute('open', '');
}

async function box(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, `${selector} has a box`).not.toBeNull();
  return b;
}

// ---------- bug 1: the Czech king rule is named only when a king's capture is required ----------

test('Czech: a man’s forced capture is not explained as the king rule', async ({ page }) => {
  await newGame(page, { variant: 'czech' });
  await play(page, 'c3-d4');
  await play(page, 'f6-e5');
  await expect(status(page)).toHaveText('White must capture');
  await square(page, 'g3').click();
  await expect(notice(page)).toHaveText('A capture is compulsory');
});

test('Czech: when a king can capture, the man that could capture is refused by the king rule', async ({ page }) => {
  // The king on a1 can take b2; the man on e3 could take f4, but a king's capture comes first.
  await setUp(page, 'czech', 'W:WKa1,e3:Bb2,f4');
  await expect(status(page)).toHaveText('A king can capture, so a king must capture');
  await square(page, 'e3').click();
  await expect(notice(page)).toHaveText('In Czech a king must capture');
});

// ---------- bug 2: a game in progress is never discarded without asking ----------

test('New game, another variant or the editor’s New game ask before abandoning a game', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await play(page, 'c3-d4');
  await page.click('.controls [data-action="new-game"]');
  await expect(confirmDialog(page)).toHaveAttribute('open', '');
  await page.click('[data-action="confirm-no"]');
  await expect(confirmDialog(page)).not.toHaveAttribute('open', '');
  await expect(moveItems(page)).toHaveText(['c3-d4']);

  await openMenu(page);
  await menuItem(page, 'variant', 'czech').click();
  await expect(confirmDialog(page)).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await expect(moveItems(page)).toHaveText(['c3-d4']);
  await expect(page.locator('[data-variant-name]')).toContainText('Russian');

  // New game while the editor is open leaves the editor and asks about the game behind it.
  await openMenu(page);
  await page.click('#menu [data-action="editor"]');
  await openMenu(page);
  await page.click('#menu [data-action="new-game"]');
  await expect(page.locator('[data-editor-dialog]')).not.toHaveAttribute('open', '');
  await expect(confirmDialog(page)).toHaveAttribute('open', '');
  await page.click('[data-action="confirm-yes"]');
  await expect(moveItems(page)).toHaveCount(0);
  await expect(status(page)).toHaveAttribute('data-turn', 'white');
});

test('the Games list keeps an abandoned game: reopen it and export it as PDN', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await play(page, 'c3-d4');
  await play(page, 'f6-g5');
  await page.click('.controls [data-action="new-game"]');
  await page.click('[data-action="confirm-yes"]');
  await expect(moveItems(page)).toHaveCount(0);

  await openMenu(page);
  await page.click('#menu [data-action="games"]');
  await expect(page.locator('[data-games] li')).toHaveCount(1);
  await expect(page.locator('[data-games] li')).toContainText('Russian');
  await page.click('[data-games] li [data-action="games-pdn"]');
  await expect(page.locator('[data-pdn-text]')).toHaveValue(/1\. c3-d4 f6-g5 \*/);
  await page.click('[data-pdn-dialog] [data-action="close-dialog"]');

  // The list survives a reload; reopening puts the game back on the board.
  await page.reload();
  await waitReady(page);
  await openMenu(page);
  await page.click('#menu [data-action="games"]');
  await page.click('[data-games] li [data-action="games-open"]');
  await expect(moveItems(page)).toHaveText(['c3-d4', 'f6-g5']);
  await expect(pieceOn(page, 'g5')).toHaveAttribute('data-piece', 'black-man');
  await expect(status(page)).toHaveAttribute('data-turn', 'white');
  // The empty game it replaced is not kept.
  await openMenu(page);
  await page.click('#menu [data-action="games"]');
  await expect(page.locator('[data-games] li')).toHaveCount(0);
});

test('“Play Black” mid-game asks, then starts a new game with the computer as White', async ({ page }) => {
  await newGame(page, { variant: 'russian', mode: 'computer', level: 'easy', color: 'white' });
  await play(page, 'c3-d4');
  await expect(moveItems(page)).toHaveCount(2, { timeout: 20_000 });
  await openMenu(page);
  await menuItem(page, 'color', 'black').click();
  await expect(confirmDialog(page)).toHaveAttribute('open', '');
  await page.click('[data-action="confirm-yes"]');
  // The computer (White) opens the new game; the player has Black, at the bottom.
  await expect(moveItems(page)).toHaveCount(1, { timeout: 20_000 });
  await expect(status(page)).toHaveAttribute('data-turn', 'black');
  const a1 = await box(page, '[data-square="a1"]');
  const h8 = await box(page, '[data-square="h8"]');
  expect(a1.y).toBeLessThan(h8.y);
  await expect(page.locator('[data-opponent]')).toHaveText('Computer · Easy');
});

// ---------- bug 3: a second click on the selected piece deselects it ----------

test('clicking the selected piece again with the mouse deselects it', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await square(page, 'c3').click();
  await expect(square(page, 'c3')).toHaveClass(has('selected'));
  await expect(page.locator('.sq.target')).toHaveCount(2);
  await square(page, 'c3').click();
  await expect(square(page, 'c3')).not.toHaveClass(has('selected'));
  await expect(page.locator('.sq.target')).toHaveCount(0);
  // A drag still works after that.
  await square(page, 'c3').click();
  await square(page, 'd4').click();
  await expect(moveItems(page)).toHaveText(['c3-d4']);
});

// ---------- bug 4: the editor refuses positions that cannot be played ----------

test('the editor refuses an empty board and a position already lost, and keeps the game', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await play(page, 'c3-d4');
  await openMenu(page);
  await page.click('#menu [data-action="editor"]');
  await page.click('[data-action="editor-clear"]');
  await expect(page.locator('[data-fen-input]')).toHaveValue(/^[WB]:W:B$/);
  await page.click('[data-action="editor-play-hotseat"]');
  await expect(page.locator('[data-editor-error]')).toBeVisible();
  await expect(page.locator('[data-editor-error]')).toContainText('no pieces left');
  await expect(page.locator('[data-editor-dialog]')).toHaveAttribute('open', '');

  // White to move with its only man blocked: White has already lost.
  await page.fill('[data-fen-input]', 'W:Wa1:Bb2,c3');
  await page.press('[data-fen-input]', 'Enter');
  await page.click('[data-action="editor-play-computer"]');
  await expect(page.locator('[data-editor-error]')).toContainText('no legal moves');
  await expect(page.locator('[data-editor-dialog]')).toHaveAttribute('open', '');

  await page.click('[data-action="editor-cancel"]');
  await expect(moveItems(page)).toHaveText(['c3-d4']);
  await expect(status(page)).not.toHaveAttribute('data-result', /.*/);
});

// ---------- bug 5: messages have a fixed place, go when stale, and show their kind ----------

test('messages do not move the buttons, go when stale, and tell news from errors', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  // Black must capture a5:c3 and then choose c3:e5 or c3:e1.
  for (const m of ['c3-b4', 'b6-a5', 'd2-c3', 'c7-b6', 'e1-d2', 'd8-c7', 'c3-d4']) await play(page, m);
  const hint = await box(page, '[data-action="hint"]');
  await square(page, 'a5').click();
  await square(page, 'c3').click();
  await square(page, 'h6').click(); // not a landing square
  await expect(notice(page)).toHaveText('Continue the capture');
  await expect(notice(page)).toHaveAttribute('data-kind', 'error');
  expect(await box(page, '[data-action="hint"]')).toEqual(hint);
  await square(page, 'e1').click();
  await expect(moveItems(page)).toHaveCount(8);
  await expect(notice(page)).toBeHidden({ timeout: 1000 });
  expect(await box(page, '[data-action="hint"]')).toEqual(hint);

  await page.click('[data-action="hint"]');
  await expect(notice(page)).toHaveText(/^Hint: /, { timeout: 15_000 });
  await expect(notice(page)).toHaveAttribute('data-kind', 'info');
  expect(await box(page, '[data-action="hint"]')).toEqual(hint);
});

// ---------- bug 6: reload keeps the last-move highlight ----------

test('reload keeps the last move highlighted', async ({ page }) => {
  await newGame(page, { variant: 'english' });
  await play(page, 'f6-g5', '11-16'); // Black moves first
  await expect(square(page, 'g5')).toHaveClass(has('last'));
  await page.reload();
  await waitReady(page);
  await expect(square(page, 'f6')).toHaveClass(has('last'));
  await expect(square(page, 'g5')).toHaveClass(has('last'));
  await expect(page.locator('.sq.last')).toHaveCount(2);
});

// ---------- the board fills the screen ----------

for (const vp of [
  { name: 'desktop 1920×1080', width: 1920, height: 1080 },
  { name: 'desktop 1280×900', width: 1280, height: 900 },
]) {
  test(`${vp.name}: the board takes at least 80 % of the height, the panel beside it`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await openPage(page);
    const board = await box(page, '[data-board]');
    expect(board.height).toBeGreaterThanOrEqual(0.8 * vp.height);
    expect(board.y + board.height).toBeLessThanOrEqual(vp.height);
    const side = await box(page, '[data-status]');
    expect(side.x).toBeGreaterThanOrEqual(board.x + board.width);
    const controls = await box(page, '.controls');
    expect(controls.y + controls.height).toBeLessThanOrEqual(vp.height);
  });
}

test('tablet in portrait: the board takes the full width', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await openPage(page);
  const board = await box(page, '[data-board]');
  expect(board.width).toBeGreaterThanOrEqual(0.95 * 768);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
});

test('phone 360 px: the board fits the width, players and buttons show without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openPage(page);
  const board = await box(page, '[data-board]');
  expect(board.width).toBeGreaterThanOrEqual(340);
  expect(board.x + board.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const controls = await box(page, '.controls');
  expect(controls.y + controls.height).toBeLessThanOrEqual(740);
  await expect(page.locator('[data-opponent]')).toBeVisible();
});

// ---------- players, resign, draw, result ----------

test('the opponent and each side’s colour are shown by the board', async ({ page }) => {
  await newGame(page, { variant: 'russian', mode: 'computer', level: 'hard', color: 'white' });
  await expect(page.locator('[data-opponent]')).toHaveText('Computer · Hard');
  await expect(page.locator('[data-player="opponent"]')).toHaveAttribute('data-color', 'black');
  await expect(page.locator('[data-player="me"]')).toHaveAttribute('data-color', 'white');
  await newGame(page, { variant: 'russian', mode: 'hotseat', open: false });
  await expect(page.locator('[data-opponent]')).toHaveText('Two players');
});

test('resigning ends the game; the result ends the move list and the PDN', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await play(page, 'c3-d4');
  // Two players: the side to move (Black) resigns.
  await page.click('[data-action="resign"]');
  await page.click('[data-action="confirm-yes"]');
  await expect(status(page)).toHaveAttribute('data-result', 'white');
  await expect(status(page)).toContainText('Black resigned');
  await expect(page.locator('[data-result-line]')).toHaveText('2-0');
  await page.click('[data-over] button[value="close"]');
  await openMenu(page);
  await page.click('#menu [data-action="pdn"]');
  await expect(page.locator('[data-pdn-text]')).toHaveValue(/\[Result "2-0"\][\s\S]*1\. c3-d4 2-0/);
  await page.click('[data-pdn-dialog] [data-action="close-dialog"]');
  // A finished game is replaced without a question, and kept in the Games list.
  await page.click('.controls [data-action="new-game"]');
  await expect(confirmDialog(page)).not.toHaveAttribute('open', '');
  await expect(moveItems(page)).toHaveCount(0);
  await openMenu(page);
  await page.click('#menu [data-action="games"]');
  await expect(page.locator('[data-games] li')).toContainText('2-0');
});

test('a finished game ends its move list with the result in the variant’s form', async ({ page }) => {
  await setUp(page, 'english', 'B:W22:B18');
  await play(page, 'd4:b2', '18x25'); // Black takes White's last man
  await expect(status(page)).toHaveAttribute('data-result', 'black');
  await expect(page.locator('[data-result-line]')).toHaveText('0-1');
});

test('the computer accepts a draw when it is worse and declines when it is better', async ({ page }) => {
  test.setTimeout(90_000);
  // White (the player) has three kings against a man: the computer, as Black, accepts.
  await setUp(page, 'russian', 'W:WKa1,Kc1,Ke1:Bh8', 'computer');
  await expect(page.locator('[data-opponent]')).toContainText('Computer');
  await page.click('[data-action="draw"]');
  await expect(status(page)).toHaveAttribute('data-result', 'draw', { timeout: 20_000 });
  await expect(page.locator('[data-result-line]')).toHaveText('1-1');
  await page.click('[data-over] button[value="close"]');

  // A lone man against three kings: the computer declines and the game goes on.
  await openMenu(page);
  await page.click('#menu [data-action="editor"]');
  await page.fill('[data-fen-input]', 'W:Wa1:BKh8,Kf8,Kd8');
  await page.press('[data-fen-input]', 'Enter');
  await page.click('[data-action="editor-play-computer"]');
  await page.click('[data-action="draw"]');
  await expect(notice(page)).toHaveText('The computer declines the draw', { timeout: 20_000 });
  await expect(status(page)).not.toHaveAttribute('data-result', /.*/);
});

// ---------- analysis, capture marks, square numbers ----------

test('analysis: a tall bar beside the board, a numbered clickable best line, a best-move arrow', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await openMenu(page);
  await page.click('#menu [data-action="analysis"]');
  await closeMenu(page);
  const bar = await box(page, '[data-evalbar]');
  const board = await box(page, '[data-board]');
  expect(bar.height).toBeGreaterThanOrEqual(0.9 * board.height);
  expect(bar.x + bar.width).toBeLessThanOrEqual(board.x + 1);
  await expect(page.locator('[data-pv] [data-pv-index]').nth(2)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-pv] [data-pv-index]').first()).toHaveAttribute('data-number', '1.');
  await expect(page.locator('[data-arrows] [data-arrow="best"]')).toHaveCount(1);
  // A click on the line's second move shows the position after it.
  const second = page.locator('[data-pv] [data-pv-index="1"]');
  const texts = await page.locator('[data-pv] [data-pv-index]').allTextContents();
  await second.click();
  await expect(page.locator('[data-browsing]')).toBeVisible();
  const [, to] = texts[1].split(/[-:]/);
  await expect(pieceOn(page, to)).toHaveAttribute('data-piece', /^black-/);
  await page.click('[data-action="live"]');
  await expect(page.locator('[data-browsing]')).toBeHidden();
  await expect(pieceOn(page, to)).toHaveCount(0);
});

test('capture marks: the pieces that must capture and the pieces a move will take', async ({ page }) => {
  await newGame(page, { variant: 'russian' });
  await play(page, 'c3-d4');
  await play(page, 'f6-e5');
  await expect(pieceOn(page, 'd4')).toHaveClass(has('must-capture'));
  const ring = await pieceOn(page, 'd4').evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth));
  expect(ring).toBeGreaterThanOrEqual(4);
  await square(page, 'd4').click();
  await expect(pieceOn(page, 'e5')).toHaveClass(has('captured'));
  await expect(page.locator('[data-piece].captured')).toHaveCount(1);
});

test('English square numbers stay readable on top of the pieces', async ({ page }) => {
  await newGame(page, { variant: 'english' });
  const top = await page.evaluate(() => {
    const num = document.querySelector('[data-square="c3"] .num');
    num.style.pointerEvents = 'auto'; // so that hit testing can find it
    const r = num.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { text: num.textContent, onTop: hit === num };
  });
  expect(top).toEqual({ text: '22', onTop: true });
});

// ---------- language, display options, editor placement ----------

test('the page title and the pieces’ labels are translated', async ({ page }) => {
  await openPage(page);
  await expect(page).toHaveTitle(/Czech, Russian and English/);
  await expect(pieceOn(page, 'c3')).toHaveAttribute('aria-label', 'White man');
  await openMenu(page);
  await menuItem(page, 'lang', 'ru').click();
  await expect(page).toHaveTitle(/Шашки/);
  await expect(pieceOn(page, 'c3')).toHaveAttribute('aria-label', 'Белая простая');
  await expect(pieceOn(page, 'c7')).toHaveAttribute('aria-label', 'Чёрная простая');
  await openMenu(page);
  await menuItem(page, 'lang', 'cs').click();
  await expect(page).toHaveTitle(/česká/);
  await expect(pieceOn(page, 'c3')).toHaveAttribute('aria-label', 'Bílý kámen');
});

test('display options: switches for on/off settings, a pick-one group for themes', async ({ page }) => {
  await openPage(page);
  await openMenu(page);
  const sound = page.locator('[data-toggle="sound"]');
  await expect(sound).toHaveAttribute('role', 'switch');
  await expect(sound).toHaveAttribute('aria-checked', 'false');
  await sound.click();
  await expect(sound).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('[role="radiogroup"] [data-theme]')).toHaveCount(3);
  await page.click('button[data-theme="green"]');
  await expect(page.locator('button[data-theme="green"]')).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('button[data-theme="wood"]')).toHaveAttribute('aria-checked', 'false');
});

for (const vp of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`the editor covers neither the status nor the buttons, Play visible at ${vp.width} px`, async ({ page }) => {
    await page.setViewportSize(vp);
    await openPage(page);
    await openMenu(page);
    await page.click('#menu [data-action="editor"]');
    const panel = await box(page, '[data-editor-dialog]');
    const st = await box(page, '[data-status]');
    const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap(panel, st)).toBe(false);
    expect(overlap(panel, await box(page, '[data-board]'))).toBe(false);
    for (const sel of ['[data-action="editor-play-hotseat"]', '[data-action="editor-cancel"]']) {
      const b = await box(page, sel);
      expect(b.y + b.height, `${sel} is visible without scrolling`).toBeLessThanOrEqual(vp.height);
    }
  });
}
