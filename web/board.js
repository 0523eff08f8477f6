// The board: draws a view (pieces, marks, selection, hint) and turns pointer input into square
// events. It knows no rules — the page hands it what to show, as chessground does.

const FILES = 'abcdefgh';

/// Dark squares in numbering order (1 = b8 … 32 = g1).
export const SQUARES = (() => {
  const out = [];
  for (let row = 0; row < 8; row++) {
    for (let k = 0; k < 4; k++) {
      const file = row % 2 === 0 ? 2 * k + 1 : 2 * k;
      out.push(FILES[file] + (8 - row));
    }
  }
  return out;
})();

export function coords(sq) {
  return { file: FILES.indexOf(sq[0]), rank: Number(sq[1]) - 1 };
}

/// Squares strictly between two squares on one diagonal.
export function between(a, b) {
  const p = coords(a), q = coords(b);
  const df = Math.sign(q.file - p.file), dr = Math.sign(q.rank - p.rank);
  const out = [];
  if (Math.abs(q.file - p.file) !== Math.abs(q.rank - p.rank)) return out;
  for (let f = p.file + df, r = p.rank + dr; f !== q.file; f += df, r += dr) {
    out.push(FILES[f] + (r + 1));
  }
  return out;
}

export class Board {
  constructor(el, svg, handlers) {
    this.el = el;
    this.svg = svg;
    this.handlers = handlers;
    this.cells = new Map();
    this.orientation = null;
    this.variant = null;
    this.drag = null;
    el.addEventListener('pointerdown', (e) => this.pointerDown(e));
    el.addEventListener('pointermove', (e) => this.pointerMove(e));
    el.addEventListener('pointerup', (e) => this.pointerUp(e));
    el.addEventListener('pointercancel', () => this.endDrag());
    el.addEventListener('contextmenu', (e) => e.preventDefault());
    // Keyboard: a cursor moved with the arrows; Enter or Space acts like a click.
    this.cursor = { row: 5, col: 2 };
    el.tabIndex = 0;
    el.addEventListener('keydown', (e) => this.keyDown(e));
    el.addEventListener('focus', () => this.showCursor(el.matches(':focus-visible')));
    el.addEventListener('blur', () => this.showCursor(false));
  }

