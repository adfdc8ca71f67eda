import { useId } from 'react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '../../../components/Button';
import { PLATFORM_NAMES, PlatformIcon } from '../../../components/PlatformIcon';
import { dateTime, shortWhen } from '../../../lib/dates';
import { compactCount, displayUsername, previewText, shortId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import styles from './tickets.module.css';

/** A text message previews as its text; any other kind by its name in the UI language (a file with its caption). */
function lastMessageText(t: TFunction, type: Ticket['last_message_type'], content: string): string {
  const caption = content ? `: ${previewText(content)}` : '';
  switch (type) {
    case 'image':
      return t('chat.image') + caption;
    case 'video':
      return t('chat.video') + caption;
    case 'audio':
      return t('chat.audio') + caption;
    case 'document':
      return t('chat.document') + caption;
    case 'location':
      return t('chat.location');
    case 'rating':
      return t('tickets.ratingReceived');
    case 'close':
      return t('chat.closed');
    case 'reopen':
      return t('chat.reopened');
    default:
      return previewText(content);
  }
}

interface TicketCardProps {
  ticket: Ticket;
  viewerId: string;
  /** The list's clock, for the relative time. */
  now: Date;
  selected: boolean;
  /** Messages the viewer has not opened yet. */
  unread?: number;
  onSelect: (ticket: Ticket) => void;
  /** Pending-list cards carry the Accept button. */
  accept?: { onAccept: (ticket: Ticket) => void; busy: boolean; error?: string | null };
}

/**
 * One ticket (SPEC §2 ticket cards): client, platform, department, short id, when, last message, handler and the
 * unread dot. The whole card opens the chat; Accept sits above that target.
 */
export function TicketCard({ ticket, viewerId, now, selected, unread = 0, onSelect, accept }: TicketCardProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const nameId = useId();
  const closed = ticket.stage === 'closed';
  const when = (closed ? ticket.closed_on : null) ?? ticket.last_message_on ?? ticket.updated_on;
  const handler = ticket.userid
    ? ticket.userid === viewerId
      ? t('tickets.handledByYou')
      : t('tickets.handledBy', { name: displayUsername(ticket.user_name ?? '?') })
    : null;

  return (
    <article
      className={styles.card}
      aria-labelledby={nameId}
      data-selected={selected || undefined}
      data-unread={unread > 0 || undefined}
    >
      <div className={styles.cardTop}>
        {unread > 0 && (
          <span className={styles.unreadCount}>
            <span aria-hidden="true">{compactCount(unread)}</span>
            <span className="visually-hidden">{t('reassign.unreadMessages', { unread })}</span>
          </span>
        )}
        <h3 className={styles.cardName}>
          <button
            type="button"
            id={nameId}
            className={styles.open}
            aria-current={selected ? 'true' : undefined}
            onClick={() => onSelect(ticket)}
          >
            <span aria-hidden="true">{displayUsername(ticket.client_name)}</span>
            <span className="visually-hidden">{ticket.client_name}</span>
          </button>
        </h3>
        <time className={styles.when} dateTime={when} title={dateTime(when, lang)}>
          {shortWhen(when, lang, now)}
        </time>
      </div>

      <p className={styles.cardMeta}>
        <PlatformIcon platform={ticket.platform} size={15} />
        <span>{PLATFORM_NAMES[ticket.platform]}</span>
        <span aria-hidden="true">·</span>
        <span className={styles.department}>{ticket.department_name}</span>
        <span aria-hidden="true">·</span>
        <span className={styles.ticketId} title={ticket.ticketid}>
          <span className="visually-hidden">{t('tickets.ticketId')} </span>#{shortId(ticket.ticketid)}
        </span>
      </p>

      {ticket.last_message_type && (
        <p className={styles.preview}>{lastMessageText(t, ticket.last_message_type, ticket.last_message ?? '')}</p>
      )}

      <div className={styles.cardBottom}>
        {closed ? (
          <span className={styles.badge} data-tone="closed">
            {ticket.closed_by_name
              ? t('tickets.closedBy', { name: displayUsername(ticket.closed_by_name) })
              : t('tickets.stage.closed')}
          </span>
        ) : (
          <span className={styles.badge} data-tone={handler ? 'handled' : 'pending'}>
            {handler ?? t('tickets.pending')}
          </span>
        )}
        {accept && (
          <Button
            size="sm"
            className={styles.accept}
            disabled={ticket.userid !== null}
            busy={accept.busy}
            onClick={() => accept.onAccept(ticket)}
          >
            {t('tickets.accept')}
          </Button>
        )}
      </div>
      {accept?.error && (
        <p className={styles.cardError} role="alert">
          {accept.error}
        </p>
      )}
    </article>
  );
}
