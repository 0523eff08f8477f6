// The page: state (a plain game value from the engine) → render; input → engine call → new state.
// The rules live only in the wasm engine; this file keeps settings, storage, the AI worker and
// the click/drag selection of multi-step captures.
import init, * as engine from '../shashki-wasm.js';
import { Board, between } from './board.js';
import { t, setLang, getLang, browserLang, translatePage, LANGS } from './i18n.js';
import './register-sw.js';

const GAME_KEY = 'shashki.game';
const SETTINGS_KEY = 'shashki.settings';
const VARIANTS = ['czech', 'russian', 'english'];
const LEVELS = ['easy', 'medium', 'hard'];
const HARD_MS = 1000;

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => [...document.querySelectorAll(sel)];

const app = {
  settings: {
    variant: 'russian', mode: 'computer', level: 'medium', color: 'white', lang: null, flipped: false,
    animate: !matchMedia('(prefers-reduced-motion: reduce)').matches, sound: false, theme: 'wood', analysis: false,
  },
  browse: null, // a ply number while stepping through the move list
  editor: null, // { pieces: Map(square -> kind), side, brush } while setting up a position
  analysis: null, // { key, text, depth, pv, bar }
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
    if (typeof s.animate === 'boolean') d.animate = s.animate;
    d.sound = s.sound === true;
    if (['wood', 'green', 'blue'].includes(s.theme)) d.theme = s.theme;
    d.analysis = s.analysis === true;
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
  app.browse = null;
  save();
}

