// The page: state (a plain game value from the engine) → render; input → engine call → new state.
// The rules live only in the wasm engine; this file keeps settings, storage, the AI worker and
// the click/drag selection of multi-step captures.
import * as engine from '../shashki-wasm.js';
import { Board, between } from './board.js';
import { t, setLang, getLang, browserLang, translatePage, LANGS } from './i18n.js';

const GAME_KEY = 'shashki.game';
const SETTINGS_KEY = 'shashki.settings';
const VARIANTS = ['czech', 'russian', 'english'];
const LEVELS = ['easy', 'medium', 'hard'];
const HARD_MS = 1000;

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => [...document.querySelectorAll(sel)];

const app = {
  settings: { variant: 'russian', mode: 'computer', level: 'medium', color: 'white', lang: null, flipped: false },
  game: null, // { variant, start, moves }
  view: null, // engine.view(game)
  redo: [],
  selection: [], // squares clicked so far: the piece, then landing squares
  thinking: null, // { id, kind: 'move' | 'hint' }
  hint: null, // { path, text }
  message: '',
  overShownFor: null,
};

// ---------- storage ----------

function readJson(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? null : JSON.parse(raw);
  } catch {
    return undefined; // unreadable
  }
}

function save() {
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify(app.game));
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(app.settings));
  } catch {
    /* storage full or disabled: the game goes on unsaved */
  }
}

function loadSettings() {
  const s = readJson(SETTINGS_KEY);
  const d = app.settings;
  if (s && typeof s === 'object') {
    if (VARIANTS.includes(s.variant)) d.variant = s.variant;
    if (s.mode === 'computer' || s.mode === 'hotseat') d.mode = s.mode;
    if (LEVELS.includes(s.level)) d.level = s.level;
    if (s.color === 'white' || s.color === 'black') d.color = s.color;
    if (LANGS.includes(s.lang)) d.lang = s.lang;
    d.flipped = s.flipped === true;
  }
  return s !== undefined;
}

/// The stored game, or a new one (with a notice if what was stored could not be used).
function loadGame() {
  const g = readJson(GAME_KEY);
  if (g === null) return { game: engine.new_game(app.settings.variant), ok: true };
  try {
    if (!g || typeof g !== 'object') throw new Error('not a game');
    engine.view(g); // validates by replaying every move
    app.settings.variant = g.variant;
    return { game: g, ok: true };
  } catch {
    return { game: engine.new_game(app.settings.variant), ok: false };
  }
}

// ---------- the AI worker ----------

let worker = null;
let seq = 0;
const pending = new Map();

function getWorker() {
  if (!worker) {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
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

function ask(game, options) {
  const id = ++seq;
  const promise = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  getWorker().postMessage({ id, state: game, options });
  return { id, promise };
}

/// Stops a search in flight: the worker is discarded and a fresh one made on demand.
function cancelThinking() {
  if (!app.thinking) return;
  app.thinking = null;
  if (worker) worker.terminate();
  worker = null;
  pending.clear();
}

function humanColor() {
  return app.settings.mode === 'computer' ? app.settings.color : null;
}

function isHumanTurn() {
  const v = app.view;
  return !v.outcome && (app.settings.mode === 'hotseat' || v.turn === app.settings.color);
}

function maybeComputerMove() {
  const v = app.view;
  if (app.settings.mode !== 'computer' || v.outcome || v.turn === app.settings.color || app.thinking) return;
  const game = app.game;
  const options = {
    level: app.settings.level,
    movetime: HARD_MS,
    seed: Math.floor(Math.random() * 2 ** 31),
  };
  const job = ask(game, options);
  app.thinking = { id: job.id, kind: 'move' };
  render();
  job.promise.then(
    (r) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      if (r.move) playText(r.move.text, r.move.paths[0]);
      else render();
    },
    (err) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      showMessage(String(err.message || err));
      render();
    },
  );
}

