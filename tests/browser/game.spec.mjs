// Browser tests of the built page (dist/), written against the page's stable hooks only:
// [data-square], [data-piece], .movable / .must-capture / .target / .hint / .faded,
// [data-action], [data-variant|mode|level|color|lang], [data-status] (data-turn, data-result),
// [data-moves] li, [data-thinking], [data-notice], <dialog open>, localStorage shashki.*.
//
// Every test gets a fresh browser context (fresh localStorage). An automatic fixture fails any test
// that logged a console error or threw an uncaught exception, or made a request that left the
// test server's origin.
import { get as httpGet } from 'node:http';
import { test, expect, status, ITEM, menuItem, waitReady, openMenu, closeMenu, openPage, newGame } from './fixtures.mjs';

// ---------- board geometry ----------

const FILES = 'abcdefgh';
/** Dark squares in numbering order: SQUARES[0] = square 1 = b8, SQUARES[31] = square 32 = g1. */
const SQUARES = [];
for (let row = 0; row < 8; row++) {
  for (let k = 0; k < 4; k++) SQUARES.push(FILES[row % 2 === 0 ? 2 * k + 1 : 2 * k] + (8 - row));
}
const numberOf = (sq) => SQUARES.indexOf(sq) + 1;
const algebraic = (s) => (/^\d+$/.test(s) ? SQUARES[Number(s) - 1] : s);
/** The squares a move text visits: 'c3:e5:c7' → [c3, e5, c7]; '14x23' → [c5, f4]. */
const movePath = (text) => text.split(/[-:x]/).map(algebraic);
const sortByNumber = (list) => [...list].sort((a, b) => numberOf(a) - numberOf(b));

const START = {};
for (let n = 1; n <= 12; n++) START[SQUARES[n - 1]] = 'black-man';
for (let n = 21; n <= 32; n++) START[SQUARES[n - 1]] = 'white-man';

// ---------- fixtures: console errors and foreign requests fail every test ----------


// ---------- helpers ----------

const moveItems = (page) => page.locator('[data-moves] li');
const square = (page, sq) => page.locator(`[data-square="${algebraic(sq)}"]`);
const pieceOn = (page, sq) => page.locator(`[data-square="${algebraic(sq)}"] [data-piece]`);
const thinking = (page) => page.locator('[data-thinking]');
const TARGET = /(^|\s)target(\s|$)/;

/**
 * A ☰ menu item such as [data-variant="czech"]. The page also marks other elements with the same
 * attributes (the move list carries data-variant), so the item is the clickable one: a button,
 * link, menu item or input.
 */




/** Square → piece kind for every occupied square. */
function boardPieces(page) {
  return page.evaluate(() => {
    const out = {};
    for (const cell of document.querySelectorAll('[data-square]')) {
      const p = cell.querySelector('[data-piece]');
      if (p) out[cell.dataset.square] = p.dataset.piece;
    }
    return out;
  });
}

/** Squares holding a piece with class `cls` (movable, must-capture, faded), in number order. */
async function piecesWith(page, cls) {
  const list = await page.evaluate(
    (c) => [...document.querySelectorAll(`[data-square] [data-piece].${c}`)].map((p) => p.closest('[data-square]').dataset.square),
    cls,
  );
  return sortByNumber(list);
}

/** Squares with class `cls` (target, hint), in number order. */
async function squaresWith(page, cls) {
  const list = await page.evaluate(
    (c) => [...document.querySelectorAll(`[data-square].${c}`)].map((s) => s.dataset.square),
    cls,
  );
  return sortByNumber(list);
}

async function moveTexts(page) {
  return (await moveItems(page).allTextContents()).map((s) => s.trim());
}

