// The review worker: searches every position of a game at a fixed node budget, from the last to
// the first (the table then carries what later positions showed), reporting each one as it is
// done so the page shows progress and stays responsive; terminated to cancel.
import init, { review_position, try_move } from '../shashki-wasm.js';

const ready = init();

self.onmessage = async (e) => {
  const msg = e.data;
  try {
    await ready;
    if (msg.kind === 'review') {
      const { game, nodes } = msg;
      // `plies`: the positions still to search (a resumed review), last first; all by default.
      const plies = msg.plies || Array.from({ length: game.moves.length + 1 }, (_, i) => game.moves.length - i);
      for (const ply of plies) {
        self.postMessage({ id: msg.id, ply, result: review_position(game, ply, { nodes }) });
      }
      self.postMessage({ id: msg.id, done: true });
    } else if (msg.kind === 'try') {
      self.postMessage({ id: msg.id, result: try_move(msg.game, msg.move, msg.best, { nodes: msg.nodes }) });
    }
  } catch (err) {
    self.postMessage({ id: msg.id, error: String((err && err.message) || err) });
  }
};
