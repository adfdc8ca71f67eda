import type { ReactNode } from 'react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { dateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { RATING_MAX, ratingStars, type Pages } from '@/features/chat/lib/chat-pages';
import styles from './chat.module.css';

/** The client's rating: the ticket's, or the 'rating' message that came live while the chat was open. */
export function ratingOf(ticket: Ticket, chat: Pick<Pages, 'pages'> | undefined): number | null {
  if (ticket.rating !== null) return ratingStars(String(ticket.rating));
  for (const page of chat?.pages ?? [])
    for (const section of page.sections)
      for (const message of section.messages) if (message.type === 'rating') return ratingStars(message.content);
  return null;
}

/** The closed ticket's last word: who closed it and when, the client's rating, and the actions left (Reopen). */
export function ClosedFooter({
  ticket,
  stars,
  actions,
}: {
  ticket: Ticket;
  stars: number | null;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const closedOn = ticket.closed_on ? dateTime(ticket.closed_on, currentLanguage()) : '';
  return (
    <footer className={styles.closedFooter}>
      <p className={styles.closedText}>
        <span>
          {ticket.closed_by_name
            ? t('chat.closedByOn', { name: ticket.closed_by_name, date: closedOn })
            : t('chat.closedOn', { date: closedOn })}
        </span>
        {stars !== null && (
          <span className={styles.closedRating}>
            <span aria-hidden="true">
              {t('chat.rated', { stars: '★'.repeat(stars) + '☆'.repeat(RATING_MAX - stars) })}
            </span>
            <span className="visually-hidden">{t('chat.ratedLabel', { rating: stars, max: RATING_MAX })}</span>
          </span>
        )}
      </p>
      {actions && <div className={styles.closedActions}>{actions}</div>}
    </footer>
  );
}