function playText(text, path) {
  const mover = app.view.turn;
  const capture = app.view.moves.some((m) => m.text === text && m.captured.length);
  try {
    setGame(engine.apply(app.game, text));
  } catch (err) {
    showMessage(String(err.message || err));
    return;
  }
  app.lastPath = path || null;
  app.animatePath = path || null;
  announce(t('moved', { side: sideName(mover), move: text }));
  beep(capture);
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
  if (app.editor) return editorSquare(sq);
  if (app.browse != null) return;
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

/// The position shown: the game, or an earlier ply while browsing the move list.
function shownView() {
  if (app.browse == null) return app.view;
  return engine.view({ ...app.game, moves: app.game.moves.slice(0, app.browse) });
}

function render() {
  const s = app.settings;
  document.body.dataset.theme = s.theme;
  if (app.editor) return renderEditor();
  const live = app.browse == null;
  const v = live ? app.view : shownView();
  board.setup(orientation(), v.variant, v.squareNames, t('board'));
  const human = live && isHumanTurn();
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
    lastMove: live ? app.lastPath || [] : [],
    hint: live && app.hint ? app.hint.path : [],
    animate: s.animate ? app.animatePath : null,
  });
  app.animatePath = null;
  renderBrowsing();
  updateAnalysis(v);

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
  const history = app.view.history;
  if (list.children.length !== history.length || list.dataset.listVariant !== app.view.variant) {
    list.replaceChildren(
      ...history.map((text, i) => {
        const li = document.createElement('li');
        li.textContent = text;
        li.dataset.ply = String(i + 1);
        return li;
      }),
    );
    list.dataset.listVariant = app.view.variant;
    list.scrollTop = list.scrollHeight;
  }
  for (const li of list.children) {
    li.classList.toggle('current', app.browse != null && Number(li.dataset.ply) === app.browse);
  }

  $('[data-variant-name]').textContent = '· ' + t(v.variant);
  $('[data-variant-summary]').textContent = t('summary_' + v.variant);
  for (const b of $$('[data-variant]')) b.setAttribute('aria-pressed', String(b.dataset.variant === v.variant));
  for (const b of $$('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === s.mode));
  for (const b of $$('[data-level]')) b.setAttribute('aria-pressed', String(b.dataset.level === s.level));
  for (const b of $$('[data-color]')) b.setAttribute('aria-pressed', String(b.dataset.color === s.color));
  for (const b of $$('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === getLang()));
  for (const el of $$('[data-computer-only]')) el.hidden = s.mode !== 'computer';
  for (const b of $$('[data-theme]')) b.setAttribute('aria-pressed', String(b.dataset.theme === s.theme));
  for (const b of $$('[data-toggle]')) b.setAttribute('aria-pressed', String(!!s[b.dataset.toggle]));
  $('[data-action="analysis"]').setAttribute('aria-pressed', String(s.analysis));
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

/// "How to play" for the variant being played, in the interface language.
async function openRules() {
  const { renderRules } = await import('./rules.js');
  renderRules($('[data-rules-body]'), app.view.variant, getLang());
  const dlg = $('[data-rules-dialog]');
  if (!dlg.open) dlg.showModal();
  $('[data-rules-body]').scrollTop = 0;
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
    if (d.action === 'rules') {
      toggleMenu(false);
      return openRules();
    }
    if (d.action === 'pdn') return openPdn();
    if (d.action === 'pdn-copy') return copyPdn();
    if (d.action === 'pdn-download') return downloadPdn();
    if (d.action === 'pdn-load') return loadPdn($('[data-pdn-text]').value);
    if (d.action === 'close-dialog') return el.closest('dialog').close();
    if (d.action === 'editor') return openEditor();
    if (d.action === 'editor-clear') return editorSet(new Map());
    if (d.action === 'editor-start') return editorFromFen(engine.view(engine.new_game(app.settings.variant)).fen);
    if (d.action === 'editor-play-computer') return editorPlay('computer');
    if (d.action === 'editor-play-hotseat') return editorPlay('hotseat');
    if (d.action === 'editor-cancel') return closeEditor();
    if (d.brush) return editorBrush(d.brush);
    if (d.editorSide) return editorSide(d.editorSide);
    if (d.action === 'analysis') {
      app.settings.analysis = !app.settings.analysis;
      save();
      return render();
    }
    if (d.action === 'live') {
      app.browse = null;
      return render();
    }
    if (d.theme) {
      app.settings.theme = d.theme;
      save();
      return render();
    }
    if (d.toggle) {
      app.settings[d.toggle] = !app.settings[d.toggle];
      save();
      return render();
    }
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
  $('[data-moves]').addEventListener('click', (e) => {
    const li = e.target.closest('li');
    if (!li || app.editor) return;
    const ply = Number(li.dataset.ply);
    app.browse = ply === app.game.moves.length ? null : ply;
    app.selection = [];
    render();
  });
  $('[data-pdn-file]').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (file) $('[data-pdn-text]').value = await file.text();
    e.target.value = '';
  });
  $('[data-fen-input]').addEventListener('change', (e) => editorFromFen(e.target.value));
  // A click on the backdrop (the dialog box itself has no padding) closes the rules.
  $('[data-rules-dialog]').addEventListener('click', (e) => {
    if (e.target === e.currentTarget) e.currentTarget.close();
  });
  document.addEventListener('keydown', onKey);
}


// ---------- announcements and sound ----------

function announce(text) {
  const el = $('[data-announce]');
  el.textContent = '';
  // A separate task, so screen readers notice the change even for the same text.
  setTimeout(() => (el.textContent = text), 30);
}

let audio = null;
function beep(capture) {
  if (!app.settings.sound) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = capture ? 330 : 520;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.13);
  } catch {
    /* no audio: silence */
  }
}

// ---------- stepping through the move list ----------

function renderBrowsing() {
  const bar = $('[data-browsing]');
  bar.hidden = app.browse == null;
  if (app.browse != null) {
    $('[data-browsing-text]').textContent =
      app.browse === 0 ? t('viewingStart') : t('viewingMove', { n: app.browse, total: app.view.history.length });
  }
}

function browseStep(delta) {
  const total = app.game.moves.length;
  const cur = app.browse == null ? total : app.browse;
  const next = Math.max(0, Math.min(total, cur + delta));
  app.browse = next === total ? null : next;
  app.selection = [];
  render();
}

// ---------- analysis: the engine's view of the shown position, in its own worker ----------

let analysisWorker = null;
let analysisSeq = 0;