async function center(page, sq) {
  const box = await square(page, sq).boundingBox();
  expect(box, `square ${sq} has a box`).not.toBeNull();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Pointer down on the piece on `from`, a move in steps, pointer up on `to`. */
async function drag(page, from, to) {
  const a = await center(page, from);
  const b = await center(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) * 0.2, a.y + (b.y - a.y) * 0.2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/**
 * Plays one move given in the variant's notation: clicks (or drags) the piece, then each landing
 * square in turn, checking that each is marked `target` before it is used. If the page completes
 * a capture on its own once the rest of it is forced, the remaining landings are not clicked
 * (`allLegs: true` makes that a failure instead). Returns when the move is in the move list.
 */
async function playMove(page, text, { by = 'click', allLegs = false } = {}) {
  const path = movePath(text);
  const list = moveItems(page);
  const before = await list.count();
  if (by === 'click') await square(page, path[0]).click();
  for (let i = 1; i < path.length; i++) {
    if (i > 1 && (await list.count()) > before) {
      expect(allLegs, `${text}: the page finished the capture after ${path.slice(0, i).join(':')}`).toBe(false);
      break;
    }
    if (by === 'click') {
      await expect(square(page, path[i]), `${path[i]} is a target after ${path.slice(0, i).join(',')}`).toHaveClass(TARGET);
      await square(page, path[i]).click();
    } else {
      if (i > 1) await expect(square(page, path[i]), `${path[i]} is a target`).toHaveClass(TARGET);
      await drag(page, path[i - 1], path[i]);
    }
  }
  await expect.poll(() => list.count(), { message: `${text} entered the move list` }).toBeGreaterThan(before);
  await expect(list.nth(before)).toContainText(text);
}

/** Installs an observer that remembers whether [data-thinking] was ever present from now on. */
async function watchThinking(page) {
  await page.evaluate(() => {
    window.__thinkingSeen = !!document.querySelector('[data-thinking]');
    window.__thinkingObserver?.disconnect();
    window.__thinkingObserver = new MutationObserver(() => {
      if (document.querySelector('[data-thinking]')) window.__thinkingSeen = true;
    });
    window.__thinkingObserver.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  });
}
const thinkingSeen = (page) => page.evaluate(() => window.__thinkingSeen === true);

/** Waits for the computer's reply: [data-thinking] was seen, is gone, and the list has `plies`. */
async function waitForComputer(page, plies) {
  await expect.poll(() => thinkingSeen(page), { message: '[data-thinking] appeared' }).toBe(true);
  await expect(thinking(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(moveItems(page)).toHaveCount(plies);
}

/**
 * Plays a whole hotseat game by clicks: each ply takes the movable piece with the lowest square
 * number, then the lowest-numbered target square until the move is complete. Returns the plies.
 */
async function playOutGame(page, maxPlies) {
  for (let ply = 0; ply < maxPlies; ply++) {
    const s = await page.evaluate(() => ({
      result: document.querySelector('[data-status]').dataset.result || null,
      count: document.querySelectorAll('[data-moves] li').length,
      movable: [...document.querySelectorAll('[data-square] [data-piece].movable')].map(
        (p) => p.closest('[data-square]').dataset.square,
      ),
    }));
    if (s.result) return s.count;
    expect(s.movable.length, `ply ${ply + 1}: some piece is movable`).toBeGreaterThan(0);
    await square(page, sortByNumber(s.movable)[0]).click();
    for (let leg = 0; ; leg++) {
      expect(leg, `ply ${ply + 1}: the move completes`).toBeLessThan(20);
      const targets = await squaresWith(page, 'target');
      expect(targets.length, `ply ${ply + 1}: the selection has targets`).toBeGreaterThan(0);
      await square(page, targets[0]).click();
      if ((await moveItems(page).count()) > s.count) break;
    }
  }
  return moveItems(page).count();
}

// ---------- the server ----------

/** Status of a GET sent with the path exactly as written. */
function rawStatus(baseURL, path) {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: hostname, port, path }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
  });
}

test.describe('static server', () => {
  test('serves the page, the modules and the wasm with the right types, and nothing outside dist/', async ({ request, baseURL }) => {
    const index = await request.get('/');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toMatch(/^text\/html/);
    const html = await index.text();

    const wasm = await request.get('/shashki-wasm_bg.wasm');
    expect(wasm.status()).toBe(200);
    expect(wasm.headers()['content-type']).toBe('application/wasm');
    const glue = await request.get('/shashki-wasm.js');
    expect(glue.status()).toBe(200);
    expect(glue.headers()['content-type']).toMatch(/^text\/javascript/);
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    for (const src of scripts) {
      const r = await request.get(new URL(src, 'http://x/').pathname);
      expect(r.status(), src).toBe(200);
      expect(r.headers()['content-type'], src).toMatch(/^text\/javascript/);
    }

    // Raw requests, so that no client normalises the dot segments away.
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/web/../../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/no-such-file.js']) {
      expect(await rawStatus(baseURL, path), path).toBe(404);
    }
  });
});

