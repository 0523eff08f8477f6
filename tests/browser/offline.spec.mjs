// Browser tests of offline play (service worker, manifest, icons) and of the "How to play" rules,
// against the built page (dist/), with the conventions of game.spec.mjs: every test gets a fresh
// browser context, and an automatic fixture fails any test that logged a console error, threw an
// uncaught exception or made a request that left the test server's origin.
import { test, expect, status, ITEM, menuItem, waitReady, openMenu, closeMenu, newGame } from './fixtures.mjs';

// ---------- fixtures: console errors and foreign requests fail every test ----------


// ---------- helpers (the page's stable hooks, as in game.spec.mjs) ----------

const moveItems = (page) => page.locator('[data-moves] li');
const square = (page, sq) => page.locator(`[data-square="${sq}"]`);
const pieceOn = (page, sq) => page.locator(`[data-square="${sq}"] [data-piece]`);
const thinking = (page) => page.locator('[data-thinking]');
const TARGET = /(^|\s)target(\s|$)/;



/** Plays a move given with algebraic squares ('c3-d4', 'c3:e5') by clicking each square. */
async function playMove(page, text) {
  const path = text.split(/[-:x]/);
  const before = await moveItems(page).count();
  await square(page, path[0]).click();
  for (let i = 1; i < path.length; i++) {
    await expect(square(page, path[i]), `${path[i]} is a target`).toHaveClass(TARGET);
    await square(page, path[i]).click();
  }
  await expect.poll(() => moveItems(page).count(), { message: `${text} entered the move list` }).toBeGreaterThan(before);
  await expect(moveItems(page).nth(before)).toContainText(text);
}

/** Clicks the visible "How to play" button ([data-action="rules"]), opening the ☰ menu if need be. */
async function openRules(page) {
  const visible = page.locator('[data-action="rules"]:visible');
  if ((await visible.count()) === 0) await openMenu(page);
  await visible.first().click();
  await expect(page.locator('dialog[open] .rules-title')).toBeVisible();
}

/** Waits until a service worker is active and controls the page. */
async function waitForServiceWorker(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active.scriptURL };
  });
}

/** Paths (from the site root) of everything in the site's caches. */
function cachedPaths(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) out.push(new URL(req.url).pathname);
    }
    return { names: await caches.keys(), paths: out.sort() };
  });
}

// ---------- offline ----------