function requestHint() {
  if (app.view.outcome || app.thinking || !isHumanTurn()) return;
  const job = ask(app.game, { level: 'hard', movetime: HARD_MS });
  app.thinking = { id: job.id, kind: 'hint' };
  render();
  job.promise.then(
    (r) => {
      if (!app.thinking || app.thinking.id !== job.id) return;
      app.thinking = null;
      if (r.move) {
        app.hint = { path: r.move.paths[0], text: r.move.text };
        showMessage(t('hintShown', { move: r.move.text }));
      }
      render();
    },
    () => {
      if (app.thinking && app.thinking.id === job.id) app.thinking = null;
      render();
    },
  );
}

// ---------- game actions ----------

function setGame(game) {
  app.game = game;
  app.view = engine.view(game);
  app.selection = [];
  app.hint = null;
  save();
}

function playText(text, path) {
  try {
    setGame(engine.apply(app.game, text));
  } catch (err) {
    showMessage(String(err.message || err));
  }
  app.lastPath = path || null;
  app.redo = app.redoKeep ? app.redo : [];
  render();
  maybeComputerMove();
}

function newGame(variant = app.settings.variant) {
  cancelThinking();
  app.settings.variant = variant;
  app.redo = [];
  app.lastPath = null;
  app.overShownFor = null;
  app.message = '';
  setGame(engine.new_game(variant));
  closeDialog();
  render();
  maybeComputerMove();
}

function undo() {
  cancelThinking();
  const human = humanColor();
  let game = app.game;
  const undone = [];
  do {
    if (game.moves.length === 0) break;
    undone.push(game.moves[game.moves.length - 1]);
    game = engine.undo(game);
  } while (human && engine.view(game).turn !== human);
  if (!undone.length) return;
  app.redo.push(...undone);
  app.lastPath = null;
  setGame(game);
  app.overShownFor = null;
  closeDialog();
  render();
  maybeComputerMove();
}

function redo() {
  if (!app.redo.length) return;
  cancelThinking();
  const human = humanColor();
  let game = app.game;
  do {
    const m = app.redo.pop();
    try {
      game = engine.apply(game, m);
    } catch {
      app.redo = [];
      break;
    }
  } while (human && app.redo.length && engine.view(game).turn !== human);
  setGame(game);
  render();
  maybeComputerMove();
}

// ---------- selection: click each landing square in turn ----------

const samePrefix = (path, prefix) => prefix.every((sq, i) => path[i] === sq);

/// Moves whose some path starts with the squares clicked so far.
function candidates(selection) {
  return app.view.moves.filter((m) => m.paths.some((p) => samePrefix(p, selection)));
}

function nextTargets(selection) {
  const out = new Set();
  for (const m of candidates(selection)) {
    for (const p of m.paths) {
      if (samePrefix(p, selection) && p.length > selection.length) out.add(p[selection.length]);
    }
  }
  return out;
}

function pieceAt(sq) {
  return app.view.pieces.find((p) => p.square === sq);
}

function explainRefusal(sq) {
  const p = pieceAt(sq);
  if (!p) return;
  if (p.color !== app.view.turn) showMessage(t('notYourPiece'));
  else if (app.view.kingMustCapture) showMessage(t('czechKing'));
  else if (app.view.mustCapture) showMessage(t('captureCompulsory'));
}