// ---------- variants from the menu ----------

test.describe('variants', () => {
  const cases = [
    { variant: 'czech', turn: 'white', movable: ['a3', 'c3', 'e3', 'g3'], piece: 'white-man', select: 'c3', targets: ['b4', 'd4'] },
    { variant: 'russian', turn: 'white', movable: ['a3', 'c3', 'e3', 'g3'], piece: 'white-man', select: 'c3', targets: ['b4', 'd4'] },
    { variant: 'english', turn: 'black', movable: ['b6', 'd6', 'f6', 'h6'], piece: 'black-man', select: 'b6', targets: ['a5', 'c5'] },
  ];
  for (const c of cases) {
    test(`${c.variant} from the ☰ menu starts with ${c.turn} to move`, async ({ page }) => {
      await newGame(page, { variant: c.variant });
      await expect(status(page)).toHaveAttribute('data-turn', c.turn);
      expect(await boardPieces(page)).toEqual(START);
      await expect(moveItems(page)).toHaveCount(0);
      expect(await piecesWith(page, 'movable')).toEqual(c.movable);
      for (const sq of c.movable) await expect(pieceOn(page, sq)).toHaveAttribute('data-piece', c.piece);
      expect(await piecesWith(page, 'must-capture')).toEqual([]);
      await square(page, c.select).click();
      expect(await squaresWith(page, 'target')).toEqual(c.targets);
    });
  }

  test('the variant menu also works in computer mode (English: the computer, as Black, moves first)', async ({ page }) => {
    await openPage(page);
    await watchThinking(page);
    await newGame(page, { variant: 'english', mode: 'computer', level: 'easy', color: 'white', open: false });
    await waitForComputer(page, 1);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    const first = (await moveTexts(page))[0];
    expect(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']).toContain(first);
    expect((await piecesWith(page, 'movable')).length).toBeGreaterThan(0);
    for (const sq of await piecesWith(page, 'movable')) await expect(pieceOn(page, sq)).toHaveAttribute('data-piece', 'white-man');
  });
});

// ---------- entering moves ----------

test.describe('moves by click and by drag', () => {
  test('quiet move by clicks (Russian c3-d4)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    await square(page, 'c3').click();
    expect(await squaresWith(page, 'target')).toEqual(['b4', 'd4']);
    await square(page, 'd4').click();
    await expect(moveItems(page)).toHaveCount(1);
    await expect(moveItems(page).first()).toContainText('c3-d4');
    await expect(pieceOn(page, 'd4')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'c3')).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
    expect(await squaresWith(page, 'target')).toEqual([]);
  });

  test('quiet move by drag (Russian c3-d4, then f6-e5)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    await drag(page, 'c3', 'd4');
    await expect(moveItems(page)).toHaveCount(1);
    await expect(moveItems(page).first()).toContainText('c3-d4');
    await expect(pieceOn(page, 'd4')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'c3')).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
    await drag(page, 'f6', 'e5');
    await expect(moveItems(page)).toHaveCount(2);
    await expect(moveItems(page).nth(1)).toContainText('f6-e5');
    await expect(pieceOn(page, 'e5')).toHaveAttribute('data-piece', 'black-man');
  });

  test('English quiet move by clicks uses numeric notation (9-14)', async ({ page }) => {
    await newGame(page, { variant: 'english' });
    await playMove(page, '9-14');
    await expect(moveItems(page).first()).toHaveText(/\b9-14\b/);
    await expect(pieceOn(page, 'c5')).toHaveAttribute('data-piece', 'black-man');
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
  });

  test('forced capture is marked and taken by clicks (Russian c3-d4 f6-e5 d4:f6)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    await playMove(page, 'c3-d4');
    await playMove(page, 'f6-e5');
    await expect(pieceOn(page, 'd4')).toHaveClass(/(^|\s)must-capture(\s|$)/);
    expect(await piecesWith(page, 'must-capture')).toEqual(['d4']);
    expect(await piecesWith(page, 'movable')).toEqual(['d4']);
    // Another piece cannot be moved while a capture is due.
    await square(page, 'g3').click();
    expect(await squaresWith(page, 'target')).toEqual([]);
    await square(page, 'd4').click();
    expect(await squaresWith(page, 'target')).toEqual(['f6']);
    await square(page, 'f6').click();
    await expect(moveItems(page)).toHaveCount(3);
    await expect(moveItems(page).nth(2)).toContainText('d4:f6');
    await expect(pieceOn(page, 'f6')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'e5')).toHaveCount(0);
    await expect(pieceOn(page, 'd4')).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
    // Black must now take the man on f6, with e7 or g7.
    expect(await piecesWith(page, 'must-capture')).toEqual(['e7', 'g7']);
  });

  test('forced capture taken by drag (Russian d4:f6)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    await playMove(page, 'c3-d4', { by: 'drag' });
    await playMove(page, 'f6-e5', { by: 'drag' });
    expect(await piecesWith(page, 'must-capture')).toEqual(['d4']);
    await playMove(page, 'd4:f6', { by: 'drag' });
    await expect(pieceOn(page, 'f6')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'e5')).toHaveCount(0);
  });

  // c3-b4 b6-a5 e3-d4: Black's only move is the double capture a5:c3:e5 (a man capturing backward).
  test('double capture by clicks (Russian a5:c3:e5)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    for (const m of ['c3-b4', 'b6-a5', 'e3-d4']) await playMove(page, m);
    expect(await piecesWith(page, 'must-capture')).toEqual(['a5']);
    await playMove(page, 'a5:c3:e5');
    await expect(pieceOn(page, 'e5')).toHaveAttribute('data-piece', 'black-man');
    for (const sq of ['a5', 'b4', 'c3', 'd4']) await expect(pieceOn(page, sq)).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
  });

  test('double capture by drag (Russian a5:c3:e5)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    for (const m of ['c3-b4', 'b6-a5', 'e3-d4']) await playMove(page, m, { by: 'drag' });
    await playMove(page, 'a5:c3:e5', { by: 'drag' });
    await expect(pieceOn(page, 'e5')).toHaveAttribute('data-piece', 'black-man');
    for (const sq of ['a5', 'b4', 'c3', 'd4']) await expect(pieceOn(page, sq)).toHaveCount(0);
  });

  // c3-b4 b6-a5 d2-c3 c7-b6 e1-d2 d8-c7 c3-d4: Black must capture a5:c3 and then choose
  // c3:e5 (over d4) or c3:e1 (over d2, crowning). The capture is not decided after the first
  // landing, so the page has to show the mid-capture state.
  const BRANCH = ['c3-b4', 'b6-a5', 'd2-c3', 'c7-b6', 'e1-d2', 'd8-c7', 'c3-d4'];

  test('multi-capture by clicks, each landing in turn, captured pieces faded until it ends (Russian a5:c3:e1)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    for (const m of BRANCH) await playMove(page, m);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
    expect(await piecesWith(page, 'must-capture')).toEqual(['a5']);
    await square(page, 'a5').click();
    expect(await squaresWith(page, 'target')).toEqual(['c3']);
    await square(page, 'c3').click();
    await expect(moveItems(page)).toHaveCount(BRANCH.length);
    // Mid-capture: b4 is captured but still on the board, faded; two ways on.
    await expect(pieceOn(page, 'b4')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'b4')).toHaveClass(/(^|\s)faded(\s|$)/);
    expect(await squaresWith(page, 'target')).toEqual(['e1', 'e5'].sort((a, b) => numberOf(a) - numberOf(b)));
    await square(page, 'e1').click();
    await expect(moveItems(page)).toHaveCount(BRANCH.length + 1);
    await expect(moveItems(page).last()).toContainText('a5:c3:e1');
    for (const sq of ['a5', 'b4', 'c3', 'd2']) await expect(pieceOn(page, sq)).toHaveCount(0);
    await expect(pieceOn(page, 'd4')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'e1')).toHaveAttribute('data-piece', 'black-king');
    expect(await piecesWith(page, 'faded')).toEqual([]);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
  });

  test('multi-capture by dragging each leg (Russian a5:c3:e5)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    for (const m of BRANCH) await playMove(page, m);
    await drag(page, 'a5', 'c3');
    await expect(pieceOn(page, 'b4')).toHaveClass(/(^|\s)faded(\s|$)/);
    await expect(square(page, 'e5')).toHaveClass(TARGET);
    await drag(page, 'c3', 'e5');
    await expect(moveItems(page)).toHaveCount(BRANCH.length + 1);
    await expect(moveItems(page).last()).toContainText('a5:c3:e5');
    for (const sq of ['a5', 'b4', 'c3', 'd4']) await expect(pieceOn(page, sq)).toHaveCount(0);
    await expect(pieceOn(page, 'd2')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'e5')).toHaveAttribute('data-piece', 'black-man');
  });

  // English: 9-13 21-17 5-9 17-14 10x17 25-21 7-10, then White's 21x14 goes on to 5 or 7.
  test('English multi-capture by clicks (21x14x7)', async ({ page }) => {
    await newGame(page, { variant: 'english' });
    for (const m of ['9-13', '21-17', '5-9', '17-14', '10x17', '25-21', '7-10']) await playMove(page, m);
    expect(await piecesWith(page, 'must-capture')).toEqual([algebraic('21')]);
    await playMove(page, '21x14x7', { allLegs: true });
    await expect(moveItems(page).last()).toHaveText(/21x14x7/);
    await expect(pieceOn(page, '7')).toHaveAttribute('data-piece', 'white-man');
    for (const n of ['21', '17', '14', '10']) await expect(pieceOn(page, n)).toHaveCount(0);
  });

  // Czech: c3-b4 b6-c5 b2-c3 c5-d4 e3:c5 c7-b6 f2-e3, then Black's b6:d4 goes on to b2 or f2.
  test('Czech multi-capture by clicks (b6:d4:f2)', async ({ page }) => {
    await newGame(page, { variant: 'czech' });
    for (const m of ['c3-b4', 'b6-c5', 'b2-c3', 'c5-d4', 'e3:c5', 'c7-b6', 'f2-e3']) await playMove(page, m);
    expect(await piecesWith(page, 'must-capture')).toEqual(['b6']);
    await playMove(page, 'b6:d4:f2', { allLegs: true });
    await expect(pieceOn(page, 'f2')).toHaveAttribute('data-piece', 'black-man');
    for (const sq of ['b6', 'c5', 'd4', 'e3']) await expect(pieceOn(page, sq)).toHaveCount(0);
  });
});

