import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { disablePush, enablePush, pushSupported, syncPush } from '@/lib/push';
import { sessionQueryKey } from '@/lib/session';

export type PushHint = 'denied' | 'unsupported' | 'failed';

/** How long a hint under the bell stays before it goes by itself. */
export const PUSH_HINT_MS = 8_000;

/**
 * The bell's state (SPEC §2, §4): synced with the browser on mount, turned on by asking permission and
 * subscribing, turned off on the server. A denied permission leaves it off with a hint.
 */
export function usePushBell(initiallyOn: boolean) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [on, setOn] = useState(initiallyOn && supported);
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<PushHint | null>(null);
  const hintTimer = useRef<number | undefined>(undefined);

  const showHint = useCallback((next: PushHint | null) => {
    window.clearTimeout(hintTimer.current);
    setHint(next);
    if (next) hintTimer.current = window.setTimeout(() => setHint(null), PUSH_HINT_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(hintTimer.current), []);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    syncPush()
      .then((subscribed) => {
        if (live) setOn(subscribed);
      })
      // A failed sync leaves the state the session reported; the next click tries again.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported]);

  const toggle = useCallback(async () => {
    if (busy) return;
    if (!supported) return showHint('unsupported');
    setBusy(true);
    showHint(null);
    try {
      if (on) {
        setOn(await disablePush());
      } else {
        const result = await enablePush();
        setOn(result === 'on');
        if (result === 'denied') showHint('denied');
      }
    } catch {
      showHint('failed');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  }, [busy, on, supported, showHint, queryClient]);

  return { on, busy, hint, supported, toggle, dismissHint: () => showHint(null) };
}
