import { describe, expect, it } from 'vitest';
import {
  embeddedSignupLoginOptions,
  initialSignupState,
  isFacebookOrigin,
  parseSignupMessage,
  signupProgress,
  signupStep,
  type SignupEffect,
  type SignupEvent,
  type SignupState,
} from './embedded-signup';

const FB = 'https://www.facebook.com';
const BUSINESS = { phone_number_id: '106540352242922', waba_id: '102290129340398', business_id: '2729063490586005' };
const NUMBER = {
  phoneNumberId: BUSINESS.phone_number_id,
  wabaId: BUSINESS.waba_id,
  displayPhoneNumber: '+1 555-010-0199',
  verifiedName: 'Kree Support',
};

/** A message as Meta's popup posts it: a JSON string. */
const meta = (event: string, data: Record<string, unknown>) =>
  JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event, data, version: 3 });

/** Runs events from the start of a signup and collects every effect asked for on the way. */
function run(events: SignupEvent[], from: SignupState = initialSignupState) {
  let state = from;
  const effects: SignupEffect[] = [];
  for (const event of events) {
    const step = signupStep(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const finish = { type: 'finish', business: BUSINESS } as const;

describe('isFacebookOrigin', () => {
  it('accepts facebook.com and its subdomains over https only', () => {
    expect(isFacebookOrigin('https://www.facebook.com')).toBe(true);
    expect(isFacebookOrigin('https://facebook.com')).toBe(true);
    expect(isFacebookOrigin('https://web.facebook.com')).toBe(true);
    expect(isFacebookOrigin('http://www.facebook.com')).toBe(false);
    expect(isFacebookOrigin('https://evilfacebook.com')).toBe(false);
    expect(isFacebookOrigin('https://facebook.com.evil.example')).toBe(false);
    expect(isFacebookOrigin('null')).toBe(false);
    expect(isFacebookOrigin('')).toBe(false);
  });
});

describe('parseSignupMessage', () => {
  it('reads the FINISH variants with the business data', () => {
    for (const event of ['FINISH', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING']) {
      expect(parseSignupMessage(FB, meta(event, BUSINESS))).toEqual(finish);
    }
  });

  it('keeps the business id optional and accepts an already parsed object', () => {
    const { business_id: _, ...withoutBusiness } = BUSINESS;
    expect(parseSignupMessage(FB, { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: withoutBusiness })).toEqual({
      type: 'finish',
      business: withoutBusiness,
    });
  });

  it('tells a finish without a phone number apart', () => {
    expect(parseSignupMessage(FB, meta('FINISH_ONLY_WABA', { waba_id: BUSINESS.waba_id }))).toEqual({
      type: 'finishWithoutNumber',
    });
  });

  it('reads a cancel with its step, and an error with its message', () => {
    expect(parseSignupMessage(FB, meta('CANCEL', { current_step: 'PHONE_NUMBER_SETUP' }))).toEqual({
      type: 'cancel',
      step: 'PHONE_NUMBER_SETUP',
    });
    expect(parseSignupMessage(FB, meta('CANCEL', {}))).toEqual({ type: 'cancel', step: null });
    expect(
      parseSignupMessage(
        FB,
        meta('CANCEL', { error_message: 'Phone number already registered', error_id: '524126', session_id: 'x' }),
      ),
    ).toEqual({ type: 'metaError', message: 'Phone number already registered' });
    expect(parseSignupMessage(FB, meta('ERROR', { error_message: 'Something broke' }))).toEqual({
      type: 'metaError',
      message: 'Something broke',
    });
    expect(parseSignupMessage(FB, meta('ERROR', {}))).toEqual({ type: 'metaError', message: '' });
  });

  it('ignores other origins, other message types and broken JSON', () => {
    expect(parseSignupMessage('https://evil.example', meta('FINISH', BUSINESS))).toBeNull();
    expect(parseSignupMessage(FB, JSON.stringify({ type: 'OTHER', event: 'FINISH', data: BUSINESS }))).toBeNull();
    expect(parseSignupMessage(FB, '{not json')).toBeNull();
    expect(parseSignupMessage(FB, 42)).toBeNull();
    expect(parseSignupMessage(FB, meta('SOMETHING_NEW', {}))).toBeNull();
  });
});

describe('embeddedSignupLoginOptions', () => {
  it('asks for a code with the v2 extras', () => {
    expect(embeddedSignupLoginOptions('cfg-1')).toEqual({
      config_id: 'cfg-1',
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
    });
  });
});

describe('signupStep', () => {
  it('code first: exchanges at once, connects when FINISH comes', () => {
    const started = run([{ type: 'start' }, { type: 'loginResult', code: 'AQD-code' }]);
    expect(started.effects).toEqual([{ type: 'exchange', attempt: 1, code: 'AQD-code' }]);
    expect(signupProgress(started.state)).toBe('exchanging');

    const exchanged = run([{ type: 'exchanged', attempt: 1 }], started.state);
    expect(exchanged.effects).toEqual([{ type: 'waitForFinish', attempt: 1 }]);
    expect(signupProgress(exchanged.state)).toBe('waitingForNumber');

    const finished = run([finish], exchanged.state);
    expect(finished.effects).toEqual([{ type: 'connect', attempt: 1, business: BUSINESS }]);
    expect(signupProgress(finished.state)).toBe('connecting');

    expect(run([{ type: 'connected', attempt: 1, number: NUMBER }], finished.state).state).toEqual({
      phase: 'connected',
      attempt: 1,
      number: NUMBER,
    });
  });

  it('FINISH first: buffers it, exchanges the code when it comes, then connects', () => {
    const { state, effects } = run([
      { type: 'start' },
      finish,
      { type: 'loginResult', code: 'AQD-code' },
      { type: 'exchanged', attempt: 1 },
      { type: 'connected', attempt: 1, number: NUMBER },
    ]);
    expect(effects).toEqual([
      { type: 'exchange', attempt: 1, code: 'AQD-code' },
      { type: 'connect', attempt: 1, business: BUSINESS },
    ]);
    expect(state.phase).toBe('connected');
  });

  it('FINISH while the exchange is out: connects only after the server said ok', () => {
    const out = run([{ type: 'start' }, { type: 'loginResult', code: 'c' }, finish]);
    expect(out.effects).toEqual([{ type: 'exchange', attempt: 1, code: 'c' }]);
    expect(run([{ type: 'exchanged', attempt: 1 }], out.state).effects).toEqual([
      { type: 'connect', attempt: 1, business: BUSINESS },
    ]);
  });

  it('sends each request once however often Meta repeats itself', () => {
    const { effects } = run([
      { type: 'start' },
      { type: 'loginResult', code: 'c' },
      { type: 'loginResult', code: 'c' },
      finish,
      finish,
      { type: 'exchanged', attempt: 1 },
      { type: 'exchanged', attempt: 1 },
      finish,
    ]);
    expect(effects.filter((e) => e.type === 'exchange')).toHaveLength(1);
    expect(effects.filter((e) => e.type === 'connect')).toHaveLength(1);
  });

  it('a cancel stops the signup with its step; the window closing first is enriched by it', () => {
    expect(run([{ type: 'start' }, { type: 'cancel', step: 'WABA_SETUP' }]).state).toEqual({
      phase: 'failed',
      attempt: 1,
      failure: { kind: 'cancelled', step: 'WABA_SETUP' },
    });
    const closed = run([{ type: 'start' }, { type: 'loginResult', code: null }]);
    expect(closed.state).toEqual({ phase: 'failed', attempt: 1, failure: { kind: 'cancelled', step: null } });
    expect(run([{ type: 'cancel', step: 'PHONE_NUMBER_VERIFICATION' }], closed.state).state).toMatchObject({
      failure: { kind: 'cancelled', step: 'PHONE_NUMBER_VERIFICATION' },
    });
    // A cancel message first, then the callback without a code: the step is kept.
    expect(
      run([{ type: 'start' }, { type: 'cancel', step: 'WABA_SETUP' }, { type: 'loginResult', code: null }]).state,
    ).toMatchObject({ failure: { kind: 'cancelled', step: 'WABA_SETUP' } });
  });

  it("shows Meta's error, and ignores a cancel once FINISH is in", () => {
    expect(run([{ type: 'start' }, { type: 'metaError', message: 'Number already in use' }]).state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'meta', message: 'Number already in use' },
    });
    const { state } = run([{ type: 'start' }, finish, { type: 'cancel', step: 'DONE' }]);
    expect(state).toMatchObject({ phase: 'inProgress', business: BUSINESS });
  });

  it("fails with the server's message from either request", () => {
    const exchange = run([
      { type: 'start' },
      { type: 'loginResult', code: 'c' },
      { type: 'exchangeFailed', attempt: 1, message: 'The authorization code has expired' },
    ]);
    expect(exchange.state).toMatchObject({
      failure: { kind: 'server', message: 'The authorization code has expired' },
    });
    // A FINISH after the failure does not connect anything.
    expect(run([finish], exchange.state).effects).toEqual([]);

    const connect = run([
      { type: 'start' },
      finish,
      { type: 'loginResult', code: 'c' },
      { type: 'exchanged', attempt: 1 },
      { type: 'connectFailed', attempt: 1, message: 'Graph is unreachable' },
    ]);
    expect(connect.state).toMatchObject({ failure: { kind: 'server', message: 'Graph is unreachable' } });
  });

  it('fails when Meta finishes without a number, or never says which one', () => {
    expect(run([{ type: 'start' }, { type: 'finishWithoutNumber' }]).state).toMatchObject({
      failure: { kind: 'noNumber' },
    });
    const waited = run([
      { type: 'start' },
      { type: 'loginResult', code: 'c' },
      { type: 'exchanged', attempt: 1 },
      { type: 'finishTimeout', attempt: 1 },
    ]);
    expect(waited.state).toMatchObject({ failure: { kind: 'noFinish' } });
    // The timer of a signup that did finish changes nothing.
    const done = run([
      { type: 'start' },
      { type: 'loginResult', code: 'c' },
      { type: 'exchanged', attempt: 1 },
      finish,
      { type: 'finishTimeout', attempt: 1 },
    ]);
    expect(done.state).toMatchObject({ phase: 'inProgress', connecting: true });
  });

  it('ignores answers to an abandoned attempt and messages while idle', () => {
    const first = run([{ type: 'start' }, { type: 'loginResult', code: 'old' }, { type: 'reset' }]);
    expect(first.state).toEqual({ phase: 'idle', attempt: 1 });
    expect(run([finish, { type: 'cancel', step: 'X' }], first.state).state).toEqual(first.state);

    const second = run([{ type: 'start' }, { type: 'exchanged', attempt: 1 }], first.state);
    expect(second.state).toMatchObject({ phase: 'inProgress', attempt: 2, code: 'waiting' });
    expect(second.effects).toEqual([]);
    expect(run([{ type: 'exchangeFailed', attempt: 1, message: 'late' }], second.state).state.phase).toBe('inProgress');
  });

  it('starts again after a failure or a success, and not while one runs', () => {
    const failed = run([{ type: 'start' }, { type: 'cancel', step: null }]);
    expect(run([{ type: 'start' }], failed.state).state).toMatchObject({ phase: 'inProgress', attempt: 2 });
    const running = run([{ type: 'start' }, { type: 'loginResult', code: 'c' }]);
    expect(run([{ type: 'start' }], running.state).state).toBe(running.state);
    expect(signupProgress(run([{ type: 'start' }]).state)).toBe('inFacebook');
    expect(signupProgress(initialSignupState)).toBeNull();
  });
});