test.describe('offline', () => {
  test('after one visit the page loads and plays a hotseat game with the network off', async ({ page, context, baseURL, guard }) => {
    await page.goto('/');
    await waitReady(page);
    const sw = await waitForServiceWorker(page);
    expect(sw.scope).toBe(new URL('/', baseURL).href);
    expect(sw.script).toBe(new URL('/sw.js', baseURL).href);

    // One versioned cache holds every file the page has loaded so far.
    const { names, paths } = await cachedPaths(page);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^shashki-/);
    const loaded = new Set(
      guard.requests.map((r) => new URL(r.url)).filter((u) => u.origin === new URL(baseURL).origin).map((u) => u.pathname),
    );
    loaded.delete('/sw.js');
    for (const p of loaded) expect(paths, `${p} is cached`).toContain(p);
    for (const p of ['/', '/index.html', '/shashki-wasm_bg.wasm', '/shashki-wasm.js', '/web/main.js', '/web/worker.js', '/web/rules.js', '/web/manifest.webmanifest', '/web/icons/icon-192.png']) {
      expect(paths, `${p} is cached`).toContain(p);
    }

    await context.setOffline(true);
    const online = guard.requests.length;
    const response = await page.reload();
    expect(response && response.fromServiceWorker(), 'the page came from the service worker').toBe(true);
    await waitReady(page);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    await newGame(page, { variant: 'russian', open: false });
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    await playMove(page, 'c3-d4');
    await expect(status(page)).toHaveAttribute('data-turn', 'black');
    await playMove(page, 'f6-e5');
    await playMove(page, 'd4:f6');
    await expect(pieceOn(page, 'f6')).toHaveAttribute('data-piece', 'white-man');
    await expect(pieceOn(page, 'e5')).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'black');

    // The rules (a module loaded on demand) open offline too.
    await openRules(page);
    const dialog = page.locator('dialog[open]');
    await expect(dialog.locator('.rules-title')).toHaveText(/Russian/);
    await expect(dialog.locator('.rules-figure svg')).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);

    // Offline, nothing was fetched from the network by the service worker.
    const fromWorker = guard.requests.slice(online).filter((r) => r.fromWorker).map((r) => r.url);
    expect(fromWorker, 'network requests made by the service worker while offline').toEqual([]);
  });

  test('offline, the computer still answers (its worker and the engine come from the cache)', async ({ page, context }) => {
    await page.goto('/');
    await waitReady(page);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await waitReady(page);
    await newGame(page, { variant: 'czech', mode: 'computer', level: 'easy', color: 'white', open: false });
    await playMove(page, 'c3-d4');
    await expect(moveItems(page)).toHaveCount(2, { timeout: 20_000 });
    await expect(thinking(page)).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-turn', 'white');
    expect((await moveItems(page).nth(1).textContent()).trim()).toMatch(/^[a-h][1-8][-:][a-h][1-8]/);
  });

  test('activating the worker deletes the caches of older versions, and only those', async ({ page }) => {
    // What an earlier release left behind, and another app's cache on the same origin.
    await page.addInitScript(() => {
      if (window.top !== window || sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      window.__seeded = Promise.all([
        caches.open('shashki-0').then((c) => c.put('/old.txt', new Response('old'))),
        caches.open('other-app').then((c) => c.put('/other.txt', new Response('other'))),
      ]);
    });
    await page.goto('/');
    await page.evaluate(() => window.__seeded);
    await waitReady(page);
    await waitForServiceWorker(page);
    const { names } = await cachedPaths(page);
    expect(names.filter((n) => n.startsWith('shashki-'))).toHaveLength(1);
    expect(names).not.toContain('shashki-0');
    expect(names).toContain('other-app');
  });

  test('a new worker waits while the page is open; onUpdateReady lets it in and reloads', async ({ page }) => {
    await page.goto('/');
    await waitReady(page);
    await waitForServiceWorker(page);
    await page.evaluate(async () => {
      const { onUpdateReady } = await import('/web/register-sw.js');
      onUpdateReady((apply) => {
        window.__apply = apply;
      });
      // A new release: to the browser the same worker under another URL is a new worker.
      await navigator.serviceWorker.register('/sw.js?release=2', { scope: '/' });
    });
    await page.waitForFunction(() => typeof window.__apply === 'function');
    const before = await page.evaluate(async () => ({
      waiting: (await navigator.serviceWorker.getRegistration()).waiting?.scriptURL,
      controller: navigator.serviceWorker.controller.scriptURL,
    }));
    expect(before.waiting).toMatch(/\/sw\.js\?release=2$/);
    expect(before.controller).toMatch(/\/sw\.js$/);
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.__apply())]);
    await waitReady(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL)).toMatch(/\/sw\.js\?release=2$/);
  });

  test('the worker, the manifest and the icons are served and consistent', async ({ page, request, baseURL }) => {
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/^text\/javascript/);
    const source = await sw.text();
    expect(source).toMatch(/const VERSION = '[^']+';/);
    expect(source).not.toMatch(/https?:\/\//);

    await page.goto('/');
    await waitReady(page);
    const link = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.href);
    expect(link, 'the page links the manifest').toBe(new URL('/web/manifest.webmanifest', baseURL).href);
    const theme = await page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.content);
    const res = await request.get(new URL(link).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest.name).toBe('Shashki');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(new URL(manifest.start_url, link).href).toBe(new URL('/', baseURL).href);
    expect(new URL(manifest.scope, link).href).toBe(new URL('/', baseURL).href);
    expect(manifest.theme_color).toBe(theme);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const seen = new Set();
    for (const icon of manifest.icons) {
      const url = new URL(icon.src, link);
      expect(url.origin).toBe(new URL(baseURL).origin);
      const r = await request.get(url.pathname);
      expect(r.status(), icon.src).toBe(200);
      if (icon.type === 'image/png') {
        const body = await r.body();
        expect(body.subarray(1, 4).toString(), `${icon.src} is a PNG`).toBe('PNG');
        const [w, h] = [body.readUInt32BE(16), body.readUInt32BE(20)];
        expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
        seen.add(`${icon.sizes} ${icon.purpose}`);
      }
    }
    for (const need of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) expect(seen).toContain(need);

    // Chromium's own verdict: the manifest parses cleanly and the app is installable (a test
    // context is always incognito, which is the one objection left).
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    const cdp = await page.context().newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.url).toBe(link);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});

// ---------- the rules ----------

const VARIANTS = ['czech', 'russian', 'english'];
const LANGS = ['ru', 'en', 'cs'];

/** What each variant's rules must say, in a form that holds in every language. */
const FACTS = {
  czech: { notation: ['c3-d4', 'c3:e5:c7'], numbers: ['40'], figures: 2, firstMove: 'white' },
  russian: { notation: ['c3-d4', 'c3:e5:c7'], numbers: ['15', '5', '30', '60', 'a1–h8'], figures: 2, firstMove: 'white' },
  english: { notation: ['9-14', '14x23', '1x10x19'], numbers: ['40'], figures: 2, firstMove: 'black' },
};
const FIRST_MOVE = {
  en: { white: 'White moves first', black: 'Black moves first' },
  ru: { white: 'Первыми ходят белые', black: 'Первыми ходят чёрные' },
  cs: { white: 'Začíná bílý', black: 'Začíná černý' },
};
const SCRIPT = { ru: /[а-яё]{4}/i, cs: /[ěščřžůú]/, en: /\bcapture\b/ };

