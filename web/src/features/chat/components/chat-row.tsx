import type { ReactNode } from 'react';
import type { Message } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { dayTitle } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { SYSTEM_TYPES, type ChatRow } from '@/features/chat/lib/chat-pages';
import type { OutboxItem } from '@/features/chat/lib/outbox';
import type { MediaTarget } from './MessageBody';
import { MessageBubble, OutboxBubble, SystemNote } from './MessageRow';
import styles from './chat.module.css';

/** A day's title as the list shows it: Today, Yesterday, or the date in the UI language. */
export function useDayTitle() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (day: string, today: string) => {
    const title = dayTitle(day, lang, today);
    return title.kind === 'today' ? t('chat.today') : title.kind === 'yesterday' ? t('chat.yesterday') : title.text;
  };
}

/** What every row of one list shares: who reads, how days are titled, and what a message's buttons do. */
export interface RowContext {
  today: string;
  viewerId: string;
  clientName: string;
  titleOf: (day: string, today: string) => string;
  /** The text above the chat's first message. */
  startText: string;
  onOpenMedia: (target: MediaTarget) => void;
  onRetryMessage: (message: Message) => void;
  retryingId: string | null;
  pinnedIds: ReadonlySet<string>;
  onRetryOutbox: (item: OutboxItem) => void;
  onDiscardOutbox: (item: OutboxItem) => void;
}

/**
 * One row of the message list: the start of the chat, a day's title, a message (a system line for close, reopen
 * and rating) or a message still in the outbox. A plain function, not a component: the list calls it for every
 * row in view on every scroll frame.
 */
export function renderChatRow(row: ChatRow, context: RowContext): ReactNode {
  switch (row.kind) {
    case 'start':
      return <p className={styles.start}>{context.startText}</p>;
    case 'day':
      return (
        <div className={styles.dayRow}>
          <h3 className={styles.dayPill}>
            <time dateTime={row.day}>{context.titleOf(row.day, context.today)}</time>
          </h3>
        </div>
      );
    case 'message':
      return SYSTEM_TYPES.has(row.message.type) ? (
        <SystemNote message={row.message} />
      ) : (
        <MessageBubble
          message={row.message}
          continued={row.continued}
          viewerId={context.viewerId}
          clientName={context.clientName}
          onOpenMedia={context.onOpenMedia}
          onRetry={context.onRetryMessage}
          retrying={context.retryingId === row.message.messageid}
          pinned={context.pinnedIds.has(row.message.messageid)}
        />
      );
    case 'outbox':
      return (
        <OutboxBubble
          item={row.item}
          continued={row.continued}
          onRetry={context.onRetryOutbox}
          onDiscard={context.onDiscardOutbox}
        />
      );
    default: {
      const unknown: never = row;
      return unknown;
    }
  }
}