function updateAnalysis(v) {
  const panel = $('[data-analysis-panel]');
  panel.hidden = !app.settings.analysis;
  if (!app.settings.analysis) {
    if (analysisWorker) analysisWorker.terminate();
    analysisWorker = null;
    app.analysis = null;
    return;
  }
  const key = v.fen + '|' + v.history.length + '|' + v.variant;
  if (app.analysis && app.analysis.key === key) return drawAnalysis();
  app.analysis = { key, text: '…', depth: '', pv: '', bar: 50 };
  drawAnalysis();
  if (v.outcome) {
    app.analysis.text = v.outcome.result === 'draw' ? '=' : v.outcome.result === 'white' ? '1-0' : '0-1';
    app.analysis.bar = v.outcome.result === 'draw' ? 50 : v.outcome.result === 'white' ? 100 : 0;
    return drawAnalysis();
  }
  if (analysisWorker) analysisWorker.terminate();
  analysisWorker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const id = ++analysisSeq;
  const state = app.browse == null ? app.game : { ...app.game, moves: app.game.moves.slice(0, app.browse) };
  const turn = v.turn;
  analysisWorker.onmessage = (e) => {
    if (e.data.id !== id || !app.analysis || app.analysis.key !== key) return;
    const r = e.data.result;
    if (!r) return;
    const sign = turn === 'white' ? 1 : -1;
    if (r.scoreKind === 'cp') {
      const cp = r.score * sign;
      app.analysis.text = (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2);
      app.analysis.bar = 50 + 50 * Math.tanh(cp / 400);
    } else {
      const whiteWins = (r.scoreKind === 'win') === (sign === 1);
      app.analysis.text = (whiteWins ? '+' : '-') + '#' + Math.ceil(r.score / 2);
      app.analysis.bar = whiteWins ? 100 : 0;
    }
    app.analysis.depth = t('depth', { d: r.depth });
    app.analysis.pv = r.pv.join(' ');
    drawAnalysis();
  };
  analysisWorker.postMessage({ id, state, options: { level: 'hard', movetime: 1500, hashMb: 16 } });
}

function drawAnalysis() {
  const a = app.analysis;
  if (!a) return;
  $('[data-eval]').textContent = a.text;
  $('[data-eval-depth]').textContent = a.depth;
  $('[data-pv]').textContent = a.pv;
  $('[data-evalfill]').style.height = `${a.bar}%`;
}

// ---------- PDN ----------

function openPdn() {
  toggleMenu(false);
  const date = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const tags = {
    Event: 'Shashki',
    Date: `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`,
    White: app.settings.mode === 'computer' && app.settings.color === 'black' ? 'Shashki ' + app.settings.level : '?',
    Black: app.settings.mode === 'computer' && app.settings.color === 'white' ? 'Shashki ' + app.settings.level : '?',
  };
  $('[data-pdn-text]').value = engine.to_pdn(app.game, tags);
  $('[data-pdn-error]').hidden = true;
  $('[data-pdn-dialog]').showModal();
}

async function copyPdn() {
  const text = $('[data-pdn-text]').value;
  try {
    await navigator.clipboard.writeText(text);
    showMessage(t('copied'));
  } catch {
    $('[data-pdn-text]').select();
  }
}