test.describe('rules', () => {
  test('renderRules gives every variant in every language, with diagrams', async ({ page }) => {
    await page.goto('/');
    await waitReady(page);
    const all = await page.evaluate(
      async ([variants, langs]) => {
        const { renderRules } = await import('/web/rules.js');
        const out = {};
        for (const v of variants) {
          for (const l of langs) {
            const box = document.createElement('div');
            document.body.append(box);
            renderRules(box, v, l);
            const figs = [...box.querySelectorAll('figure')];
            out[`${v}/${l}`] = {
              lang: box.firstElementChild.lang,
              title: box.querySelector('h2')?.textContent || '',
              sections: box.querySelectorAll('h3').length,
              text: box.textContent,
              codes: [...box.querySelectorAll('code')].map((c) => c.textContent),
              figures: figs.map((f) => ({
                squares: f.querySelectorAll('svg rect').length,
                pieces: f.querySelectorAll('svg .rules-piece').length,
                arrows: f.querySelectorAll('svg .rules-arrow').length,
                label: f.querySelector('svg').getAttribute('aria-label'),
                caption: f.querySelector('figcaption')?.textContent || '',
                width: f.querySelector('svg').getBoundingClientRect().width,
              })),
              pressed: [...box.querySelectorAll('[data-rules-show][aria-pressed="true"]')].map((b) => b.dataset.rulesShow),
              images: box.querySelectorAll('img, image, use').length,
            };
            box.remove();
          }
        }
        return out;
      },
      [VARIANTS, LANGS],
    );
    for (const v of VARIANTS) {
      const texts = new Set();
      for (const l of LANGS) {
        const r = all[`${v}/${l}`];
        const where = `${v} in ${l}`;
        expect(r.lang, where).toBe(l);
        expect(r.title.length, `${where}: title`).toBeGreaterThan(5);
        expect(r.sections, `${where}: sections`).toBeGreaterThanOrEqual(7);
        expect(r.text.length, `${where}: length`).toBeGreaterThan(2500);
        expect(r.text, `${where}: language`).toMatch(SCRIPT[l]);
        expect(r.text, `${where}: who moves first`).toContain(FIRST_MOVE[l][FACTS[v].firstMove]);
        for (const n of FACTS[v].notation) expect(r.codes, `${where}: notation ${n}`).toContain(n);
        for (const n of FACTS[v].numbers) expect(r.text, `${where}: ${n}`).toContain(n);
        expect(r.figures, `${where}: diagrams`).toHaveLength(FACTS[v].figures);
        for (const f of r.figures) {
          expect(f.squares).toBe(64);
          expect(f.pieces).toBeGreaterThanOrEqual(2);
          expect(f.arrows).toBeGreaterThanOrEqual(1);
          expect(f.caption.length).toBeGreaterThan(20);
          expect(f.label).toBe(f.caption);
          expect(f.width).toBeGreaterThan(100);
        }
        expect(r.pressed).toEqual([v]);
        expect(r.images, `${where}: no external images`).toBe(0);
        texts.add(r.text);
      }
      expect(texts.size, `${v}: three different languages`).toBe(3);
    }
    // Russian draws by move count are only in the Russian rules; the 40-move rules differ.
    expect(all['russian/en'].text).toContain('15 moves in a row with kings only');
    expect(all['czech/en'].text).toContain('no capture and no man crowned');
    expect(all['english/en'].text).toContain('no capture and no man moved');
    expect(all['czech/en'].text).not.toContain('a1–h8');
    expect(all['russian/en'].text).toContain('goes on over f6 as a king');
  });

  test('the rules dialog opens from the menu in the interface language and fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await waitReady(page);
    await openMenu(page);
    await menuItem(page, 'lang', 'cs').click();
    await openRules(page);
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.rules-title')).toHaveText('Jak hrát ruskou dámu');
    const box = await dialog.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    const overflow = await page.evaluate(() => {
      const s = document.querySelector('dialog[open] .rules-scroll') || document.querySelector('dialog[open]');
      return { sw: s.scrollWidth, cw: s.clientWidth, sh: s.scrollHeight, ch: s.clientHeight };
    });
    expect(overflow.sw, 'no sideways scrolling').toBeLessThanOrEqual(overflow.cw);
    expect(overflow.sh, 'the rules scroll inside the dialog').toBeGreaterThan(overflow.ch);
    // The switcher shows another variant's rules without touching the game.
    await dialog.locator('[data-rules-show="english"]').click();
    await expect(dialog.locator('.rules-title')).toHaveText('Jak hrát anglickou dámu');
    await expect(dialog.locator('code', { hasText: '14x23' })).toBeVisible();
    await dialog.locator('form button').click();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(page.locator('.variant-name, [data-variant-name]').first()).toContainText('Ruské');
    await expect(moveItems(page)).toHaveCount(0);
  });
});
