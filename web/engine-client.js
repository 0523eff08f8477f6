// The engine's searches in Web Workers, so the page never blocks while the computer thinks: one
// worker for moves and hints (terminated to cancel), one for the analysis panel.
const workerUrl = new URL('./worker.js', import.meta.url);

let worker = null;
let seq = 0;
const pending = new Map();

function getWorker() {
  if (!worker) {
    worker = new Worker(workerUrl, { type: 'module' });
    worker.onmessage = (e) => {
      const { id, result, error } = e.data;
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      if (error) p.reject(new Error(error));
      else p.resolve(result);
    };
    worker.onerror = (e) => {
      for (const p of pending.values()) p.reject(new Error(e.message || 'worker error'));
      pending.clear();
    };
  }
  return worker;
}

/// Starts a search of `game` ({ variant, start, moves }); `promise` gives best_move's result.
export function ask(game, options) {
  const id = ++seq;
  const promise = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  getWorker().postMessage({ id, state: game, options });
  return { id, promise };
}

/// Stops any search in flight: the worker is discarded and a fresh one made on demand.
export function stopSearch() {
  if (worker) worker.terminate();
  worker = null;
  pending.clear();
}

// ---------- analysis: a worker of its own, replaced for every new position ----------

let analysisWorker = null;
let analysisSeq = 0;

/// Searches `game` for the analysis panel; `onResult` gets best_move's result (once).
export function analyse(game, options, onResult) {
  stopAnalysis();
  analysisWorker = new Worker(workerUrl, { type: 'module' });
  const id = ++analysisSeq;
  analysisWorker.onmessage = (e) => {
    if (e.data.id !== id || !e.data.result) return;
    onResult(e.data.result);
  };
  analysisWorker.postMessage({ id, state: game, options });
}

export function stopAnalysis() {
  if (analysisWorker) analysisWorker.terminate();
  analysisWorker = null;
}
