import { memo, useId } from 'react';
import { CircleAlert, Hourglass, Moon, Timer, TriangleAlert } from 'lucide-react';
import { plainNoteText, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@/components/Button';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { dateTime, shortWhen, waitedFor } from '@/lib/dates';
import { compactCount, displayUsername, formatDuration, previewText, shortId } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { responseClock, type DepartmentClock, type ResponseClock } from '@/features/tickets/lib/response-clock';
import styles from './tickets.module.css';

/**
 * A text message previews as its text; an internal note as "Note:" and its text, mentions as names; any other kind
 * by its name in the UI language (a file with its caption).
 */
function lastMessageText(t: TFunction, type: Ticket['last_message_type'], content: string): string {
  if (type === 'note') return t('notes.cardPrefix', { text: previewText(plainNoteText(content)) });
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

/** The first line of a preview: a card shows one line, however long the message. */
const firstLine = (text: string): string => {
  const end = text.indexOf('\n');
  return end === -1 ? text : `${text.slice(0, end)}…`;
};

const TONE_ICONS = { ok: Timer, soon: Hourglass, late: TriangleAlert } as const;

/**
 * How long the client has waited for an answer: neutral ("Waiting"), and against the department's target, if it has
 * one, orange ("Due soon") from 80 % and red ("Overdue") from 100 % — said in words and by the icon as well as by
 * the colour. The target is its tooltip and is read after the text. Without a target the wait is wall-clock time
 * since `awaiting_since`.
 */
function ResponseBadge({
  clock,
  since,
  now,
  lang,
}: {
  clock: ResponseClock | null;
  since: string;
  now: Date;
  lang: string;
}) {
  const { t } = useTranslation();
  const time = waitedFor(clock ? new Date(now.getTime() - clock.waitedMs).toISOString() : since, lang, now);
  const tone = clock?.tone ?? 'ok';
  const text =
    tone === 'late'
      ? t('targets.overdue', { time })
      : tone === 'soon'
        ? t('targets.dueSoon', { time })
        : t('tickets.waiting', { time });
  const target =
    clock &&
    t(clock.kind === 'first' ? 'targets.firstResponse' : 'targets.nextResponse', {
      time: formatDuration(clock.targetMin * 60, lang),
    });
  const Icon = TONE_ICONS[tone];
  return (
    <span className={styles.response} data-tone={tone} title={target ?? undefined}>
      <Icon size={12} aria-hidden="true" />
      <span className={styles.responseText}>{text}</span>
      {target && <span className="visually-hidden">, {target}</span>}
    </span>
  );
}

/** The preview line: the last message's first line, after a mark when the agent's reply did not reach the client. */
function Preview({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  if (!ticket.last_message_type) return <p className={styles.preview}>{'\u00a0'}</p>;
  const text = firstLine(lastMessageText(t, ticket.last_message_type, ticket.last_message ?? ''));
  return (
    <p className={styles.preview} data-note={ticket.last_message_type === 'note' || undefined}>
      {ticket.last_message_status === 'failed' && (
        <span className={styles.previewFailed}>
          <CircleAlert size={12} aria-hidden="true" />
          {t('chat.status.failed')}:
        </span>
      )}
      {ticket.last_message_status === 'failed' && ' '}
      {text}
    </p>
  );
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
  /** The list's roving focus: only one card's open button is in the Tab order. */
  tabbable?: boolean;
  /** Pending-list cards carry the Accept button. */
  onAccept?: (ticket: Ticket) => void;
  acceptBusy?: boolean;
  acceptError?: string | null;
  /** The department's hours and targets (open lists): the waiting time is held against its target. */
  clock?: DepartmentClock;
}

/**
 * One ticket, compact (≤ 76 px): platform, client (a guest's marked "Not verified"), unread count and
 * when on the first line; the handler or the waiting time, department and short id on the second; the last
 * message's first line on the third. The whole card opens the chat; Accept sits above that target.
 */
export const TicketCard = memo(function TicketCard({
  ticket,
  viewerId,
  now,
  selected,
  unread = 0,
  onSelect,
  tabbable = true,
  onAccept,
  acceptBusy = false,
  acceptError = null,
  clock,
}: TicketCardProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const nameId = useId();
  const guestNoteId = useId();
  const unverified = !ticket.client_verified;
  const closed = ticket.stage === 'closed';
  const when = (closed ? ticket.closed_on : null) ?? ticket.last_message_on ?? ticket.updated_on;
  // Computed on the list's minute tick, for the cards in view only (the list renders no others).
  const response = clock ? responseClock(ticket, clock, now) : null;
  // The client waits for an answer (the server keeps since when): the badge says so, against a target if any.
  const waitingSince = closed ? null : ticket.awaiting_since;
  let status: string;
  let tone: 'closed' | 'handled' | 'pending';
  if (closed) {
    tone = 'closed';
    status = ticket.closed_by_name
      ? t('tickets.closedBy', { name: displayUsername(ticket.closed_by_name) })
      : t('tickets.stage.closed');
  } else if (ticket.userid) {
    tone = 'handled';
    status =
      ticket.userid === viewerId
        ? t('tickets.handledByYou')
        : t('tickets.handledBy', { name: displayUsername(ticket.user_name ?? '?') });
  } else {
    tone = 'pending';
    status = t('tickets.waiting', { time: waitedFor(ticket.reopened_on ?? ticket.created_on, lang, now) });
  }

  return (
    <article
      className={styles.card}
      aria-labelledby={nameId}
      data-selected={selected || undefined}
      data-unread={unread > 0 || undefined}
      data-accept={onAccept ? true : undefined}
    >
      <div className={styles.cardTop}>
        <PlatformIcon platform={ticket.platform} size={14} />
        <h3 className={styles.cardName}>
          <button
            type="button"
            id={nameId}
            className={styles.open}
            aria-current={selected ? 'true' : undefined}
            tabIndex={tabbable ? 0 : -1}
            data-ticket-open={ticket.ticketid}
            onClick={() => onSelect(ticket)}
            // The button covers the card, so its title is the hover explanation of a guest's mark.
            title={unverified ? t('clientVerification.guestExplanation') : undefined}
            aria-describedby={unverified ? guestNoteId : undefined}
          >
            <span aria-hidden="true">{displayUsername(ticket.client_name)}</span>
            <span className="visually-hidden">
              {ticket.client_name}, {PLATFORM_NAMES[ticket.platform]}
              {unverified && `, ${t('clientVerification.notVerified')}`}
            </span>
          </button>
        </h3>
        {unverified && <UnverifiedBadge variant="compact" noteId={guestNoteId} />}
        {unread > 0 && (
          <span className={styles.unreadCount}>
            <span aria-hidden="true">{compactCount(unread)}</span>
            <span className="visually-hidden">{t('reassign.unreadMessages', { unread })}</span>
          </span>
        )}
        {ticket.arrived_closed && (
          // A title, not a tooltip box: the row's paint containment would clip a box drawn outside the card.
          <span
            className={styles.arrivedClosed}
            role="img"
            aria-label={t('hours.arrivedClosed')}
            title={t('hours.arrivedClosed')}
          >
            <Moon size={12} aria-hidden="true" />
          </span>
        )}
        <time className={styles.when} dateTime={when} title={dateTime(when, lang)}>
          {shortWhen(when, lang, now)}
        </time>
      </div>

      <p className={styles.cardMeta}>
        {/* A waiting client's badge takes the status's place where the status says little: pending, or yours. */}
        {waitingSince && (tone === 'pending' || ticket.userid === viewerId) ? (
          <ResponseBadge clock={response} since={waitingSince} now={now} lang={lang} />
        ) : (
          <span className={styles.status} data-tone={tone}>
            {status}
          </span>
        )}
        {waitingSince && tone === 'handled' && ticket.userid !== viewerId && (
          <ResponseBadge clock={response} since={waitingSince} now={now} lang={lang} />
        )}
        <span aria-hidden="true">·</span>
        <span className={styles.department} title={ticket.department_name}>
          {ticket.department_name}
        </span>
        <span aria-hidden="true">·</span>
        <span className={styles.ticketId} title={ticket.ticketid}>
          <span className="visually-hidden">{t('tickets.ticketId')} </span>#{shortId(ticket.ticketid)}
        </span>
      </p>

      {acceptError ? (
        <p className={styles.cardError} role="alert" title={acceptError}>
          {acceptError}
        </p>
      ) : (
        <Preview ticket={ticket} />
      )}

      {onAccept && (
        <Button size="sm" className={styles.accept} busy={acceptBusy} onClick={() => onAccept(ticket)}>
          {t('tickets.accept')}
        </Button>
      )}
    </article>
  );
});
