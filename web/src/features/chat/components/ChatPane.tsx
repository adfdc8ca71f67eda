import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { dayKey } from '../../../lib/dates';
import { displayUsername } from '../../../lib/format';
import { randomId } from '../../../lib/ids';
import type { Viewer } from '../../../lib/session';
import { useChat } from '../api/get-chat';
import { useRetryMessage } from '../api/retry-message';
import { useSendMessage } from '../api/send-message';
import { useFileDrop } from '../hooks/use-file-drop';
import { buildRows } from '../lib/chat-pages';
import { removeFromOutbox, useOutbox, type OutboxItem } from '../lib/outbox';
import { ChatHeader } from './ChatHeader';
import { ChatSkeleton } from './ChatSkeleton';
import { Composer, type ComposerTools } from './Composer';
import { MessageList } from './MessageList';
import styles from './chat.module.css';

interface ChatPaneProps {
  ticket: Ticket;
  viewer: Viewer;
  /** The ticket's actions in the header (close…), composed by the screen. */
  actions?: ReactNode;
  /** Extra composer buttons (the bubbles picker), composed by the screen. */
  composerTools?: ComposerTools;
}

/** SPEC §4: only the handler of an open ticket may reply; the composer says why otherwise. */
export function replyBlocker(ticket: Ticket, viewerId: string): 'closed' | 'accept' | 'handled' | null {
  if (ticket.stage === 'closed') return 'closed';
  if (ticket.userid === null) return 'accept';
  if (ticket.userid !== viewerId) return 'handled';
  return null;
}

/**
 * The chat of one ticket (SPEC §2 Chat pane): header, the day-grouped messages and the composer. Mount it with
 * `key={ticketid}` so each ticket starts at its latest message.
 */
export function ChatPane({ ticket, viewer, actions, composerTools }: ChatPaneProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const chat = useChat(ticket.ticketid);
  const outbox = useOutbox(ticket.ticketid);
  const queryClient = useQueryClient();
  const send = useSendMessage();
  const retry = useRetryMessage();
  const [followSignal, setFollowSignal] = useState(0);
  const today = dayKey(new Date());

  const rows = useMemo(
    () =>
      buildRows(chat.data?.pages ?? [], outbox, {
        today,
        reachedStart: chat.isSuccess && !chat.hasNextPage,
        viewerId: viewer.id,
      }),
    [chat.data, chat.isSuccess, chat.hasNextPage, outbox, today, viewer.id],
  );

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = chat;
  const loadOlder = useCallback(() => {
    // A failed older page just stops the spinner (SPEC §8); the next refetch (reconnection, reopening) recovers.
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const sendText = (content: string) => send.mutate({ content, ticketid: ticket.ticketid, idempotencyKey: randomId() });
  const resend = (item: OutboxItem) =>
    send.mutate({ content: item.content, ticketid: item.ticketid, idempotencyKey: item.key });
  const retryMessage = (message: Message) => retry.mutate(message.messageid);

  const blocker = replyBlocker(ticket, viewer.id);
  const drop = useFileDrop(blocker !== null);
  const disabledReason =
    blocker === 'closed'
      ? t('chat.hintClosed')
      : blocker === 'accept'
        ? t('chat.hintAccept')
        : blocker === 'handled'
          ? t('chat.hintHandledBy', { name: displayUsername(ticket.user_name ?? '?') })
          : null;

  let body: ReactNode;
  if (chat.isPending) {
    body = <ChatSkeleton label={t('chat.loading')} />;
  } else if (chat.isError && !chat.data) {
    body = (
      <div className={styles.loadError}>
        <p>{t('chat.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void chat.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <MessageList
        rows={rows}
        today={today}
        viewerId={viewer.id}
        clientName={ticket.client_name}
        hasOlder={Boolean(hasNextPage) && !isFetchNextPageError}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
        onRetryMessage={retryMessage}
        retryingId={retry.isPending ? (retry.variables ?? null) : null}
        onRetryOutbox={resend}
        onDiscardOutbox={(item) => removeFromOutbox(queryClient, item.ticketid, item.key)}
        followSignal={followSignal}
      />
    );
  }

  return (
    <section {...drop.rootProps({ className: styles.pane, 'aria-labelledby': headingId })}>
      <ChatHeader ticket={ticket} headingId={headingId} actions={actions} />
      {body}
      <Composer
        ticket={ticket}
        disabledReason={disabledReason}
        onSendText={sendText}
        onSent={() => setFollowSignal((n) => n + 1)}
        drop={drop}
        tools={composerTools}
      />
    </section>
  );
}