// ---------- a whole game ----------

test.describe('finished games', () => {
  test('hotseat Czech played to the end by clicks; the game-over dialog starts a new game', async ({ page }) => {
    test.setTimeout(180_000);
    await newGame(page, { variant: 'czech' });
    const plies = await playOutGame(page, 200);
    // The same deterministic choice (lowest piece, lowest target) with the engine's rules ends
    // after 44 plies with Black taking White's last piece.
    await expect(status(page)).toHaveAttribute('data-result', 'black');
    expect(plies).toBe(44);
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-action="new-game"]')).toBeVisible();
    await dialog.locator('[data-action="new-game"]').click();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(moveItems(page)).toHaveCount(0);
    await expect(status(page)).not.toHaveAttribute('data-result', /.*/);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    expect(await boardPieces(page)).toEqual(START);
  });

  test('hotseat English played to a draw by threefold repetition', async ({ page }) => {
    test.setTimeout(240_000);
    await newGame(page, { variant: 'english' });
    const plies = await playOutGame(page, 200);
    await expect(status(page)).toHaveAttribute('data-result', 'draw');
    expect(plies).toBe(95);
    await expect(page.locator('dialog[open] [data-action="new-game"]')).toBeVisible();
  });
});

// ---------- against the computer ----------

test.describe('vs computer', () => {
  test('the computer answers a move (Easy, Russian)', async ({ page, guard }) => {
    await newGame(page, { variant: 'russian', mode: 'computer', level: 'easy', color: 'white' });
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    await watchThinking(page);
    await playMove(page, 'c3-d4');
    await waitForComputer(page, 2);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    const texts = await moveTexts(page);
    expect(texts[0]).toContain('c3-d4');
    expect(texts[1]).toMatch(/^[a-h][1-8][-:][a-h][1-8]/);
    expect((await piecesWith(page, 'movable')).length).toBeGreaterThan(0);
    // The engine (wasm) was loaded from the test server, like everything else.
    expect(guard.requests.some((r) => r.url.endsWith('.wasm'))).toBe(true);
  });

  test('the page stays responsive while the computer thinks (Hard)', async ({ page }) => {
    await newGame(page, { variant: 'russian', mode: 'computer', level: 'hard', color: 'white' });
    await page.click('[data-square="c3"]');
    // The last click, the menu and the timer probe run in one page task, so the probe is sure
    // to overlap the computer's second of thinking however loaded the machine is.
    const probe = await page.evaluate(
      (menuItem) =>
        new Promise((resolve) => {
          const long = [];
          new PerformanceObserver((l) => l.getEntries().forEach((e) => long.push(Math.round(e.duration)))).observe({
            type: 'longtask',
          });
          const d4 = document.querySelector('[data-square="d4"]');
          d4.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1, isPrimary: true }));
          const thinkingAtStart = !!document.querySelector('[data-thinking]');
          const movableWhileThinking = document.querySelectorAll('[data-piece].movable').length;
          document.querySelector('[data-action="menu"]').click();
          const t0 = performance.now();
          let menuWhileThinking = null;
          let last = t0;
          let ticks = 0;
          let maxGap = 0;
          const id = setInterval(() => {
            const now = performance.now();
            maxGap = Math.max(maxGap, now - last);
            last = now;
            ticks++;
            const thinking = !!document.querySelector('[data-thinking]');
            if (menuWhileThinking === null && thinking) {
              menuWhileThinking = !!document.querySelector(menuItem)?.checkVisibility();
            }
            if (!thinking || now - t0 > 10_000) {
              clearInterval(id);
              resolve({ thinkingAtStart, movableWhileThinking, menuWhileThinking, ticks, maxGap: Math.round(maxGap), ms: Math.round(now - t0), longTask: Math.max(0, ...long) });
            }
          }, 20);
        }),
      `${ITEM}[data-variant="russian"]`,
    );
    expect(probe.thinkingAtStart, JSON.stringify(probe)).toBe(true);
    // The human cannot move while the computer thinks, but the menu opens.
    expect(probe.movableWhileThinking, JSON.stringify(probe)).toBe(0);
    expect(probe.menuWhileThinking, JSON.stringify(probe)).toBe(true);
    // Hard thinks about a second, and timers keep firing all the while. Generous bounds: a loaded
    // 2-core CI machine delays timers, but a blocked main thread (the engine searching on it)
    // would stall them, in one long task, for the whole second.
    expect(probe.ms, JSON.stringify(probe)).toBeGreaterThan(500);
    expect(probe.maxGap, `longest gap between 20 ms timer ticks while thinking (${JSON.stringify(probe)})`).toBeLessThan(500);
    expect(probe.longTask, `longest main-thread task while thinking (${JSON.stringify(probe)})`).toBeLessThan(200);
    await page.keyboard.press('Escape');
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    await expect(page.locator('[data-moves] li')).toHaveCount(2);
  });

  test('undo goes back to the human turn, redo restores both moves (Easy)', async ({ page }) => {
    await newGame(page, { variant: 'russian', mode: 'computer', level: 'easy', color: 'white' });
    await watchThinking(page);
    await playMove(page, 'c3-d4');
    await waitForComputer(page, 2);
    const played = await moveTexts(page);
    const position = await boardPieces(page);
    await page.locator('[data-action="undo"]').first().click();
    await expect(moveItems(page)).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    expect(await boardPieces(page)).toEqual(START);
    expect(await piecesWith(page, 'movable')).toEqual(['a3', 'c3', 'e3', 'g3']);
    await page.locator('[data-action="redo"]').first().click();
    await expect(moveItems(page)).toHaveCount(2);
    expect(await moveTexts(page)).toEqual(played);
    expect(await boardPieces(page)).toEqual(position);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    await expect(thinking(page)).toHaveCount(0);
  });
});

