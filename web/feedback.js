// What the page tells the player besides the board: short messages under the status, the live
// region read by screen readers, and the move sound.
import { app, render } from './state.js';
import { $ } from './dom.js';

let messageTimer = 0;

/// Shows a message for a few seconds in its fixed place under the status: `kind` 'error' for
/// what was refused, 'info' for news (a hint, a game loaded).
export function showMessage(text, kind = 'error') {
  app.message = text;
  app.messageKind = kind;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => {
    app.message = '';
    render();
  }, kind === 'info' ? 5000 : 3000);
  render();
}

/// Drops a message that no longer applies (a move was played, the game changed).
export function clearMessage() {
  clearTimeout(messageTimer);
  app.message = '';
}

export function announce(text) {
  const el = $('[data-announce]');
  el.textContent = '';
  // A separate task, so screen readers notice the change even for the same text.
  setTimeout(() => (el.textContent = text), 30);
}

let audio = null;
export function beep(capture) {
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
