// The AI worker: loads the same wasm module as the page and answers search requests, so the page
// never freezes while the engine thinks. A new game or undo terminates the worker to cancel.
import init, { best_move } from '../shashki-wasm.js';

const queue = [];
let ready = false;

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

function drain() {
  while (queue.length) {
    const { id, state, options } = queue.shift();
    try {
      self.postMessage({ id, result: best_move(state, options) });
    } catch (err) {
      self.postMessage({ id, error: String((err && err.message) || err) });
    }
  }
}
