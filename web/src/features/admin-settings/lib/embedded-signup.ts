import { setupWhatsAppWebhookBodySchema, type WhatsAppConnected } from '@kreechat/contract';
import type { z } from 'zod';

/**
 * WhatsApp embedded signup in the browser (channel-apis.md §2.13), as a pure state machine. Two things come back
 * from Meta, in either order: the authorization code (FB.login's callback) and the `WA_EMBEDDED_SIGNUP` FINISH
 * message naming the WABA and the phone number. The code lives about 30 seconds, so it is exchanged
 * (POST /setup-whatsapp) the moment it arrives; the number is connected (POST /setup-whatsapp-webhook) once that
 * exchange answered ok and the FINISH data is there. Each step returns the side effects to run, so every request
 * goes out exactly once however often Meta repeats itself.
 */

export type BusinessData = z.infer<typeof setupWhatsAppWebhookBodySchema>['business_data'];

/** The FB.login options of the "v2" embedded signup SPEC §9 describes; kept here, the one place they live. */
export function embeddedSignupLoginOptions(configId: string) {
  return {
    config_id: configId,
    response_type: 'code',
    override_default_response_type: true,
    extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
  } as const;
}

/** What a `message` event from Meta's popup means for the signup. */
export type SignupMessage =
  | { type: 'finish'; business: BusinessData }
  /** FINISH_ONLY_WABA and the like: a business account but no phone number to connect. */
  | { type: 'finishWithoutNumber' }
  | { type: 'cancel'; step: string | null }
  | { type: 'metaError'; message: string };

