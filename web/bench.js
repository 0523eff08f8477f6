// The engine's speed in this browser: the fixed workloads of `npm run bench`, timed here in wasm.
// Opened by hand, the page times every workload and shows a table. `npm run bench` opens it with
// `?driven` and calls `benchOne` itself, alternating each wasm run with the same native run, so
// that both sides of a ratio are timed within a second of each other on a machine whose speed
// drifts.
import init, { perft, search_nodes } from '../shashki-wasm.js';

// Each takes a few hundred milliseconds natively: shorter runs are lost in the timer's and the
// machine's noise (at 20–40 ms the ratio varied from 0.8 to 1.9 between runs).
export const WORKLOADS = [
  { name: 'perft english 11', kind: 'perft', variant: 'english', fen: 'B:W21-32:B1-12', depth: 11 },
  { name: 'perft russian 11', kind: 'perft', variant: 'russian', fen: 'W:W21-32:B1-12', depth: 11 },
  { name: 'perft czech 11', kind: 'perft', variant: 'czech', fen: 'W:W21-32:B1-12', depth: 11 },
  { name: 'search english 17', kind: 'search', variant: 'english', fen: 'B:W21-32:B1-12', depth: 17 },
  { name: 'search russian 17', kind: 'search', variant: 'russian', fen: 'W:W21-32:B1-12', depth: 17 },
  { name: 'search czech 18', kind: 'search', variant: 'czech', fen: 'W:W21-32:B1-12', depth: 18 },
  // Ten pieces: below 14 the Czech network evaluates.
  { name: 'search czech ending 21', kind: 'search', variant: 'czech', fen: 'W:W14,18,20,30,32:B2,5,11,13,19', depth: 21 },
];

/// Runs of each workload; the fastest counts.
const RUNS = 3;

/// One timed run of workload `i`: its nodes and milliseconds.
function benchOne(i) {
  const w = WORKLOADS[i];
  const t0 = performance.now();
  const nodes = w.kind === 'perft' ? perft(w.variant, w.fen, w.depth) : search_nodes(w.variant, w.fen, w.depth);
  return { ...w, nodes, ms: performance.now() - t0 };
}

/// Every workload RUNS times, best run each, into the page's table.
async function runAll() {
  const rows = document.querySelector('[data-rows]');
  for (let i = 0; i < WORKLOADS.length; i++) {
    await new Promise((r) => setTimeout(r, 30)); // let the table paint
    let best = benchOne(i);
    for (let k = 1; k < RUNS; k++) {
      const r = benchOne(i);
      if (r.ms < best.ms) best = r;
    }
    const tr = document.createElement('tr');
    for (const v of [best.name, best.nodes, best.ms.toFixed(0), (best.nodes / best.ms / 1000).toFixed(2)]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.append(td);
    }
    rows.append(tr);
  }
  document.querySelector('[data-state]').textContent = 'done';
}

async function start() {
  await init();
  // Warm up: V8 first runs wasm with its baseline compiler and optimises in the background.
  for (const w of WORKLOADS) {
    if (w.kind === 'perft') perft(w.variant, w.fen, Math.min(w.depth, 9));
    else search_nodes(w.variant, w.fen, Math.min(w.depth, 13));
  }
  await new Promise((r) => setTimeout(r, 500));
  if (new URLSearchParams(location.search).has('driven')) {
    window.benchOne = benchOne;
    window.benchWorkloads = WORKLOADS.length;
    document.querySelector('[data-state]').textContent = 'driven by npm run bench';
  } else {
    await runAll();
  }
  window.benchReady = true;
}

start().catch((e) => {
  document.querySelector('[data-state]').textContent = `error: ${e.message || e}`;
  window.benchError = String(e.message || e);
  window.benchReady = true;
});
