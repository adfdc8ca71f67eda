import { useMemo } from 'react';
import type { AdminTicketRow } from '@kreechat/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { chatPath } from '@/lib/chat-address';
import { clockTime, dateTime, mediumDate } from '@/lib/dates';
import { shortId } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import styles from '@/features/admin-tickets/components/tickets.module.css';

const column = createColumnHelper<AdminTicketRow>();

/** A cell that keeps one line: cut with an ellipsis, the whole text on hover and (being in the DOM) read aloud. */
const clip = (text: string) => (
  <span className={styles.clip} title={text}>
    {text}
  </span>
);

/** The tickets table's columns, in the viewer's language; the ids the server sorts by are the column ids. */
export function useTicketColumns() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return useMemo(() => {
    // Date over time: three date columns on one line each would push the table past a 1440 px screen.
    const when = (iso: string | null, fallback: string) =>
      iso ? (
        <time dateTime={iso} title={dateTime(iso, lang)} className={styles.when}>
          {mediumDate(iso, lang)}
          <span className={styles.muted}>{clockTime(iso, lang)}</span>
        </time>
      ) : (
        <span className={styles.muted}>{fallback}</span>
      );
    return [
      column.accessor('ticketid', {
        header: t('adminTickets.columns.ticket'),
        enableSorting: false,
        cell: (c) => (
          <Link
            to={chatPath(c.getValue())}
            className={styles.idLink}
            aria-label={t('adminTickets.openTicket', { id: shortId(c.getValue()) })}
          >
            {shortId(c.getValue())}
          </Link>
        ),
      }),
      column.accessor('stage', {
        id: 'stage',
        header: t('adminTickets.columns.stage'),
        cell: (c) => <span className={styles.stage}>{t(`adminTickets.stage.${c.getValue()}`)}</span>,
      }),
      column.accessor('department_name', {
        id: 'department',
        header: t('adminTickets.columns.department'),
        cell: (c) => clip(c.getValue()),
      }),
      column.accessor('user_name', {
        id: 'handler',
        header: t('adminTickets.columns.handledBy'),
        cell: (c) => {
          const name = c.getValue();
          return name === null ? <span className={styles.muted}>{t('adminTickets.notAcceptedYet')}</span> : clip(name);
        },
      }),
      column.accessor('client_name', {
        id: 'client',
        header: t('adminTickets.columns.client'),
        cell: (c) => clip(c.getValue()),
      }),
      column.accessor('account_number', {
        id: 'account',
        header: t('adminTickets.columns.accountNumber'),
        cell: (c) => {
          const number = c.getValue();
          return number === null ? <span className={styles.muted}>{t('adminTickets.none')}</span> : clip(number);
        },
      }),
      column.accessor((row) => row.reopened_on ?? row.updated_on, {
        id: 'updated',
        header: t('adminTickets.columns.updatedOn'),
        sortDescFirst: true,
        cell: (c) => when(c.getValue(), ''),
      }),
      column.accessor('accepted_on', {
        id: 'accepted',
        header: t('adminTickets.columns.acceptedOn'),
        sortDescFirst: true,
        cell: (c) => when(c.getValue(), t('adminTickets.notAcceptedYet')),
      }),
      column.accessor('closed_on', {
        id: 'closed',
        header: t('adminTickets.columns.closedOn'),
        sortDescFirst: true,
        cell: (c) => when(c.getValue(), t('adminTickets.notClosed')),
      }),
      column.accessor('platform', {
        id: 'platform',
        header: t('adminTickets.columns.platform'),
        cell: (c) => (
          <span title={PLATFORM_NAMES[c.getValue()]} className={styles.platform}>
            <PlatformIcon platform={c.getValue()} size={20} />
            <span className={styles.visuallyHidden}>{PLATFORM_NAMES[c.getValue()]}</span>
          </span>
        ),
      }),
    ];
  }, [t, lang]);
}
