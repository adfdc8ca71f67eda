import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useSetupWhatsApp } from '@/features/admin-settings/api/setup-whatsapp';
import { useSetupWhatsAppWebhook } from '@/features/admin-settings/api/setup-whatsapp-webhook';
import {
  embeddedSignupLoginOptions,
  FINISH_WAIT_MS,
  initialSignupState,
  parseSignupMessage,
  signupStep,
  type SignupEffect,
  type SignupEvent,
  type SignupState,
} from '@/features/admin-settings/lib/embedded-signup';
import { loadFacebookSdk, type FacebookSdk } from '@/features/admin-settings/lib/facebook-sdk';

export type EmbeddedSignupConfig = { appId: string; configId: string; graphVersion: string };
export type SdkStatus = 'loading' | 'ready' | 'failed';

/**
 * Runs WhatsApp embedded signup: loads Meta's SDK for this app, opens FB.login on `start` (inside the click, or
 * the popup is blocked), listens for Meta's `message` events and sends each request the state machine asks for.
 * `fallback` is the text shown when the server gives no message.
 */
export function useEmbeddedSignup(config: EmbeddedSignupConfig | null, fallback: string) {
  const [state, setState] = useState<SignupState>(initialSignupState);
  const [sdkStatus, setSdkStatus] = useState<SdkStatus>('loading');
  const [sdkLoad, setSdkLoad] = useState(0);
  const current = useRef(state);
  const sdk = useRef<FacebookSdk | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const exchange = useSetupWhatsApp();
  const connect = useSetupWhatsAppWebhook();
  // The latest of what effects need, so `dispatch` stays one stable function.
  const latest = useRef({ exchange: exchange.mutateAsync, connect: connect.mutateAsync, fallback });
  useLayoutEffect(() => {
    latest.current = { exchange: exchange.mutateAsync, connect: connect.mutateAsync, fallback };
  });

  // One dispatcher for the hook's life: it steps the machine and runs the effects, which dispatch their results.
  const [dispatch] = useState(() => {
    const send = (event: SignupEvent): void => {
      const { state: next, effects } = signupStep(current.current, event);
      current.current = next;
      setState(next);
      effects.forEach(run);
    };
    const run = (effect: SignupEffect): void => {
      const { attempt } = effect;
      const failed = (type: 'exchangeFailed' | 'connectFailed') => (error: unknown) =>
        send({ type, attempt, message: errorMessage(error, latest.current.fallback) });
      switch (effect.type) {
        case 'exchange':
          latest.current
            .exchange(effect.code)
            .then(() => send({ type: 'exchanged', attempt }), failed('exchangeFailed'));
          return;
        case 'connect':
          latest.current
            .connect(effect.business)
            .then((number) => send({ type: 'connected', attempt, number }), failed('connectFailed'));
          return;
        case 'waitForFinish': {
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            send({ type: 'finishTimeout', attempt });
          }, FINISH_WAIT_MS);
          timers.current.add(timer);
          return;
        }
        default: {
          const unknown: never = effect;
          return unknown;
        }
      }
    };
    return send;
  });

  const appId = config?.appId;
  const version = config?.graphVersion;
  useEffect(() => {
    if (!appId || !version) return;
    let live = true;
    setSdkStatus('loading');
    loadFacebookSdk(appId, version).then(
      (loaded) => {
        if (!live) return;
        sdk.current = loaded;
        setSdkStatus('ready');
      },
      () => live && setSdkStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [appId, version, sdkLoad]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = parseSignupMessage(event.origin, event.data);
      if (message) dispatch(message);
    };
    window.addEventListener('message', onMessage);
    const pending = timers.current;
    return () => {
      window.removeEventListener('message', onMessage);
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, [dispatch]);

  const configId = config?.configId;
  /** Opens Meta's signup window; call it straight from the click handler. */
  const start = useCallback(() => {
    const loaded = sdk.current;
    if (!loaded || !configId || current.current.phase === 'inProgress') return;
    dispatch({ type: 'start' });
    // FB.login rejects an async callback: this one only hands the code over.
    loaded.login(
      (response) => dispatch({ type: 'loginResult', code: response.authResponse?.code ?? null }),
      embeddedSignupLoginOptions(configId),
    );
  }, [configId, dispatch]);

  const reset = useCallback(() => dispatch({ type: 'reset' }), [dispatch]);
  const retrySdk = useCallback(() => setSdkLoad((n) => n + 1), []);

  return { state, sdkStatus, start, reset, retrySdk };
}