function onSquare(sq, how) {
  if (app.view.outcome) return;
  if (!isHumanTurn()) {
    if (app.thinking) showMessage(t('waitTurn'));
    return;
  }
  const sel = app.selection;
  const movable = new Set(app.view.moves.map((m) => m.from));
  if (sel.length === 0 || (sel.length === 1 && movable.has(sq) && sq !== sel[0])) {
    if (movable.has(sq)) {
      app.selection = [sq];
      app.message = '';
    } else {
      explainRefusal(sq);
    }
    render();
    return;
  }
  if (sq === sel[sel.length - 1]) {
    // A second click on the piece (not a drag press) drops the selection.
    if (sel.length === 1 && how === 'click') app.selection = [];
    render();
    return;
  }
  const targets = nextTargets(sel);
  let next = null;
  if (targets.has(sq)) {
    next = [...sel, sq];
  } else {
    // A click straight on the final square of one move plays it.
    const ends = candidates(sel).filter((m) => m.to === sq);
    if (ends.length === 1) {
      const m = ends[0];
      return playText(m.text, m.paths.find((p) => samePrefix(p, sel)));
    }
  }
  if (!next) {
    if (sel.length > 1) showMessage(t('continueCapture'));
    else {
      app.selection = [];
      explainRefusal(sq);
    }
    render();
    return;
  }
  const left = candidates(next);
  const complete = left.filter((m) => m.paths.some((p) => p.length === next.length && samePrefix(p, next)));
  if (left.length === 1 || (complete.length === 1 && left.length === complete.length)) {
    const m = left[0];
    return playText(m.text, m.paths.find((p) => samePrefix(p, next)));
  }
  app.selection = next;
  render();
}

// ---------- rendering ----------

let messageTimer = 0;
function showMessage(text) {
  app.message = text;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => {
    app.message = '';
    render();
  }, 3000);
  render();
}

function sideName(color) {
  return t(color);
}

function orientation() {
  const bottom = app.settings.mode === 'computer' ? app.settings.color : 'white';
  const flip = app.settings.flipped;
  return flip ? (bottom === 'white' ? 'black' : 'white') : bottom;
}

function statusText() {
  const v = app.view;
  if (v.outcome) {
    const o = v.outcome;
    const head = o.result === 'draw' ? t('draw') : t('wins', { side: sideName(o.result) });
    return `${head}: ${t('reason_' + camel(o.reason))}`;
  }
  if (app.thinking && app.thinking.kind === 'move') return t('thinking');
  if (v.kingMustCapture) return t('kingMustCapture');
  if (v.mustCapture) return t('mustCapture', { side: sideName(v.turn) });
  if (app.settings.mode === 'computer') return t('yourMove', { side: sideName(v.turn) });
  return t('toMove', { side: sideName(v.turn) });
}

function camel(code) {
  return code.replace(/-(\w)/g, (_, c) => c.toUpperCase());
}

