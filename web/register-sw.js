// Registers the service worker (/sw.js, at the site root so that it controls the whole site) for
// offline play. Does nothing where service workers are unavailable (old browsers, file://, or
// plain http on a host other than localhost), and never lets a failure reach the page.
const SW_URL = new URL('../sw.js', import.meta.url);
const SCOPE = new URL('../', import.meta.url);

/** Resolves to the registration, or null when there is none. */
export const registration = new Promise((resolve) => {
  if (!('serviceWorker' in navigator)) return resolve(null);
  const register = () =>
    navigator.serviceWorker.register(SW_URL.href, { scope: SCOPE.href, updateViaCache: 'none' }).then(
      (reg) => resolve(reg),
      (err) => {
        console.warn('service worker not registered:', err && err.message ? err.message : err);
        resolve(null);
      },
    );
  // After the page has loaded, so that caching the site does not compete with the first start.
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
});

/**
 * Calls `callback(apply)` when a new version has been installed and waits for this page to let
 * it in (by default it takes over once every tab of the site is closed). `apply()` hands over
 * at once and reloads the page, e.g. from a "New version — reload" notice.
 */
export function onUpdateReady(callback) {
  registration.then((reg) => {
    if (!reg) return;
    const offer = (worker) =>
      callback(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        worker.postMessage({ type: 'skip-waiting' });
      });
    // Only an update: on the first visit there is no controller and nothing to replace.
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      if (!worker) return;
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
  });
}