// ---------- hint, undo/redo, flip ----------

test.describe('controls', () => {
  test('hint marks a legal move of the side to move (Hard)', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    await page.locator('[data-action="hint"]').first().click();
    await expect.poll(async () => (await squaresWith(page, 'hint')).length, { timeout: 15_000 }).toBe(2);
    const marked = await squaresWith(page, 'hint');
    const pieces = await boardPieces(page);
    const from = marked.find((sq) => pieces[sq]);
    const to = marked.find((sq) => !pieces[sq]);
    expect(from, 'one hint square holds a piece').toBeTruthy();
    expect(to, 'one hint square is empty').toBeTruthy();
    expect(['a3', 'c3', 'e3', 'g3']).toContain(from);
    expect(pieces[from]).toBe('white-man');
    await square(page, from).click();
    expect(await squaresWith(page, 'target')).toContain(to);
    await square(page, to).click();
    await expect(moveItems(page)).toHaveCount(1);
    await expect(moveItems(page).first()).toContainText(`${from}-${to}`);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
  });

  test('undo and redo in hotseat step one move at a time', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    await playMove(page, 'c3-d4');
    await playMove(page, 'f6-e5');
    const after2 = await boardPieces(page);
    const undo = page.locator('[data-action="undo"]').first();
    const redo = page.locator('[data-action="redo"]').first();
    await undo.click();
    await expect(moveItems(page)).toHaveCount(1);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
    await expect(pieceOn(page, 'f6')).toHaveAttribute('data-piece', 'black-man');
    await expect(pieceOn(page, 'e5')).toHaveCount(0);
    await undo.click();
    await expect(moveItems(page)).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    expect(await boardPieces(page)).toEqual(START);
    await redo.click();
    await expect(moveItems(page)).toHaveCount(1);
    await redo.click();
    await expect(moveItems(page)).toHaveCount(2);
    expect(await moveTexts(page)).toEqual(['c3-d4', 'f6-e5'].map((m) => expect.stringContaining(m)));
    expect(await boardPieces(page)).toEqual(after2);
    expect(await piecesWith(page, 'must-capture')).toEqual(['d4']);
    // A new move after an undo drops what could have been redone.
    await undo.click();
    await expect(moveItems(page)).toHaveCount(1);
    await playMove(page, 'f6-g5');
    if (await redo.isEnabled()) await redo.click();
    await expect(moveItems(page)).toHaveCount(2);
    await expect(moveItems(page).nth(1)).toContainText('f6-g5');
  });

  test('flip turns the board over', async ({ page }) => {
    await newGame(page, { variant: 'russian' });
    const a1 = await center(page, 'a1');
    const h8 = await center(page, 'h8');
    expect(a1.y).toBeGreaterThan(h8.y);
    expect(a1.x).toBeLessThan(h8.x);
    await page.locator('[data-action="flip"]').first().click();
    await expect.poll(async () => (await center(page, 'a1')).y).toBeLessThan((await center(page, 'h8')).y);
    expect((await center(page, 'a1')).x).toBeGreaterThan((await center(page, 'h8')).x);
    expect(await boardPieces(page)).toEqual(START);
  });
});