const FINISH_EVENTS = new Set(['FINISH', 'FINISH_ONLY_WABA', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING']);

/** Only facebook.com and its subdomains over https may speak for Meta: any other window could post the same JSON. */
export function isFacebookOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' && (url.hostname === 'facebook.com' || url.hostname.endsWith('.facebook.com'));
  } catch {
    return false;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/**
 * Reads one `window` message: null unless it comes from facebook.com and is a `WA_EMBEDDED_SIGNUP` event. Meta
 * posts a JSON string; an already parsed object is accepted too. CANCEL carries `current_step` when the admin left,
 * `error_message` when Meta failed (older samples say `event: 'ERROR'`).
 */
export function parseSignupMessage(origin: string, data: unknown): SignupMessage | null {
  if (!isFacebookOrigin(origin)) return null;
  let payload: unknown = data;
  if (typeof data === 'string') {
    try {
      payload = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!payload || typeof payload !== 'object') return null;
  const { type, event, data: details } = payload as { type?: unknown; event?: unknown; data?: unknown };
  if (type !== 'WA_EMBEDDED_SIGNUP' || typeof event !== 'string') return null;
  const fields = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  if (FINISH_EVENTS.has(event)) {
    const parsed = setupWhatsAppWebhookBodySchema.shape.business_data.safeParse({
      phone_number_id: text(fields.phone_number_id) ?? undefined,
      waba_id: text(fields.waba_id) ?? undefined,
      business_id: text(fields.business_id) ?? undefined,
    });
    return parsed.success ? { type: 'finish', business: parsed.data } : { type: 'finishWithoutNumber' };
  }
  if (event === 'CANCEL' || event === 'ERROR') {
    const message = text(fields.error_message);
    if (message) return { type: 'metaError', message };
    if (event === 'ERROR') return { type: 'metaError', message: '' };
    return { type: 'cancel', step: text(fields.current_step) };
  }
  return null;
}

export type SignupFailure =
  /** The admin closed the window or pressed cancel, at Meta's `current_step` when it said. */
  | { kind: 'cancelled'; step: string | null }
  /** Meta reported an error (its message, possibly empty). */
  | { kind: 'meta'; message: string }
  /** Our server refused or could not be reached (its message). */
  | { kind: 'server'; message: string }
  /** Meta finished without a phone number (only a business account was set up). */
  | { kind: 'noNumber' }
  /** The code was exchanged but Meta never said which number was chosen. */
  | { kind: 'noFinish' };

export type SignupState =
  | { phase: 'idle'; attempt: number }
  | {
      phase: 'inProgress';
      attempt: number;
      /** The authorization code: still awaited, being exchanged, or exchanged (the server answered ok). */
      code: 'waiting' | 'exchanging' | 'exchanged';
      /** The FINISH event's data once it came. */
      business: BusinessData | null;
      /** POST /setup-whatsapp-webhook is out. */
      connecting: boolean;
    }
  | { phase: 'connected'; attempt: number; number: WhatsAppConnected }
  | { phase: 'failed'; attempt: number; failure: SignupFailure };

/** Results of the requests carry their attempt: an answer to an abandoned attempt changes nothing. */
export type SignupEvent =
  | { type: 'start' }
  /** FB.login's callback: the code, or null when the window was closed without one. */
  | { type: 'loginResult'; code: string | null }
  | SignupMessage
  | { type: 'exchanged'; attempt: number }
  | { type: 'exchangeFailed'; attempt: number; message: string }
  | { type: 'connected'; attempt: number; number: WhatsAppConnected }
  | { type: 'connectFailed'; attempt: number; message: string }
  | { type: 'finishTimeout'; attempt: number }
  | { type: 'reset' };

export type SignupEffect =
  | { type: 'exchange'; attempt: number; code: string }
  | { type: 'connect'; attempt: number; business: BusinessData }
  /** Start the clock for {@link FINISH_WAIT_MS}; the hook reports `finishTimeout` when it runs out. */
  | { type: 'waitForFinish'; attempt: number };

/**
 * How long to wait for the FINISH message after the code was exchanged. Meta posts it before its window closes,
 * so it is normally there already; this only keeps the screen from spinning forever when it never comes.
 */
export const FINISH_WAIT_MS = 30_000;

export const initialSignupState: SignupState = { phase: 'idle', attempt: 0 };

type Step = { state: SignupState; effects: SignupEffect[] };

const stay = (state: SignupState): Step => ({ state, effects: [] });
const fail = (state: SignupState, failure: SignupFailure): Step => ({
  state: { phase: 'failed', attempt: state.attempt, failure },
  effects: [],
});

/** Both halves are in: connect the number. */
function connectIfReady(state: Extract<SignupState, { phase: 'inProgress' }>): Step {
  if (state.code === 'exchanged' && state.business && !state.connecting) {
    return {
      state: { ...state, connecting: true },
      effects: [{ type: 'connect', attempt: state.attempt, business: state.business }],
    };
  }
  return stay(state);
}

/** One transition of the signup: the next state and what to do. Unknown or repeated events leave it unchanged. */
export function signupStep(state: SignupState, event: SignupEvent): Step {
  switch (event.type) {
    case 'start':
      if (state.phase === 'inProgress') return stay(state);
      return {
        state: { phase: 'inProgress', attempt: state.attempt + 1, code: 'waiting', business: null, connecting: false },
        effects: [],
      };
    case 'reset':
      return stay({ phase: 'idle', attempt: state.attempt });
    case 'loginResult':
      if (state.phase !== 'inProgress' || state.code !== 'waiting') return stay(state);
      if (event.code === null) return fail(state, { kind: 'cancelled', step: null });
      return {
        state: { ...state, code: 'exchanging' },
        effects: [{ type: 'exchange', attempt: state.attempt, code: event.code }],
      };
    case 'finish':
      if (state.phase !== 'inProgress' || state.business) return stay(state);
      return connectIfReady({ ...state, business: event.business });
    case 'finishWithoutNumber':
      if (state.phase !== 'inProgress' || state.business) return stay(state);
      return fail(state, { kind: 'noNumber' });
    case 'cancel':
    case 'metaError': {
      const failure: SignupFailure =
        event.type === 'cancel' ? { kind: 'cancelled', step: event.step } : { kind: 'meta', message: event.message };
      // The window closed first (a cancel without a step): Meta's own account of it, arriving next, says more.
      if (state.phase === 'failed' && state.failure.kind === 'cancelled' && state.failure.step === null) {
        return fail(state, failure);
      }
      // Once FINISH is in, Meta has said the signup succeeded: a stray cancel afterwards changes nothing.
      if (state.phase !== 'inProgress' || state.business) return stay(state);
      return fail(state, failure);
    }
    case 'exchanged': {
      if (state.phase !== 'inProgress' || state.attempt !== event.attempt || state.code !== 'exchanging') {
        return stay(state);
      }
      const next = { ...state, code: 'exchanged' as const };
      if (next.business) return connectIfReady(next);
      return { state: next, effects: [{ type: 'waitForFinish', attempt: state.attempt }] };
    }
    case 'exchangeFailed':
    case 'connectFailed':
      if (state.phase !== 'inProgress' || state.attempt !== event.attempt) return stay(state);
      return fail(state, { kind: 'server', message: event.message });
    case 'connected':
      if (state.phase !== 'inProgress' || state.attempt !== event.attempt || !state.connecting) return stay(state);
      return stay({ phase: 'connected', attempt: state.attempt, number: event.number });
    case 'finishTimeout':
      if (
        state.phase !== 'inProgress' ||
        state.attempt !== event.attempt ||
        state.code !== 'exchanged' ||
        state.business
      ) {
        return stay(state);
      }
      return fail(state, { kind: 'noFinish' });
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** What the screen says while a signup runs. */
export type SignupProgress = 'inFacebook' | 'exchanging' | 'waitingForNumber' | 'connecting';

export function signupProgress(state: SignupState): SignupProgress | null {
  if (state.phase !== 'inProgress') return null;
  if (state.connecting) return 'connecting';
  if (state.code === 'waiting') return 'inFacebook';
  if (state.code === 'exchanging') return 'exchanging';
  return 'waitingForNumber';
}
