import { useCallback, useRef, useState } from 'react';
import { getChatSlice, getSlicePage } from '../api/get-chat-slice';
import { openWindow, withNewer, withOlder, type JumpWindow } from '../lib/jump-window';

/**
 * The chat's scroll mode (SPEC §4): normal (`window` null) or 'pinned-jump', entered by jumping to a pinned or
 * found message and left with the scroll-to-bottom button. In the jump the slice grows both ways as the reader
 * scrolls; a failed page stops that direction (no retry loop) until the next jump.
 */
export function useJump(ticketid: string) {
  const [window, setWindow] = useState<JumpWindow | null>(null);
  /** Changes with every jump, so the list remounts at the new target even when it is the same message. */
  const [serial, setSerial] = useState(0);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState({ older: false, newer: false });
  const [stopped, setStopped] = useState({ older: false, newer: false });
  const current = useRef<JumpWindow | null>(null);
  current.current = window;
  const busy = useRef({ older: false, newer: false });
  // Answers of an earlier jump (or of one left already) are dropped.
  const generation = useRef(0);

  const jumpTo = useCallback(
    async (messageid: string) => {
      const mine = ++generation.current;
      setOpening(true);
      setFailed(false);
      try {
        const slice = await getChatSlice(ticketid, messageid);
        if (mine !== generation.current) return;
        busy.current = { older: false, newer: false };
        setLoading({ older: false, newer: false });
        setStopped({ older: false, newer: false });
        setWindow(openWindow(messageid, slice));
        setSerial((n) => n + 1);
      } catch {
        if (mine === generation.current) setFailed(true);
      } finally {
        if (mine === generation.current) setOpening(false);
      }
    },
    [ticketid],
  );

  const leave = useCallback(() => {
    generation.current++;
    setOpening(false);
    setWindow(null);
  }, []);

  const load = useCallback(
    async (direction: 'older' | 'newer') => {
      const shown = current.current;
      const cursor = direction === 'older' ? shown?.older : shown?.newer;
      if (!shown || cursor === null || cursor === undefined || busy.current[direction]) return;
      const mine = generation.current;
      busy.current[direction] = true;
      setLoading((l) => ({ ...l, [direction]: true }));
      try {
        const page = await getSlicePage(ticketid, cursor, direction);
        if (mine !== generation.current) return;
        setWindow((w) => w && (direction === 'older' ? withOlder(w, cursor, page) : withNewer(w, cursor, page)));
      } catch {
        if (mine === generation.current) setStopped((s) => ({ ...s, [direction]: true }));
      } finally {
        busy.current[direction] = false;
        setLoading((l) => ({ ...l, [direction]: false }));
      }
    },
    [ticketid],
  );

  const loadOlder = useCallback(() => void load('older'), [load]);
  const loadNewer = useCallback(() => void load('newer'), [load]);

  return {
    window,
    serial,
    opening,
    failed,
    dismissFailure: useCallback(() => setFailed(false), []),
    hasOlder: window !== null && window.older !== null && !stopped.older,
    hasNewer: window !== null && window.newer !== null && !stopped.newer,
    loadingOlder: loading.older,
    loadingNewer: loading.newer,
    jumpTo,
    leave,
    loadOlder,
    loadNewer,
  };
}