  keyDown(e) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      this.cursor.row = Math.max(0, Math.min(7, this.cursor.row + dr));
      this.cursor.col = Math.max(0, Math.min(7, this.cursor.col + dc));
      this.showCursor(true);
      const cell = this.el.children[this.cursor.row * 8 + this.cursor.col];
      if (this.handlers.onCursor && cell) this.handlers.onCursor(cell);
    } else if (e.key === 'Enter' || e.key === ' ') {
      const cell = this.el.children[this.cursor.row * 8 + this.cursor.col];
      if (cell && cell.dataset.square) this.handlers.onSquare(cell.dataset.square, 'click');
    } else if (!(this.handlers.onKey && this.handlers.onKey(e.key))) {
      return;
    }
    e.preventDefault();
  }

  showCursor(on) {
    for (const c of this.el.querySelectorAll('.cursor')) c.classList.remove('cursor');
    const cell = this.el.children[this.cursor.row * 8 + this.cursor.col];
    if (!cell) return;
    if (on) {
      cell.classList.add('cursor');
      cell.id = 'board-cursor';
      this.el.setAttribute('aria-activedescendant', 'board-cursor');
    }
  }

  /// Rebuilds the grid when the orientation or the variant's square labels change.
  setup(orientation, variant, squareNames, label) {
    this.el.setAttribute('aria-label', label);
    if (orientation === this.orientation && variant === this.variant) return;
    this.orientation = orientation;
    this.variant = variant;
    this.el.replaceChildren();
    this.cells.clear();
    this.el.setAttribute('aria-label', label);
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const file = orientation === 'white' ? col : 7 - col;
        const rank = orientation === 'white' ? 7 - row : row;
        const cell = document.createElement('div');
        const dark = (file + rank) % 2 === 0;
        cell.className = dark ? 'sq dark' : 'sq light';
        const name = FILES[file] + (rank + 1);
        if (dark) {
          cell.dataset.square = name;
          cell.setAttribute('role', 'gridcell');
          const number = SQUARES.indexOf(name) + 1;
          if (variant === 'english') {
            const n = document.createElement('span');
            n.className = 'num';
            n.textContent = squareNames[number - 1];
            cell.append(n);
          }
          this.cells.set(name, cell);
        }
        if (variant !== 'english') {
          if (row === 7) cell.append(label_('file', FILES[file]));
          if (col === 0) cell.append(label_('rank', String(rank + 1)));
        }
        this.el.append(cell);
      }
    }
    if (document.activeElement === this.el && this.el.matches(':focus-visible')) this.showCursor(true);
  }

  /// state: { pieces: [{square,color,king}], movable:Set, mustCapture:Set, selected:[squares],
  ///          targets:Set, faded:Set, captures:Set (pieces the selected move would take),
  ///          lastMove:[squares], hint:[squares], moving:{from,to},
  ///          arrows:[{path:[squares], kind}], labels:{ 'white-man': 'white man', … } }
  render(state) {
    const bySquare = new Map(state.pieces.map((p) => [p.square, p]));
    if (state.moving) {
      const p = bySquare.get(state.moving.from);
      if (p) {
        bySquare.delete(state.moving.from);
        bySquare.set(state.moving.to, p);
      }
    }
    for (const [name, cell] of this.cells) {
      const p = bySquare.get(name);
      let pieceEl = cell.querySelector('[data-piece]');
      const kind = p ? `${p.color}-${p.king ? 'king' : 'man'}` : null;
      if (!kind && pieceEl) pieceEl.remove();
      if (kind) {
        if (!pieceEl) {
          pieceEl = document.createElement('div');
          cell.append(pieceEl);
        }
        if (pieceEl.dataset.piece !== kind) {
          pieceEl.dataset.piece = kind;
          pieceEl.className = `piece ${p.color}${p.king ? ' king' : ''}`;
        }
        const origin = state.moving && name === state.moving.to ? state.moving.from : name;
        // Mid-capture, the piece on its latest landing square goes on (by click or drag).
        const going = state.moving && name === state.moving.to;
        pieceEl.classList.toggle('movable', going || (state.movable.has(origin) && !state.moving));
        pieceEl.classList.toggle('must-capture', state.mustCapture.has(origin) && !state.moving);
        pieceEl.classList.toggle('faded', state.faded.has(name));
        pieceEl.classList.toggle('captured', !!state.captures && state.captures.has(name));
        pieceEl.setAttribute('aria-label', label(state, kind));
      }
      cell.classList.toggle('target', state.targets.has(name));
      cell.classList.toggle('selected', state.selected.includes(name));
      cell.classList.toggle('last', state.lastMove.includes(name));
      cell.classList.toggle('hint', state.hint.includes(name));
      const num = cell.querySelector('.num');
      cell.setAttribute('aria-label', (num ? num.textContent : name) + (kind ? ', ' + label(state, kind) : ''));
    }
    this.drawArrows(state.arrows || (state.hint.length ? [{ path: state.hint, kind: 'hint' }] : []));
    if (state.animate && state.animate.length > 1) this.animate(state.animate);
  }

  /// Slides the piece that just arrived on the path's last square from its first square.
  animate(path) {
    const from = this.cells.get(path[0]);
    const to = this.cells.get(path[path.length - 1]);
    const piece = to && to.querySelector('[data-piece]');
    if (!from || !piece || from === to) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    piece.style.transition = 'none';
    piece.style.transform = `translate(${a.left - b.left}px, ${a.top - b.top}px)`;
    void piece.offsetWidth;
    piece.style.transition = 'transform 180ms ease-out';
    piece.style.transform = '';
    setTimeout(() => (piece.style.transition = ''), 220);
  }

  /// Arrows along move paths (a hint, the engine's best move), each with an arrowhead.
  drawArrows(arrows) {
    this.svg.replaceChildren();
    const ns = 'http://www.w3.org/2000/svg';
    for (const { path, kind } of arrows) {
      if (!path || path.length < 2) continue;
      const pts = path.map((sq) => {
        const { file, rank } = coords(sq);
        const x = this.orientation === 'white' ? file : 7 - file;
        const y = this.orientation === 'white' ? 7 - rank : rank;
        return [x + 0.5, y + 0.5];
      });
      // Stop the line short of the last square's centre so the head points at it.
      const [ax, ay] = pts[pts.length - 2];
      const [bx, by] = pts[pts.length - 1];
      const len = Math.hypot(bx - ax, by - ay);
      const ux = (bx - ax) / len, uy = (by - ay) / len;
      const head = 0.38;
      const shaft = pts.slice(0, -1).concat([[bx - ux * head, by - uy * head]]);
      const g = document.createElementNS(ns, 'g');
      g.setAttribute('class', `arrow ${kind}`);
      g.dataset.arrow = kind;
      const line = document.createElementNS(ns, 'polyline');
      line.setAttribute('points', shaft.map((p) => p.join(',')).join(' '));
      g.append(line);
      const tip = document.createElementNS(ns, 'polygon');
      const px = -uy, py = ux, w = 0.26;
      const base = [bx - ux * head, by - uy * head];
      tip.setAttribute(
        'points',
        [
          [bx - ux * 0.06, by - uy * 0.06],
          [base[0] + px * w, base[1] + py * w],
          [base[0] - px * w, base[1] - py * w],
        ]
          .map((p) => p.join(','))
          .join(' '),
      );
      g.append(tip);
      this.svg.append(g);
    }
  }

  squareAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest('[data-square]');
    return cell && this.el.contains(cell) ? cell.dataset.square : null;
  }

  pointerDown(e) {
    if (e.button !== 0) return;
    const cell = e.target.closest('[data-square]');
    if (!cell) return;
    const sq = cell.dataset.square;
    const piece = cell.querySelector('[data-piece]');
    // A press on a piece that may move starts a possible drag; everything else is a click.
    if (piece && piece.classList.contains('movable') && this.handlers.canDrag(sq)) {
      e.preventDefault();
      this.drag = { from: sq, piece, x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
      this.el.setPointerCapture(e.pointerId);
      this.handlers.onSquare(sq, 'press');
    } else {
      this.handlers.onSquare(sq, 'click');
    }
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    d.moved = true;
    d.piece.classList.add('dragging');
    d.piece.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    this.endDrag();
    if (d.moved && sq && sq !== d.from) this.handlers.onSquare(sq, 'drop');
    else if (!d.moved) this.handlers.onSquare(d.from, 'tap');
  }

  endDrag() {
    if (!this.drag) return;
    const { piece } = this.drag;
    piece.classList.remove('dragging');
    piece.style.transform = '';
    this.drag = null;
  }
}

/// The piece's name for screen readers, in the page's language (the host hands the words over).
function label(state, kind) {
  return (state.labels && state.labels[kind]) || kind.replace('-', ' ');
}

function label_(kind, text) {
  const s = document.createElement('span');
  s.className = `coord ${kind}`;
  s.textContent = text;
  return s;
}
