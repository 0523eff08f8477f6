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
