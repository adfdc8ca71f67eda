import { PRODUCT_NAME } from '@kreechat/contract';

/*
 * Attention signals of the workspace (SPEC §1, §4): a short chime made with the Web Audio API (no audio file) and
 * the document title blinking between an alert and the product name (SPEC §9: every 1 s).
 */

let audio: AudioContext | null = null;
let unlockArmed = false;

function context(): AudioContext | null {
  if (audio) return audio;
  const Ctor =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    audio = new Ctor();
  } catch {
    return null;
  }
  return audio;
}

/**
 * Browsers keep audio suspended until the user interacts with the page; resume it on the first interaction so a
 * later chime can play. Safe to call repeatedly.
 */
export function armSound(): void {
  if (unlockArmed) return;
  unlockArmed = true;
  const unlock = () => {
    void context()
      ?.resume()
      .catch(() => undefined);
    document.removeEventListener('pointerdown', unlock);
    document.removeEventListener('keydown', unlock);
  };
  document.addEventListener('pointerdown', unlock);
  document.addEventListener('keydown', unlock);
}

// A new ticket usually arrives with its first message: one chime for the pair, not two.
const CHIME_GAP_MS = 600;
let lastChime = 0;

/** Two soft rising tones, about a third of a second. Autoplay refusals are ignored: the title alert remains. */
export function playChime(): void {
  const now = Date.now();
  if (now - lastChime < CHIME_GAP_MS) return;
  lastChime = now;
  const ctx = context();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    [
      { frequency: 880, at: 0 },
      { frequency: 1318.5, at: 0.12 },
    ].forEach(({ frequency, at }) => {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.22);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + 0.25);
    });
  } catch {
    // Audio is a nicety; never let it break event handling.
  }
}

export const TITLE_BLINK_MS = 1_000;

let blinkTimer: number | null = null;
let stopListeners: (() => void) | null = null;

/** Stops the blinking and puts the product name back. */
export function stopTitleBlink(): void {
  if (blinkTimer !== null) window.clearInterval(blinkTimer);
  blinkTimer = null;
  stopListeners?.();
  stopListeners = null;
  document.title = PRODUCT_NAME;
}

/**
 * Blinks the title between `alert` and the product name every second until the window gets focus or the user
 * interacts with the page. A second call while blinking changes nothing.
 */
export function startTitleBlink(alert: string): void {
  if (blinkTimer !== null) return;
  let showingAlert = true;
  document.title = alert;
  blinkTimer = window.setInterval(() => {
    showingAlert = !showingAlert;
    document.title = showingAlert ? alert : PRODUCT_NAME;
  }, TITLE_BLINK_MS);
  const stop = () => stopTitleBlink();
  window.addEventListener('focus', stop);
  document.addEventListener('pointerdown', stop);
  document.addEventListener('keydown', stop);
  stopListeners = () => {
    window.removeEventListener('focus', stop);
    document.removeEventListener('pointerdown', stop);
    document.removeEventListener('keydown', stop);
  };
}
