// The Games list: the last games replaced by another one (finished or abandoned), newest first,
// each reopenable on the board or exportable as PDN (state.js keeps them in localStorage).
import * as engine from '../../shashki-wasm.js';
import { app } from '../state.js';
import { $ } from '../dom.js';
import { t, getLang } from '../i18n.js';
import { reopen } from '../play.js';
import { openPdn } from './pdn.js';

export function openGames() {
  renderGames();
  const dlg = $('[data-games-dialog]');
  if (!dlg.open) dlg.showModal();
}

function describe(entry) {
  const g = entry.game;
  const who = entry.mode === 'computer' ? `${t('computer')} · ${t(entry.level)}` : t('hotseat');
  let result = t('unfinished');
  if (entry.result) {
    try {
      result = engine.view({ variant: g.variant, start: g.start, moves: [] }).resultTokens[entry.result];
    } catch {
      result = entry.result;
    }
  }
  let date = '';
  try {
    date = new Date(entry.date).toLocaleString(getLang(), { dateStyle: 'short', timeStyle: 'short' });
  } catch {
    /* no date */
  }
  return `${t(g.variant)} · ${who} · ${t('plies', { n: Math.ceil((entry.plies ?? g.moves.length) / 2) })} · ${result} · ${date}`;
}

export function renderGames() {
  const list = $('[data-games]');
  $('[data-games-empty]').hidden = app.games.length > 0;
  list.replaceChildren(
    ...app.games.map((entry, i) => {
      const li = document.createElement('li');
      li.dataset.index = String(i);
      const text = document.createElement('span');
      text.className = 'game-text';
      text.textContent = describe(entry);
      const open = document.createElement('button');
      open.dataset.action = 'games-open';
      open.dataset.index = String(i);
      open.textContent = t('reopen');
      const pdn = document.createElement('button');
      pdn.dataset.action = 'games-pdn';
      pdn.dataset.index = String(i);
      pdn.textContent = t('exportPdn');
      li.append(text, open, pdn);
      return li;
    }),
  );
}

export function reopenGame(index) {
  $('[data-games-dialog]').close();
  reopen(index);
}

export function exportGame(index) {
  const entry = app.games[index];
  if (!entry) return;
  $('[data-games-dialog]').close();
  openPdn(entry);
}
