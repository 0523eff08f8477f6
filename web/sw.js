// The service worker: keeps the whole site in one cache so that the page opens and plays with no
// network. Served from the site root (/sw.js, copied there by Trunk) so that it controls the page.
//
// Trunk's file names are stable (no hashes), so a new cache name is how an update reaches players:
// VERSION must change with every release (bump it by hand, or let the build replace this line).
// The browser then installs the new worker next to the old one, which keeps serving the pages
// already open; once they are all closed the new one takes over and deletes the old caches.
const VERSION = '1';
const PREFIX = 'shashki-';
const CACHE = `${PREFIX}${VERSION}`;

// Everything the page loads, relative to the site root (the worker's scope). Installation fails if
// any of these is missing, so the site is either fully available offline or not cached at all.
const FILES = [
  './',
  'index.html',
  'style.css',
  'icon.svg',
  'shashki-wasm.js',
  'shashki-wasm_bg.wasm',
  'web/main.js',
  'web/state.js',
  'web/dom.js',
  'web/render.js',
  'web/play.js',
  'web/selection.js',
  'web/engine-client.js',
  'web/feedback.js',
  'web/menu.js',
  'web/keyboard.js',
  'web/movelist.js',
  'web/analysis.js',
  'web/review.js',
  'web/review-worker.js',
  'web/practice.js',
  'web/puzzles.js',
  'web/lesson.js',
  'web/puzzles/czech.json',
  'web/puzzles/russian.json',
  'web/puzzles/english.json',
  'web/dialogs/over.js',
  'web/dialogs/pdn.js',
  'web/dialogs/editor.js',
  'web/dialogs/rules.js',
  'web/dialogs/games.js',
  'web/dialogs/confirm.js',
  'web/board.js',
  'web/i18n.js',
  'web/worker.js',
  'web/egtb-worker.js',
  'web/egtb-store.js',
  'web/rules.js',
  'web/rules.css',
  'web/register-sw.js',
  'web/manifest.webmanifest',
  'web/icon.svg',
  'web/icons/icon-192.png',
  'web/icons/icon-512.png',
  'web/icons/maskable-192.png',
  'web/icons/maskable-512.png',
];

const base = () => self.registration.scope;
const sameOrigin = (url) => new URL(url).origin === self.location.origin;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'reload' skips the HTTP cache, so a new version never stores an old file.
      await cache.addAll(FILES.map((f) => new Request(new URL(f, base()), { cache: 'reload' })));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

// A page may ask a waiting worker to take over now (e.g. after offering the player a reload).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  // Only this site's own GET requests; anything else is left to the browser, never fetched here.
  if (req.method !== 'GET' || !sameOrigin(req.url)) return;
  event.respondWith(respond(event));
});

async function respond(event) {
  const req = event.request;
  const cache = await caches.open(CACHE);
  const navigate = req.mode === 'navigate';
  const hit = await cache.match(req, { ignoreSearch: navigate });
  if (hit) return hit;
  try {
    const res = await fetch(req);
    // Keep what was missing (a file added without updating FILES), but only complete, plain
    // same-origin responses.
    if (res.status === 200 && res.type === 'basic' && !req.headers.has('range')) {
      event.waitUntil(cache.put(req, res.clone()).catch(() => {}));
    }
    return res;
  } catch (err) {
    // Offline: any page of the site opens the game.
    if (navigate) {
      const page = (await cache.match(new URL('./', base()))) || (await cache.match(new URL('index.html', base())));
      if (page) return page;
    }
    throw err;
  }
}
