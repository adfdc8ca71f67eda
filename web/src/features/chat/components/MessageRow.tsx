import { memo } from 'react';
import { AlertCircle, Bot, Check, CheckCheck, Clock, Lock, Pin } from 'lucide-react';
import type { Message } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { clockTime, dateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { RATING_MAX, ratingStars } from '@/features/chat/lib/chat-pages';
import { deliveryFailure, refusalText } from '@/features/chat/lib/delivery-failure';
import type { OutboxItem } from '@/features/chat/lib/outbox';
import { messagePreview } from '@/features/chat/lib/pins';
import { MessageBody, type MediaTarget } from './MessageBody';
import { MessageText } from './MessageText';
import styles from './chat.module.css';
import notes from './notes.module.css';
import toolStyles from './ChatTools.module.css';

type Status = Message['delivery_status'];

function DeliveryIcon({ status }: { status: Status }) {
  const { t } = useTranslation();
  if (status === 'received') return null;
  const label = t(`chat.status.${status}`);
  // One tick when the channel took it, two when it reached the phone (WhatsApp's receipts), two in the accent once read.
  const Icon =
    status === 'pending' ? Clock : status === 'sent' ? Check : status === 'failed' ? AlertCircle : CheckCheck;
  return (
    <span className={styles.status} data-status={status} title={label}>
      <Icon size={13} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function Time({ iso }: { iso: string }) {
  const lang = currentLanguage();
  return (
    <time dateTime={iso} title={dateTime(iso, lang)}>
      {clockTime(iso, lang)}
    </time>
  );
}

/** The message a client's reply answers, quoted above it as their app shows it (cut like a pin's preview). */
function ReplyQuote({ quoted, clientName }: { quoted: NonNullable<Message['reply_to']>; clientName: string }) {
  const { t } = useTranslation();
  const who = quoted.isagent ? t('chat.agent') : clientName;
  const mediaLabel = (type: Message['type']) =>
    type === 'image' || type === 'video' || type === 'audio' || type === 'document' || type === 'location'
      ? t(`chat.${type}`)
      : '…';
  return (
    <blockquote className={styles.replyQuote}>
      <span className="visually-hidden">{t('chat.inReplyTo')} </span>
      <span className={styles.replyAuthor}>{who}</span>
      <span className={styles.replyText}>{messagePreview(quoted) ?? mediaLabel(quoted.type)}</span>
    </blockquote>
  );
}

interface NotDeliveredProps {
  reason: string;
  /** The remote's own words, untranslated: on hover, for whoever needs them. */
  detail?: string | null;
  onRetry: () => void;
  busy: boolean;
  /** Drops a message that never reached the server (it may never be sendable, e.g. the ticket closed). */
  onDiscard?: () => void;
}

function NotDelivered({ reason, detail, onRetry, busy, onDiscard }: NotDeliveredProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.failure}>
      <span title={detail ?? undefined}>{t('chat.notDelivered', { error: reason })}</span>
      <span className={styles.failureActions}>
        {onDiscard && (
          <Button size="sm" variant="ghost" onClick={onDiscard}>
            {t('common.dismiss')}
          </Button>
        )}
        <Button size="sm" variant="secondary" busy={busy} onClick={onRetry}>
          {t('chat.retry')}
        </Button>
      </span>
    </div>
  );
}

/** Ticket closed / reopened / rated: a centred note, not a bubble. */
export function SystemNote({ message }: { message: Message }) {
  const { t } = useTranslation();
  let text: string;
  let label: string | undefined;
  if (message.type === 'close') {
    text = message.created_by ? t('chat.closedBy', { name: message.created_by }) : t('chat.closed');
  } else if (message.type === 'reopen') {
    text = t('chat.reopened');
  } else {
    const stars = ratingStars(message.content);
    if (stars === null) {
      text = t('chat.rated', { stars: message.content });
    } else {
      text = t('chat.rated', { stars: '★'.repeat(stars) + '☆'.repeat(RATING_MAX - stars) });
      label = t('chat.ratedLabel', { rating: stars, max: RATING_MAX });
    }
  }
  return (
    <div className={styles.systemRow}>
      <p className={styles.system}>
        <span aria-hidden={label ? true : undefined}>{text}</span>
        {label && <span className="visually-hidden">{label}</span>}
        <span className={styles.systemTime}>
          <Time iso={message.created_on} />
        </span>
      </p>
    </div>
  );
}

interface MessageBubbleProps {
  message: Message;
  continued: boolean;
  viewerId: string;
  clientName: string;
  onOpenMedia: (target: MediaTarget) => void;
  onRetry: (message: Message) => void;
  retrying: boolean;
  pinned?: boolean;
}

/**
 * One message: client on the left, agents on the right with their delivery status, a reaction in the corner, a
 * pin mark when pinned. Memoised: scrolling re-renders the list, not the messages whose props did not change.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  continued,
  viewerId,
  clientName,
  onOpenMedia,
  onRetry,
  retrying,
  pinned = false,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  // An automatic message (greeting, out of hours…) is the desk's own: on the agents' side, labelled with its kind
  // instead of a person's name — each one, even right after another.
  const automatic = message.automatic;
  const agentSide = message.isagent || automatic !== null;
  const own = message.isagent && message.senderid === viewerId;
  const author = automatic
    ? t('chat.automaticLabel', { kind: t(`chat.automaticKinds.${automatic}`) })
    : message.isagent
      ? own
        ? t('chat.you')
        : (message.created_by ?? t('chat.agent'))
      : clientName;
  const note = message.type === 'note';
  return (
    <div
      className={styles.row}
      data-side={agentSide ? 'agent' : 'client'}
      data-automatic={automatic ?? undefined}
      data-continued={continued || undefined}
    >
      <div className={styles.bubbleColumn}>
        <div className={note ? `${styles.bubble} ${notes.noteBubble}` : styles.bubble} data-type={message.type}>
          {note ? (
            <p className={notes.noteLabel}>
              <Lock size={12} aria-hidden="true" />
              <span aria-hidden="true">{t('notes.note')}</span>
              <span className="visually-hidden">{t('notes.wrote', { name: author })}</span>
            </p>
          ) : (
            // "Agent … wrote" would call the desk an agent: its label says what it is ("Automatic · Greeting").
            <span className="visually-hidden">{automatic ? `${author}:` : t('chat.wrote', { name: author })} </span>
          )}
          {message.reply_to && <ReplyQuote quoted={message.reply_to} clientName={clientName} />}
          <MessageBody message={message} onOpenMedia={onOpenMedia} />
          {message.reaction && (
            <span className={styles.reaction} role="img" aria-label={t('chat.reaction', { emoji: message.reaction })}>
              {message.reaction}
            </span>
          )}
        </div>
        <div className={styles.meta}>
          {automatic ? (
            <span className={`${styles.author} ${styles.automaticAuthor}`}>
              <Bot size={12} aria-hidden="true" />
              {author}
            </span>
          ) : (
            message.isagent && !continued && <span className={styles.author}>{author}</span>
          )}
          {pinned && (
            <span className={toolStyles.pinMark} title={t('chatTools.pinnedMark')} data-pinned>
              <Pin size={12} aria-hidden="true" />
              <span className="visually-hidden">{t('chatTools.pinnedMark')}</span>
            </span>
          )}
          <Time iso={message.created_on} />
          {agentSide && !note && <DeliveryIcon status={message.delivery_status} />}
        </div>
        {agentSide && message.delivery_status === 'failed' && (
          <NotDelivered {...deliveryFailure(t, message)} busy={retrying} onRetry={() => onRetry(message)} />
        )}
      </div>
    </div>
  );
});

interface OutboxBubbleProps {
  item: OutboxItem;
  continued: boolean;
  onRetry: (item: OutboxItem) => void;
  onDiscard: (item: OutboxItem) => void;
}

/** One's own text on its way: shown at once, with Retry (same idempotency key) when the send failed. */
export function OutboxBubble({ item, continued, onRetry, onDiscard }: OutboxBubbleProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.row} data-side="agent" data-continued={continued || undefined} data-outbox={item.status}>
      <div className={styles.bubbleColumn}>
        <div className={styles.bubble} data-type="text">
          <span className="visually-hidden">{t('chat.wrote', { name: t('chat.you') })} </span>
          <MessageText text={item.content} />
        </div>
        <div className={styles.meta}>
          {!continued && <span className={styles.author}>{t('chat.you')}</span>}
          <Time iso={item.created_on} />
          <DeliveryIcon status={item.status === 'sending' ? 'pending' : 'failed'} />
        </div>
        {item.status === 'failed' && (
          <NotDelivered
            reason={item.error === null ? t('chat.networkError') : refusalText(t, item.error)}
            busy={false}
            onRetry={() => onRetry(item)}
            onDiscard={() => onDiscard(item)}
          />
        )}
      </div>
    </div>
  );
}
