import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/CountBadge';
import { TabList } from '../../../components/TabList';
import { useIsNarrow } from '../../../lib/use-media-query';
import { useSession } from '../../../lib/session';
import type { InboxSlot } from './InboxButton';
import { NoClosedTickets, NoColleagues, NoPendingTickets, NoTicketSelected } from './Placeholders';
import { SessionWarning } from './SessionWarning';
import { TicketColumn } from './TicketColumn';
import { WorkspaceFooter } from './WorkspaceFooter';
import { WorkspaceHeader } from './WorkspaceHeader';
import styles from './WorkspaceShell.module.css';

export type WorkspaceView = 'pending' | 'chat' | 'closed';
const VIEWS: WorkspaceView[] = ['pending', 'chat', 'closed'];

export interface WorkspaceShellProps {
  /** The pending list; defaults to its empty state. */
  pending?: ReactNode;
  pendingCount?: number;
  /** Unread messages in the ticket lists: marks the Pending tab on the narrow layout while another view shows. */
  ticketsUnread?: number;
  /** Actions in the pending column header (search toggle…). */
  pendingActions?: ReactNode;
  chat?: ReactNode;
  closed?: ReactNode;
  /** Actions in the closed column header (search toggle…). */
  closedActions?: ReactNode;
  colleagues?: ReactNode;
  unreadCount?: number;
  /** The notifications panel behind the header's inbox bubble. */
  inbox?: InboxSlot;
  /** The narrow layout shows one view at a time; a selected ticket switches it to the chat. */
  view?: WorkspaceView;
  onViewChange?: (view: WorkspaceView) => void;
}

/**
 * The main workspace frame (SPEC §2): header, pending | chat | closed columns and the colleagues sidebar,
 * footer. At ≤ 1200 px one of the three views shows at a time, switched by tabs; the sidebar hides.
 * Later issues pass their lists and the chat in through the slots.
 */
export function WorkspaceShell({
  pending,
  pendingCount = 0,
  ticketsUnread = 0,
  pendingActions,
  chat,
  closed,
  closedActions,
  colleagues,
  unreadCount = 0,
  inbox,
  view: controlledView,
  onViewChange,
}: WorkspaceShellProps) {
  const { t } = useTranslation();
  const session = useSession();
  const narrow = useIsNarrow();
  const [ownView, setOwnView] = useState<WorkspaceView>('pending');
  const view = controlledView ?? ownView;
  const setView = (next: WorkspaceView) => {
    setOwnView(next);
    onViewChange?.(next);
  };

  const tabLabels: Record<WorkspaceView, string> = {
    pending: t('workspace.tabPending'),
    chat: t('workspace.tabChat'),
    closed: t('workspace.tabClosed'),
  };

  /** On the narrow layout the three areas are tab panels; on the wide one, plain regions side by side. */
  const panelProps = (name: WorkspaceView) =>
    narrow
      ? {
          id: `workspace-panel-${name}`,
          role: 'tabpanel' as const,
          'aria-labelledby': `workspace-tab-${name}`,
          'data-active': view === name,
        }
      : { 'data-active': true };

  return (
    <div className={styles.shell}>
      <a href="#workspace-main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <WorkspaceHeader unreadCount={unreadCount} inbox={inbox} />
      {session.expiringSoon && <SessionWarning expires={session.expires} />}

      <main id="workspace-main" className={styles.main} tabIndex={-1}>
        {narrow && (
          <TabList
            className={styles.tabs}
            tabClassName={styles.tab}
            label={t('workspace.views')}
            idPrefix="workspace"
            tabs={VIEWS}
            selected={view}
            onSelect={setView}
            render={(name) => (
              <>
                {tabLabels[name]}
                {name === 'pending' && <CountBadge count={pendingCount} hideZero tone="accent" />}
                {name === 'pending' && ticketsUnread > 0 && view !== 'pending' && (
                  <span className={styles.tabUnread}>
                    <span className="visually-hidden">{t('reassign.unreadMessages', { unread: ticketsUnread })}</span>
                  </span>
                )}
              </>
            )}
          />
        )}

        <div className={styles.columns}>
          <section
            className={`${styles.panel} ${styles.pending}`}
            aria-labelledby={narrow ? undefined : 'pending-title'}
            {...panelProps('pending')}
          >
            <TicketColumn
              titleId="pending-title"
              title={t('workspace.pendingTickets')}
              count={pendingCount}
              actions={pendingActions}
            >
              {pending ?? <NoPendingTickets />}
            </TicketColumn>
          </section>

          <section
            className={`${styles.panel} ${styles.chat}`}
            aria-label={narrow ? undefined : t('workspace.chat')}
            {...panelProps('chat')}
          >
            {chat ?? <NoTicketSelected />}
          </section>

          <section
            className={`${styles.panel} ${styles.closed}`}
            aria-labelledby={narrow ? undefined : 'closed-title'}
            {...panelProps('closed')}
          >
            <TicketColumn titleId="closed-title" title={t('workspace.closedTickets')} actions={closedActions}>
              {closed ?? <NoClosedTickets />}
            </TicketColumn>
          </section>

          <aside className={`${styles.panel} ${styles.colleagues}`} aria-labelledby="colleagues-title">
            <div className={styles.column}>
              <div className={styles.columnHeader}>
                <h2 id="colleagues-title" className={styles.columnTitle}>
                  {t('workspace.colleagues')}
                </h2>
              </div>
              <div className={styles.columnBody}>{colleagues ?? <NoColleagues />}</div>
            </div>
          </aside>
        </div>
      </main>

      <WorkspaceFooter ticketsActive={view !== 'chat'} onShowTickets={() => setView('pending')} />
    </div>
  );
}
