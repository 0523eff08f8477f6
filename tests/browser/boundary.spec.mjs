// Bad input at the wasm boundary: every export, fed malformed or hostile values, throws a JS
// Error with a readable message — never a wasm trap (RuntimeError) — and leaves the game value
// it was given unchanged.
import { test, expect } from './fixtures.mjs';

test('the wasm exports reject bad input with clear errors and never trap', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForSelector('[data-piece]');
  const results = await page.evaluate(async () => {
    const m = await import('/shashki-wasm.js');
    const game = m.new_game('russian');
    const before = JSON.stringify(game);
    const cases = {
      'unknown variant': () => m.new_game('polish'),
      'malformed FEN': () => m.game_from_fen('russian', 'W:W33:B1'),
      'FEN without side': () => m.game_from_fen('russian', ':W21:B1'),
      'empty FEN': () => m.check_fen(''),
      'FEN with 13 men': () => m.check_fen('W:W13-25:B1'),
      'illegal move': () => m.apply(game, 'c3-e5'),
      'not a move': () => m.apply(game, 'hello'),
      'empty move': () => m.apply(game, ''),
      'light square': () => m.apply(game, 'c3-c4'),
      'wrong-variant notation': () => m.apply(m.new_game('english'), '22-18'),
      'a string as game': () => m.view('not a game'),
      'null game': () => m.legal_moves(null),
      'game with a bad move': () => m.view({ ...game, moves: ['c3-d4', 'c3-d4'] }),
      'game with a bad start': () => m.view({ ...game, start: 'W:W99:B1' }),
      'game with a bad variant': () => m.view({ ...game, variant: 'checkers!' }),
      'moves not strings': () => m.view({ ...game, moves: [1, 2, 3] }),
      'negative movetime': () => m.best_move(game, { movetime: -5 }),
      'depth 1000': () => m.best_move(game, { depth: 1000 }),
      'NaN nodes': () => m.best_move(game, { nodes: NaN }),
      'unknown level': () => m.best_move(game, { level: 'grandmaster' }),
      'analysis at level easy': () => m.best_move(game, { level: 'easy', analysis: true }),
      'options not an object': () => m.best_move(game, 42),
      'broken PDN': () => m.from_pdn('1. c3-d4 c3-d4', 'russian'),
      'PDN unknown GameType': () => m.from_pdn('[GameType "99"]\n1. c3-d4', 'russian'),
      'undo of a bad game': () => m.undo({ variant: 'russian' }),
      'PDN tags not an object': () => m.to_pdn(game, 'x'),
    };
    const out = {};
    for (const [name, f] of Object.entries(cases)) {
      try {
        f();
        out[name] = { threw: false };
      } catch (e) {
        out[name] = { threw: true, error: e instanceof Error, trap: e instanceof WebAssembly.RuntimeError, message: String(e.message) };
      }
    }
    // The engine still works afterwards, and the game value passed in is untouched.
    const after = m.apply(game, 'c3-d4');
    return { out, unchanged: JSON.stringify(game) === before, stillWorks: after.moves.length === 1 };
  });
  for (const [name, r] of Object.entries(results.out)) {
    expect(r.threw, `${name} should throw`).toBe(true);
    expect(r.trap, `${name} trapped: ${r.message}`).toBe(false);
    expect(r.error, `${name} should throw an Error`).toBe(true);
    expect(r.message.length, `${name} message`).toBeGreaterThan(5);
  }
  expect(results.unchanged).toBe(true);
  expect(results.stillWorks).toBe(true);
  expect(errors).toEqual([]);
});

test('a browser without WebAssembly SIMD is told so in its language, and nothing is loaded', async ({ page }) => {
  // Such a browser rejects the SIMD probe (and would fail to compile the engine).
  await page.addInitScript(() => {
    WebAssembly.validate = () => false;
    localStorage.setItem('shashki.settings', JSON.stringify({ lang: 'cs' }));
  });
  const wasm = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasm.push(r.url());
  });
  await page.goto('/');
  const s = page.locator('[data-status]');
  await expect(s).toHaveAttribute('data-unsupported', '');
  await expect(s).toContainText('WebAssembly SIMD');
  await expect(s).toContainText('Tento prohlížeč');
  await expect(page.locator('[data-board] .unsupported')).toContainText('Tento prohlížeč');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  expect(wasm).toEqual([]);
});

test('a browser with WebAssembly SIMD passes the probe', async ({ page }) => {
  await page.goto('/');
  await page.waitForSelector('[data-piece]');
  await expect(page.locator('[data-status]')).not.toHaveAttribute('data-unsupported', '');
});
