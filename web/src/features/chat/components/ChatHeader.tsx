import type { ReactNode } from 'react';
import type { Client, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAMES, PlatformIcon } from '../../../components/PlatformIcon';
import { dateTime } from '../../../lib/dates';
import { shortId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ClientNumber } from './ClientNumber';
import styles from './chat.module.css';

interface ChatHeaderProps {
  ticket: Ticket;
  headingId: string;
  actions?: ReactNode;
  /** The chat's own tools (pinned messages, search), before the ticket's actions. */
  tools?: ReactNode;
  /** The viewer may set the client's account number here. */
  canEditClientNumber: boolean;
  onClientUpdated?: (client: Client) => void;
}

/**
 * Client, short ticket id, platform, department, stage and the client's account number; who closed it and when;
 * the ticket's actions.
 */
export function ChatHeader({
  ticket,
  headingId,
  actions,
  tools,
  canEditClientNumber,
  onClientUpdated,
}: ChatHeaderProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const closed = ticket.stage === 'closed';
  const closedOn = ticket.closed_on ? dateTime(ticket.closed_on, lang) : '';
  return (
    <header className={styles.header}>
      <div className={styles.headerMain}>
        <h2 id={headingId} className={styles.clientName} title={ticket.client_name}>
          {ticket.client_name}
        </h2>
        {/* A div, not a p: the account number's form opens inside it. */}
        <div className={styles.headerMeta}>
          <span className={styles.ticketId} title={ticket.ticketid}>
            <span className="visually-hidden">{t('tickets.ticketId')} </span>#{shortId(ticket.ticketid)}
          </span>
          <span className={styles.platform}>
            <PlatformIcon platform={ticket.platform} size={15} />
            {PLATFORM_NAMES[ticket.platform]}
          </span>
          <span className={styles.headerDepartment}>{ticket.department_name}</span>
          <span className={styles.stage} data-stage={ticket.stage}>
            {t(`tickets.stage.${ticket.stage}`)}
          </span>
          <ClientNumber ticket={ticket} canEdit={canEditClientNumber} onUpdated={onClientUpdated} />
        </div>
        {closed && (
          <p className={styles.closedInfo}>
            {ticket.closed_by_name
              ? t('chat.closedByOn', { name: ticket.closed_by_name, date: closedOn })
              : t('chat.closedOn', { date: closedOn })}
          </p>
        )}
      </div>
      {(tools || actions) && (
        <div className={styles.headerActions}>
          {tools}
          {actions}
        </div>
      )}
    </header>
  );
}