function render() {
  const v = app.view;
  const s = app.settings;
  board.setup(orientation(), v.variant, v.squareNames, t('board'));
  const human = isHumanTurn();
  const movable = new Set(human ? v.moves.map((m) => m.from) : []);
  const sel = app.selection;
  const faded = new Set();
  for (let i = 1; i < sel.length; i++) {
    for (const sq of between(sel[i - 1], sel[i])) if (pieceAt(sq)) faded.add(sq);
  }
  board.render({
    pieces: v.pieces,
    movable,
    mustCapture: v.mustCapture ? movable : new Set(),
    selected: sel,
    targets: sel.length ? nextTargets(sel) : new Set(),
    faded,
    moving: sel.length > 1 ? { from: sel[0], to: sel[sel.length - 1] } : null,
    lastMove: app.lastPath || [],
    hint: app.hint ? app.hint.path : [],
  });

  const status = $('[data-status]');
  status.textContent = statusText();
  status.dataset.turn = v.turn;
  if (v.outcome) status.dataset.result = v.outcome.result;
  else delete status.dataset.result;
  if (app.thinking) status.dataset.thinking = app.thinking.kind;
  else delete status.dataset.thinking;
  document.body.toggleAttribute('data-busy', !!app.thinking);

  const note = $('[data-notice]');
  note.hidden = !app.message;
  note.textContent = app.message;

  const list = $('[data-moves]');
  if (list.children.length !== v.history.length || list.dataset.listVariant !== v.variant) {
    list.replaceChildren(
      ...v.history.map((text, i) => {
        const li = document.createElement('li');
        li.textContent = text;
        li.dataset.ply = String(i + 1);
        return li;
      }),
    );
    list.dataset.listVariant = v.variant;
    list.scrollTop = list.scrollHeight;
  }

  $('[data-variant-name]').textContent = '· ' + t(v.variant);
  $('[data-variant-summary]').textContent = t('summary_' + v.variant);
  for (const b of $$('[data-variant]')) b.setAttribute('aria-pressed', String(b.dataset.variant === v.variant));
  for (const b of $$('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === s.mode));
  for (const b of $$('[data-level]')) b.setAttribute('aria-pressed', String(b.dataset.level === s.level));
  for (const b of $$('[data-color]')) b.setAttribute('aria-pressed', String(b.dataset.color === s.color));
  for (const b of $$('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === getLang()));
  for (const el of $$('[data-computer-only]')) el.hidden = s.mode !== 'computer';
  $('[data-action="undo"]').disabled = v.history.length === 0;
  $('[data-action="redo"]').disabled = app.redo.length === 0;
  $('[data-action="hint"]').disabled = !!v.outcome || !human || !!app.thinking;

  if (v.outcome && app.overShownFor !== v.history.length) {
    app.overShownFor = v.history.length;
    $('[data-over-text]').textContent = statusText();
    const dlg = $('[data-over]');
    if (!dlg.open) dlg.showModal();
  }
}

function closeDialog() {
  const dlg = $('[data-over]');
  if (dlg.open) dlg.close();
}

// ---------- menu and buttons ----------

function toggleMenu(open) {
  const menu = $('#menu');
  const show = open ?? menu.hidden;
  menu.hidden = !show;
  $('[data-action="menu"]').setAttribute('aria-expanded', String(show));
}

function bind() {
  document.addEventListener('click', (e) => {
    const el = e.target.closest('button');
    if (!el) {
      if (!e.target.closest('#menu')) toggleMenu(false);
      return;
    }
    const d = el.dataset;
    if (d.action === 'menu') return toggleMenu();
    if (d.action === 'new-game') {
      toggleMenu(false);
      return newGame();
    }
    if (d.action === 'undo') return undo();
    if (d.action === 'redo') return redo();
    if (d.action === 'hint') return requestHint();
    if (d.action === 'flip') {
      app.settings.flipped = !app.settings.flipped;
      save();
      return render();
    }
    if (d.variant) {
      toggleMenu(false);
      return newGame(d.variant);
    }
    if (d.mode) {
      app.settings.mode = d.mode;
      save();
      cancelThinking();
      render();
      return maybeComputerMove();
    }
    if (d.level) {
      app.settings.level = d.level;
      save();
      return render();
    }
    if (d.color) {
      app.settings.color = d.color;
      save();
      cancelThinking();
      render();
      return maybeComputerMove();
    }
    if (d.lang) {
      app.settings.lang = d.lang;
      setLang(d.lang);
      translatePage();
      save();
      return render();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      toggleMenu(false);
      if (app.selection.length) {
        app.selection = [];
        render();
      }
    }
  });
}

// ---------- start ----------

let board;

/// Trunk's loader instantiates the module (once); wait for it unless it is already done.
function engineReady() {
  return new Promise((resolve) => {
    try {
      engine.check_fen('W:W:B');
      resolve();
    } catch {
      addEventListener('TrunkApplicationStarted', () => resolve(), { once: true });
    }
  });
}

async function start() {
  await engineReady();
  const settingsOk = loadSettings();
  setLang(app.settings.lang || browserLang());
  translatePage();
  const { game, ok } = loadGame();
  board = new Board($('[data-board]'), $('[data-arrows]'), {
    onSquare,
    canDrag: () => isHumanTurn(),
  });
  bind();
  setGame(game);
  if (!ok || !settingsOk) app.message = t('corrupted');
  render();
  maybeComputerMove();
}

start().catch((err) => {
  const s = document.querySelector('[data-status]');
  if (s) s.textContent = `Error: ${err.message || err}`;
  throw err;
});
