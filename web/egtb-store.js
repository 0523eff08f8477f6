// Endgame table files in Cache Storage, shared by the workers: the table builder writes a
// variant's file once, every AI worker reads it. Nothing is downloaded; the tables are built here.

// Not under the service worker's "shashki-" prefix, so a site update keeps the tables. Bump when
// the rules or the table format change (a file the engine refuses is also dropped and rebuilt).
const CACHE = 'egtb-1';
// Every position with up to this many pieces: 7.5 MB and a few seconds of building per variant.
export const PIECES = 4;

const key = (variant) => new URL(`../egtb/${variant}-${PIECES}.egtb`, import.meta.url).href;
const available = () => typeof caches !== 'undefined';

/// The stored table file of `variant` (a Uint8Array), or null.
export async function readTables(variant) {
  if (!available()) return null;
  const hit = await (await caches.open(CACHE)).match(key(variant));
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

export async function storeTables(variant, bytes) {
  if (!available()) return;
  await (await caches.open(CACHE)).put(key(variant), new Response(bytes));
}

export async function dropTables(variant) {
  if (available()) await (await caches.open(CACHE)).delete(key(variant));
}
