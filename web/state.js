// The app state and its storage: one plain object every module reads and changes, the only code
// that touches localStorage, and `render()`, which redraws the whole page from the state.
import * as engine from '../shashki-wasm.js';
import { LANGS } from './i18n.js';

const GAME_KEY = 'shashki.game';
const SETTINGS_KEY = 'shashki.settings';
const GAMES_KEY = 'shashki.games';
/// How many earlier games the Games list keeps.
export const GAMES_KEPT = 20;
export const VARIANTS = ['czech', 'russian', 'english'];
export const LEVELS = ['easy', 'medium', 'hard'];
export const THEMES = ['wood', 'green', 'blue'];

export const app = {
  settings: {
    variant: 'russian', mode: 'computer', level: 'medium', color: 'white', lang: null, flipped: false,
    animate: !matchMedia('(prefers-reduced-motion: reduce)').matches, sound: false, theme: 'wood', analysis: false,
  },
  browse: null, // a ply number while stepping through the move list
  preview: null, // { key, moves } while showing the analysis' best line up to a move
  editor: null, // { pieces: Map(square -> kind), side, brush } while setting up a position
  analysis: null, // { key, text, depth, pv, bar }
  game: null, // { variant, start, moves, end? } — end: { result, reason } after a resignation or an agreed draw
  view: null, // engine.view(game)
  redo: [],
  selection: [], // squares clicked so far: the piece, then landing squares
  thinking: null, // { id, kind: 'move' | 'hint' }
  hint: null, // { path, text }
  message: '',
  messageKind: 'info', // 'info' (hint, game loaded) or 'error' (a refused click)
  overShownFor: null,
  animatePath: null, // the squares of a move to animate on the next render
  redoKeep: false,
  games: [], // earlier games, newest first: { game, mode, level, color, date, result, plies }
  review: null, // the post-game review (review.js): { game, positions, done, running, verdicts, error }
  lesson: null, // practice or a puzzle shown instead of the game (lesson.js)
};

// ---------- rendering: one function draws the page from `app` (set by main.js) ----------

let renderer = () => {};

export function setRenderer(fn) {
  renderer = fn;
}

/// Redraws the page from the state; every change to `app` is followed by a call to this.
export function render() {
  renderer();
}

// ---------- storage ----------

function readJson(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? null : JSON.parse(raw);
  } catch {
    return undefined; // unreadable
  }
}

export function save() {
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify(app.game));
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(app.settings));
  } catch {
    /* storage full or disabled: the game goes on unsaved */
  }
}

/// Reads the stored settings into `app.settings`; false if they could not be read.
export function loadSettings() {
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
    if (THEMES.includes(s.theme)) d.theme = s.theme;
    d.analysis = s.analysis === true;
  }
  return s !== undefined;
}

/// The stored game, or a new one (with a notice if what was stored could not be used).
export function loadGame() {
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

// ---------- the Games list: the last games replaced by another (finished or not) ----------

export function loadGames() {
  const list = readJson(GAMES_KEY);
  app.games = Array.isArray(list)
    ? list.filter((e) => e && typeof e === 'object' && e.game && typeof e.game === 'object').slice(0, GAMES_KEPT)
    : [];
}

export function saveGames() {
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(app.games));
  } catch {
    /* storage full or disabled: the list lives until the page closes */
  }
}
