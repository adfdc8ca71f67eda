import type { ClientPanelTicket } from '@kreechat/contract';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { dateTime, mediumDate } from '@/lib/dates';
import { shortId } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import styles from './ClientPanel.module.css';

/**
 * One of the client's tickets: its short id, stage, date, department, handler and rating. The ticket open in the
 * chat is marked and is no link to itself; another one opens with `onOpen`.
 */
export function ClientTicketRow({
  ticket,
  current,
  onOpen,
}: {
  ticket: ClientPanelTicket;
  current: boolean;
  onOpen: (ticketid: string) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const content = (
    <>
      <span className={styles.ticketTop}>
        <PlatformIcon platform={ticket.platform} size={14} />
        <span className={styles.ticketId}>#{shortId(ticket.ticketid)}</span>
        <span className={styles.stage} data-stage={ticket.stage}>
          {t(`clientPanel.stage.${ticket.stage}`)}
        </span>
        {current && <span className={styles.currentMark}>{t('clientPanel.current')}</span>}
        <time className={styles.ticketDate} dateTime={ticket.created_on} title={dateTime(ticket.created_on, lang)}>
          {mediumDate(ticket.created_on, lang)}
        </time>
      </span>
      <span className={styles.ticketMeta}>
        <span className={styles.truncate} title={ticket.department_name}>
          {ticket.department_name}
        </span>
        <span aria-hidden="true">·</span>
        <span className={styles.truncate} title={ticket.user_name ?? undefined}>
          {ticket.user_name ?? t('clientPanel.notAccepted')}
        </span>
        {ticket.rating !== null && (
          <span className={styles.rating} title={t('clientPanel.ratingOf', { rating: ticket.rating })}>
            <Star size={12} aria-hidden="true" />
            <span aria-hidden="true">{ticket.rating}</span>
            <span className="visually-hidden">{t('clientPanel.ratingOf', { rating: ticket.rating })}</span>
          </span>
        )}
      </span>
    </>
  );
  const platform = PLATFORM_NAMES[ticket.platform];
  return (
    <li>
      {current ? (
        <div className={`${styles.ticket} ${styles.currentTicket}`} aria-current="true">
          <span className="visually-hidden">{platform} </span>
          {content}
        </div>
      ) : (
        <button
          type="button"
          className={styles.ticket}
          onClick={() => onOpen(ticket.ticketid)}
          aria-label={t('clientPanel.openTicket', {
            id: shortId(ticket.ticketid),
            stage: t(`clientPanel.stage.${ticket.stage}`),
            date: mediumDate(ticket.created_on, lang),
            platform,
          })}
        >
          {content}
        </button>
      )}
    </li>
  );
}