function downloadPdn() {
  const blob = new Blob([$('[data-pdn-text]').value], { type: 'application/x-pdn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `shashki-${app.view.variant}.pdn`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function loadPdn(text) {
  const err = $('[data-pdn-error]');
  try {
    const game = engine.from_pdn(text, app.settings.variant);
    cancelThinking();
    app.settings.variant = game.variant;
    app.redo = [];
    app.lastPath = null;
    app.overShownFor = null;
    setGame(game);
    $('[data-pdn-dialog]').close();
    showMessage(t('pdnLoaded'));
    render();
    maybeComputerMove();
  } catch (e) {
    err.hidden = false;
    err.textContent = t('pdnError', { error: String(e.message || e) });
  }
}

// ---------- position editor ----------

function openEditor() {
  toggleMenu(false);
  cancelThinking();
  const v = app.browse == null ? app.view : shownView();
  app.editor = { pieces: new Map(), side: v.turn, brush: 'white-man' };
  for (const p of v.pieces) app.editor.pieces.set(p.square, `${p.color}-${p.king ? 'king' : 'man'}`);
  app.selection = [];
  $('[data-editor-dialog]').show();
  render();
}

function closeEditor() {
  app.editor = null;
  const dlg = $('[data-editor-dialog]');
  if (dlg.open) dlg.close();
  render();
}

function editorFen() {
  const e = app.editor;
  const list = { white: [], black: [] };
  for (const [sq, kind] of e.pieces) {
    const [color, role] = kind.split('-');
    list[color].push((role === 'king' ? 'K' : '') + sq);
  }
  return `${e.side === 'white' ? 'W' : 'B'}:W${list.white.join(',')}:B${list.black.join(',')}`;
}

function editorSet(pieces) {
  app.editor.pieces = pieces;
  render();
}

function editorFromFen(fen) {
  try {
    const g = engine.game_from_fen(app.settings.variant, fen);
    const v = engine.view(g);
    app.editor.pieces = new Map(v.pieces.map((p) => [p.square, `${p.color}-${p.king ? 'king' : 'man'}`]));
    app.editor.side = v.turn;
    $('[data-editor-error]').hidden = true;
  } catch (err) {
    const el = $('[data-editor-error]');
    el.hidden = false;
    el.textContent = String(err.message || err);
  }
  render();
}

function editorBrush(b) {
  app.editor.brush = b;
  render();
}

function editorSide(side) {
  app.editor.side = side;
  render();
}

function editorSquare(sq) {
  const e = app.editor;
  if (e.brush === 'empty' || e.pieces.get(sq) === e.brush) e.pieces.delete(sq);
  else e.pieces.set(sq, e.brush);
  render();
}

function editorPlay(mode) {
  const fen = editorFen();
  const el = $('[data-editor-error]');
  try {
    const canonical = engine.check_fen(fen);
    const game = engine.game_from_fen(app.settings.variant, canonical);
    app.settings.mode = mode;
    app.editor = null;
    $('[data-editor-dialog]').close();
    app.redo = [];
    app.lastPath = null;
    app.overShownFor = null;
    setGame(game);
    render();
    maybeComputerMove();
  } catch (err) {
    el.hidden = false;
    el.textContent = String(err.message || err);
  }
}

function renderEditor() {
  const e = app.editor;
  const v = app.view;
  board.setup(orientation(), v.variant, v.squareNames, t('editing'));
  const pieces = [...e.pieces].map(([square, kind]) => {
    const [color, role] = kind.split('-');
    return { square, color, king: role === 'king' };
  });
  board.render({
    pieces, movable: new Set(), mustCapture: new Set(), selected: [], targets: new Set(),
    faded: new Set(), moving: null, lastMove: [], hint: [], animate: null,
  });
  for (const b of $$('[data-brush]')) b.setAttribute('aria-pressed', String(b.dataset.brush === e.brush));
  for (const b of $$('[data-editor-side]')) b.setAttribute('aria-pressed', String(b.dataset.editorSide === e.side));
  let fen = editorFen();
  try {
    fen = engine.check_fen(fen);
    $('[data-editor-error]').hidden = true;
  } catch (err) {
    const el = $('[data-editor-error]');
    el.hidden = false;
    el.textContent = String(err.message || err);
  }
  const input = $('[data-fen-input]');
  if (document.activeElement !== input) input.value = fen;
  const status = $('[data-status]');
  status.textContent = t('editing');
  $('[data-analysis-panel]').hidden = true;
  $('[data-browsing]').hidden = true;
}

// ---------- keyboard ----------

function onKey(e) {
  if (e.target.closest('input, textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') {
    toggleMenu(false);
    if (app.selection.length) {
      app.selection = [];
      render();
    }
    return;
  }
  if (document.querySelector('dialog[open]:modal')) return;
  if (e.target.closest('[data-board]')) return; // the board handles its own keys
  const k = e.key.toLowerCase();
  if (k === 'h') requestHint();
  else if (k === 'u' || e.key === 'Backspace') undo();
  else if (k === 'r') redo();
  else if (k === 'f') $('[data-action="flip"]').click();
  else if (e.key === 'ArrowLeft' && !app.editor) browseStep(-1);
  else if (e.key === 'ArrowRight' && !app.editor) browseStep(1);
  else return;
  e.preventDefault();
}

// ---------- start ----------

let board;

async function start() {
  await init();
  const settingsOk = loadSettings();
  setLang(app.settings.lang || browserLang());
  translatePage();
  const { game, ok } = loadGame();
  board = new Board($('[data-board]'), $('[data-arrows]'), {
    onSquare,
    canDrag: () => !app.editor && app.browse == null && isHumanTurn(),
    onCursor: (cell) => announce(cell.getAttribute('aria-label') || ''),
    onKey: (key) => {
      const k = key.toLowerCase();
      if (k === 'h') requestHint();
      else if (k === 'u' || key === 'Backspace') undo();
      else if (k === 'r') redo();
      else if (k === 'f') $('[data-action="flip"]').click();
      else return false;
      return true;
    },
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
