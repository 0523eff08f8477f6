// The engine's speed in this browser: the fixed workloads of `npm run bench`, timed here in wasm.
import init, { perft, search_nodes } from '../shashki-wasm.js';

export const WORKLOADS = [
  { name: 'perft english 9', kind: 'perft', variant: 'english', fen: 'B:W21-32:B1-12', depth: 9 },
  { name: 'perft russian 9', kind: 'perft', variant: 'russian', fen: 'W:W21-32:B1-12', depth: 9 },
  { name: 'perft czech 9', kind: 'perft', variant: 'czech', fen: 'W:W21-32:B1-12', depth: 9 },
  { name: 'search english 13', kind: 'search', variant: 'english', fen: 'B:W21-32:B1-12', depth: 13 },
  { name: 'search russian 13', kind: 'search', variant: 'russian', fen: 'W:W21-32:B1-12', depth: 13 },
  { name: 'search czech 13', kind: 'search', variant: 'czech', fen: 'W:W21-32:B1-12', depth: 13 },
  // Ten pieces: below 14 the Czech network evaluates.
  { name: 'search czech ending 19', kind: 'search', variant: 'czech', fen: 'W:W14,18,20,30,32:B2,5,11,13,19', depth: 19 },
];

async function run() {
  await init();
  const rows = document.querySelector('[data-rows]');
  const results = [];
  // Warm up: V8 first runs wasm with its baseline compiler and optimises in the background.
  for (const w of WORKLOADS) {
    if (w.kind === 'perft') perft(w.variant, w.fen, w.depth);
    else search_nodes(w.variant, w.fen, w.depth);
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const w of WORKLOADS) {
    await new Promise((r) => setTimeout(r, 30)); // let the table paint
    // Best of two runs, as for the native side.
    let ms = Infinity;
    let nodes = 0;
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      nodes = w.kind === 'perft' ? perft(w.variant, w.fen, w.depth) : search_nodes(w.variant, w.fen, w.depth);
      ms = Math.min(ms, performance.now() - t0);
    }
    results.push({ ...w, nodes, ms });
    const tr = document.createElement('tr');
    for (const v of [w.name, nodes, ms.toFixed(0), (nodes / ms / 1000).toFixed(2)]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.append(td);
    }
    rows.append(tr);
  }
  document.querySelector('[data-state]').textContent = 'done';
  window.benchResults = results;
}

run().catch((e) => {
  document.querySelector('[data-state]').textContent = `error: ${e.message || e}`;
  window.benchResults = { error: String(e.message || e) };
});
