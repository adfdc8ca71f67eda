import { Inbox, MessagesSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import styles from './WorkspaceShell.module.css';

/* The empty states the workspace frame shows until the ticket, chat and colleague features fill it. */

export function NoPendingTickets() {
  const { t } = useTranslation();
  return (
    <EmptyState
      size="sm"
      icon={<Inbox size={24} />}
      title={t('workspace.noPending')}
      description={t('workspace.noPendingHint')}
    />
  );
}

export function NoTicketSelected() {
  const { t } = useTranslation();
  return (
    <div className={styles.chatEmpty}>
      <EmptyState
        titleAs="h2"
        icon={<MessagesSquare size={32} />}
        title={t('workspace.selectTicket')}
        description={t('workspace.selectTicketHint')}
      />
    </div>
  );
}

export function NoColleagues() {
  const { t } = useTranslation();
  return (
    <EmptyState
      size="sm"
      icon={<Users size={22} />}
      title={t('workspace.noColleagues')}
      description={t('workspace.colleaguesHint')}
    />
  );
}
