import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Message, PinnedMessage } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { usePinMessage, useUnpinMessage } from '@/features/chat/api/pin-message';
import type { MenuTarget } from '@/features/chat/components/MessageMenu';
import { copyableText } from '@/features/chat/lib/pins';

/** SPEC §9: a status note shows about 1 s; a little longer so it can be read. */
export const NOTICE_MS = 1_500;

/**
 * What a message's menu does (pin or unpin, copy) and the short notice each leaves ("Copied", or that it failed):
 * the menu open and where, the pinned messages' ids, and the notice until it fades.
 */
export function useMessageActions(pins: readonly PinnedMessage[] | undefined) {
  const { t } = useTranslation();
  const pin = usePinMessage();
  const unpin = useUnpinMessage();
  const [menu, setMenu] = useState<{ target: MenuTarget; message: Message } | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const pinnedIds = useMemo(() => new Set(pins?.map((p) => p.messageid)), [pins]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const togglePin = (message: Pick<Message, 'ticketid' | 'messageid' | 'created_on'> & Partial<Message>) => {
    const failed = () => setNotice({ text: t('chatTools.actionFailed'), error: true });
    if (pinnedIds.has(message.messageid)) unpin.mutate(message, { onError: failed });
    else pin.mutate(message as Message, { onError: failed });
  };
  const unpinFromPanel = (pinned: PinnedMessage) =>
    togglePin({ ticketid: pinned.ticketid, messageid: pinned.messageid, created_on: pinned.message_created_on });
  const copy = (message: Message) => {
    navigator.clipboard
      .writeText(copyableText(message))
      .then(() => setNotice({ text: t('chatTools.copied'), error: false }))
      .catch(() => setNotice({ text: t('chatTools.copyFailed'), error: true }));
  };
  const openMenu = useCallback(
    (message: Message, at: { x: number; y: number }, returnTo: HTMLElement) =>
      setMenu({ message, target: { messageid: message.messageid, ...at, returnTo } }),
    [],
  );
  const closeMenu = useCallback(() => setMenu(null), []);

  return { pinnedIds, notice, menu, openMenu, closeMenu, togglePin, unpinFromPanel, copy };
}
