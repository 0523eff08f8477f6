// The table builder: on { variant }, makes sure Cache Storage holds that variant's endgame tables,
// building them (a few seconds, in this worker, once per browser) if they are missing or refused.
import init, { egtb_build, egtb_load } from '../shashki-wasm.js';
import { PIECES, readTables, storeTables, dropTables } from './egtb-store.js';

const ready = init();
let chain = Promise.resolve();

self.onmessage = (e) => {
  const { variant } = e.data;
  chain = chain.then(() => prepare(variant));
};

async function prepare(variant) {
  try {
    await ready;
    const stored = await readTables(variant);
    if (stored) {
      try {
        egtb_load(variant, stored);
        self.postMessage({ variant, ready: true });
        return;
      } catch {
        await dropTables(variant); // another format or damaged: rebuild
      }
    }
    const bytes = egtb_build(variant, PIECES);
    await storeTables(variant, bytes);
    self.postMessage({ variant, ready: true });
  } catch (err) {
    self.postMessage({ variant, error: String((err && err.message) || err) });
  }
}
