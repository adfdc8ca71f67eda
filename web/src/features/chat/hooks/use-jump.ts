import { useCallback, useRef, useState } from 'react';
import { getChatSlice, getSlicePage } from '@/features/chat/api/get-chat-slice';
import { openWindow, withNewer, withOlder, type JumpWindow } from '@/features/chat/lib/jump-window';

/**
 * The chat's scroll mode (SPEC §4): normal (`window` null) or 'pinned-jump', entered by jumping to a pinned or
 * found message and left with the scroll-to-bottom button. In the jump the slice grows both ways as the reader
 * scrolls; a failed page stops that direction (no retry loop) until the next jump.
 */
export function useJump(ticketid: string) {
  const [shown, setShown] = useState<JumpWindow | null>(null);
  /** Changes with every jump, so the list remounts at the new target even when it is the same message. */
  const [serial, setSerial] = useState(0);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState({ older: false, newer: false });
  const [stopped, setStopped] = useState({ older: false, newer: false });
  const current = useRef<JumpWindow | null>(null);
  current.current = shown;
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
        setShown(openWindow(messageid, slice));
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
    setShown(null);
  }, []);

  const load = useCallback(
    async (direction: 'older' | 'newer') => {
      const latest = current.current;
      const cursor = direction === 'older' ? latest?.older : latest?.newer;
      if (!latest || cursor === null || cursor === undefined || busy.current[direction]) return;
      const mine = generation.current;
      busy.current[direction] = true;
      setLoading((l) => ({ ...l, [direction]: true }));
      try {
        const page = await getSlicePage(ticketid, cursor, direction);
        if (mine !== generation.current) return;
        setShown((w) => w && (direction === 'older' ? withOlder(w, cursor, page) : withNewer(w, cursor, page)));
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
    window: shown,
    serial,
    opening,
    failed,
    dismissFailure: useCallback(() => setFailed(false), []),
    hasOlder: shown !== null && shown.older !== null && !stopped.older,
    hasNewer: shown !== null && shown.newer !== null && !stopped.newer,
    loadingOlder: loading.older,
    loadingNewer: loading.newer,
    jumpTo,
    leave,
    loadOlder,
    loadNewer,
  };
}
