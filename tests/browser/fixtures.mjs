// Shared by every browser test: fresh context per test, and an automatic guard that fails any
// test which logged a console error, threw an uncaught exception, or made a request that left the
// test server's origin (such requests are also aborted, so nothing leaves the machine).
import { test as base, expect } from '@playwright/test';

export { expect };

export const test = base.extend({
  guard: [
    async ({ page, context, baseURL }, use) => {
      const origin = new URL(baseURL).origin;
      const local = (url) =>
        url === origin || url.startsWith(origin + '/') || url.startsWith('data:') || url.startsWith(`blob:${origin}/`);
      const errors = [];
      const requests = [];
      const foreign = [];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const where = m.location();
        errors.push(`console.error: ${m.text()}${where && where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
      });
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
      page.on('crash', () => errors.push('page crashed'));
      context.on('request', (r) => {
        requests.push({ url: r.url(), fromWorker: !!r.serviceWorker() });
        if (!local(r.url())) foreign.push(r.url());
      });
      // Nothing may leave the machine even if the page (or its service worker) tries.
      await context.route((url) => !local(url.href), (route) => route.abort());
      await use({ errors, requests, foreign });
      expect([...new Set(errors)], 'console errors or uncaught exceptions').toEqual([]);
      expect([...new Set(foreign)], `requests that left ${origin}`).toEqual([]);
    },
    { auto: true },
  ],
});

// ---------- the page's stable hooks, shared by the specs ----------

export const status = (page) => page.locator('[data-status]');
export const ITEM = ':is(button, a, input, [role^="menuitem"], [role="option"], [role="radio"])';
export const menuItem = (page, attr, value) => page.locator(`${ITEM}[data-${attr}="${value}"]`);

export async function waitReady(page) {
  await expect(page.locator('[data-square]')).toHaveCount(32);
  await expect(status(page)).toHaveAttribute('data-turn', /^(white|black)$/);
}

export async function openMenu(page) {
  const probe = menuItem(page, 'variant', 'russian');
  if (!(await probe.isVisible())) await page.locator('[data-action="menu"]').click();
  await expect(probe).toBeVisible();
}

export async function closeMenu(page) {
  const probe = menuItem(page, 'variant', 'russian');
  if (await probe.isVisible()) {
    await page.locator('[data-action="menu"]').click();
    if (await probe.isVisible()) await page.keyboard.press('Escape');
  }
  await expect(probe).toBeHidden();
}

/** Opens the page and waits until the board is drawn and the status knows whose turn it is. */
export async function openPage(page) {
  await page.goto('/');
  await waitReady(page);
}

/**
 * Sets the mode (and level and colour vs the computer) in the ☰ menu, then starts a new game by
 * clicking the variant, as a player would.
 */
export async function newGame(page, { variant, mode = 'hotseat', level = 'easy', color = 'white', open = true }) {
  if (open) await openPage(page);
  await openMenu(page);
  await menuItem(page, 'mode', mode).click();
  if (mode === 'computer') {
    await openMenu(page);
    await menuItem(page, 'level', level).click();
    await openMenu(page);
    await menuItem(page, 'color', color).click();
  }
  await openMenu(page);
  await menuItem(page, 'variant', variant).click();
  await closeMenu(page);
  await expect(status(page)).toHaveAttribute('data-turn', /^(white|black)$/);
  await expect(status(page)).not.toHaveAttribute('data-result', /.*/);
}