// ---------- storage ----------

test.describe('storage', () => {
  test('reload restores the game, the variant and the mode (English hotseat)', async ({ page }) => {
    await newGame(page, { variant: 'english' });
    for (const m of ['9-13', '22-18', '5-9', '24-19', '13-17']) await playMove(page, m);
    await playMove(page, '21x14x5');
    const texts = await moveTexts(page);
    const pieces = await boardPieces(page);
    const turn = await status(page).getAttribute('data-turn');
    expect(texts).toHaveLength(6);
    expect(await page.evaluate(() => localStorage.getItem('shashki.game'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('shashki.settings'))).toBeTruthy();
    await page.reload();
    await waitReady(page);
    await expect(moveItems(page)).toHaveCount(6);
    expect(await moveTexts(page)).toEqual(texts);
    expect(await boardPieces(page)).toEqual(pieces);
    await expect(status(page)).toHaveAttribute('data-turn', turn);
    // Still hotseat: Black (no computer) moves next, and the game goes on.
    await expect(thinking(page)).toHaveCount(0);
    expect((await piecesWith(page, 'movable')).length).toBeGreaterThan(0);
    await expect(page.locator('[data-notice]')).toBeHidden();
  });

  test('reload restores a game against the computer', async ({ page }) => {
    await newGame(page, { variant: 'russian', mode: 'computer', level: 'easy', color: 'white' });
    await watchThinking(page);
    await playMove(page, 'c3-d4');
    await waitForComputer(page, 2);
    const texts = await moveTexts(page);
    await page.reload();
    await waitReady(page);
    await expect(moveItems(page)).toHaveCount(2);
    expect(await moveTexts(page)).toEqual(texts);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
  });

  const corruptions = [
    { name: 'unparsable game', key: 'shashki.game', value: '{garbage' },
    { name: 'a game with an illegal move', key: 'shashki.game', value: JSON.stringify({ variant: 'russian', moves: ['c3-e5'] }) },
    { name: 'unparsable settings', key: 'shashki.settings', value: '{garbage' },
  ];
  for (const c of corruptions) {
    test(`corrupted storage (${c.name}) gives a fresh game and a notice`, async ({ page }) => {
      await openPage(page);
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [c.key, c.value]);
      await page.reload();
      await waitReady(page);
      expect(await boardPieces(page)).toEqual(START);
      await expect(moveItems(page)).toHaveCount(0);
      await expect(page.locator('[data-notice]')).toBeVisible();
      await expect(page.locator('[data-notice]')).not.toHaveText('');
      expect((await piecesWith(page, 'movable')).length).toBe(4);
    });
  }
});

// ---------- languages ----------

test.describe('languages', () => {
  test('switching the interface language (cs, then ru) changes the text and survives reload', async ({ page }) => {
    await openPage(page);
    const undo = page.locator('[data-action="undo"]').first();
    const before = { lang: await page.evaluate(() => document.documentElement.lang), undo: (await undo.textContent()).trim() };
    expect(before.lang).toBe('en');
    await openMenu(page);
    await menuItem(page, 'lang', 'cs').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('cs');
    await expect(undo).not.toHaveText(before.undo);
    const cs = (await undo.textContent()).trim();
    await page.reload();
    await waitReady(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('cs');
    await expect(undo).toHaveText(cs);
    await openMenu(page);
    await menuItem(page, 'lang', 'ru').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await expect(undo).not.toHaveText(cs);
    await expect(undo).not.toHaveText(before.undo);
    await expect(undo).toHaveText(/[А-Яа-яЁё]/);
  });
});
