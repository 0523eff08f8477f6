// The learned evaluation in WebAssembly gives exactly the native values: the same integer
// arithmetic on the same weights. The positions and native values come from
// crates/shashki/tests/data/eval-check.txt, which a native test keeps current.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';

const lines = readFileSync(new URL('../../crates/shashki/tests/data/eval-check.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => l.split(' '));

test('the evaluation in wasm equals the native one on the check positions', async ({ page }) => {
  expect(lines.length).toBeGreaterThanOrEqual(300);
  await page.goto('/');
  await page.waitForSelector('[data-piece]');
  const byVariant = {};
  for (const [variant, fen, value] of lines) {
    (byVariant[variant] ||= []).push([fen, Number(value)]);
  }
  for (const [variant, rows] of Object.entries(byVariant)) {
    const got = await page.evaluate(
      async ([v, fens]) => {
        const m = await import('/shashki-wasm.js');
        return Array.from(m.static_eval(v, fens.join('\n')));
      },
      [variant, rows.map((r) => r[0])],
    );
    expect(got).toEqual(rows.map((r) => r[1]));
  }
});
