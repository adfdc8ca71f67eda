import { useCallback, useEffect, useRef } from 'react';
import { NOTICE_MS } from '@/features/chat/hooks/use-message-actions';
import type { useJump } from '@/features/chat/hooks/use-jump';

/**
 * Keeps a chat's jump and its address (`#m-…`) in step: a jump the reader makes (search, pins) or leaving it is
 * told to the screen through `onChange`; a message the address names (a reload, a link, Back) is jumped to, unless
 * it is the one jumped to last. A failed jump's notice fades after a while.
 */
export function useJumpAddress(
  jump: ReturnType<typeof useJump>,
  target: string | null,
  onChange: ((messageid: string | null) => void) | undefined,
) {
  const { failed, dismissFailure, leave, jumpTo: jumpToTarget } = jump;
  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(dismissFailure, NOTICE_MS * 2);
    return () => window.clearTimeout(timer);
  }, [failed, dismissFailure]);

  // The message jumped to last, by the reader or by the address: the address then naming it is no new jump.
  const jumpedTo = useRef<string | null>(null);
  const jumpTo = (messageid: string) => {
    jumpedTo.current = messageid;
    void jumpToTarget(messageid);
    onChange?.(messageid);
  };
  const leaveJump = useCallback(() => {
    jumpedTo.current = null;
    leave();
    onChange?.(null);
  }, [leave, onChange]);
  // Opened at a message by its address (a reload, a link), or the address named another one while open.
  useEffect(() => {
    if (!target || target === jumpedTo.current) return;
    jumpedTo.current = target;
    void jumpToTarget(target);
  }, [target, jumpToTarget]);

  return { jumpTo, leaveJump };
}
