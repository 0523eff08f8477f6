// The AI worker: loads the same wasm module as the page and answers search requests, so the page
// never freezes while the engine thinks. A new game or undo terminates the worker to cancel.
// Near the end of a game it loads the variant's endgame tables from Cache Storage, and has them
// built (egtb-worker.js, a worker of its own) when they are not there yet.
import init, { best_move, egtb_load, view } from '../shashki-wasm.js';
import { readTables, dropTables } from './egtb-store.js';

const queue = [];
let ready = false;
let busy = false;
// Variants whose endgame tables this worker has loaded, and those it had built.
const tables = new Set();
const building = new Set();
let builder = null;
// Have a variant's tables built once a game gets down to this many pieces.
const TABLES_NEEDED_AT = 10;

// Registered before init() resolves, or the first message would be lost.
self.onmessage = (e) => {
  queue.push(e.data);
  if (ready) drain();
};

init().then(
  () => {
    ready = true;
    drain();
  },
  (err) => self.postMessage({ id: -1, error: `engine failed to load: ${err}` }),
);

async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const { id, state, options } = queue.shift();
    const missing = await useTables(state);
    if (missing) build(missing);
    try {
      self.postMessage({ id, result: best_move(state, options) });
    } catch (err) {
      self.postMessage({ id, error: String((err && err.message) || err) });
    }
  }
  busy = false;
}

/// Has `variant`'s tables built and stored; the next search here (or in any new worker) loads them.
function build(variant) {
  if (building.has(variant)) return;
  building.add(variant);
  if (!builder) builder = new Worker(new URL('./egtb-worker.js', import.meta.url), { type: 'module' });
  builder.postMessage({ variant });
}

/// Loads the stored tables of the game's variant; returns the variant when they are missing and
/// the game is near enough to them to have them built.
async function useTables(state) {
  const variant = state && state.variant;
  if (typeof variant !== 'string' || tables.has(variant)) return undefined;
  let bytes = null;
  try {
    bytes = await readTables(variant);
  } catch {
    return undefined; // no Cache Storage here: search without tables
  }
  if (bytes) {
    try {
      egtb_load(variant, bytes);
      tables.add(variant);
      return undefined;
    } catch {
      await dropTables(variant).catch(() => {}); // refused: the builder makes it again
      return variant;
    }
  }
  try {
    return view(state).pieces.length <= TABLES_NEEDED_AT ? variant : undefined;
  } catch {
    return undefined; // a bad game: best_move reports it
  }
}
