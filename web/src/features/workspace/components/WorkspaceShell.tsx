import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/CountBadge';
import { TabList } from '@/components/TabList';
import { useIsNarrow } from '@/lib/use-media-query';
import { useSession } from '@/lib/session';
import type { InboxSlot } from './InboxButton';
import { NoColleagues, NoPendingTickets, NoTicketSelected } from './Placeholders';
import { SessionWarning } from './SessionWarning';
import { TicketColumn } from './TicketColumn';
import { WorkspaceFooter } from './WorkspaceFooter';
import { WorkspaceHeader } from './WorkspaceHeader';
import styles from './WorkspaceShell.module.css';

export type WorkspaceView = 'tickets' | 'chat' | 'colleagues';
const VIEWS: WorkspaceView[] = ['tickets', 'chat', 'colleagues'];

export interface WorkspaceShellProps {
  /** The ticket list's column: its title (the filter's name), count and body (filters, list). */
  tickets?: ReactNode;
  ticketsTitle?: string;
  /** How many tickets the list holds; undefined while it loads or failed (no false 0). */
  ticketsCount?: number;
  /** Unassigned tickets: the Tickets tab's badge on the narrow layout. */
  pendingCount?: number;
  /** Marks the Tickets tab on the narrow layout while another view shows (unread messages in the lists). */
  ticketsUnreadMark?: ReactNode;
  /** Actions in the ticket column header (search toggle…). */
  ticketsActions?: ReactNode;
  /** The list's filters, under the column header. */
  ticketsToolbar?: ReactNode;
  /** The list body's role and names (the tab panel of the selected filter). */
  ticketsBodyProps?: HTMLAttributes<HTMLDivElement>;
  chat?: ReactNode;
  colleagues?: ReactNode;
  /**
   * The open colleague (private) chat: docked in the colleagues column under the list, the column widening for it,
   * so it never covers the conversation; on the narrow layout it is in the Colleagues view.
   */
  colleagueChat?: ReactNode;
  /** Colleagues with unread private messages: the Colleagues tab shows it on the narrow layout. */
  colleaguesUnread?: number;
  unreadCount?: number;
  /** The notifications panel behind the header's inbox bubble. */
  inbox?: InboxSlot;
  /** The narrow layout shows one view at a time; a selected ticket switches it to the chat. */
  view?: WorkspaceView;
  onViewChange?: (view: WorkspaceView) => void;
  /** Opens the keyboard shortcuts sheet (the footer's button). */
  onShowShortcuts?: () => void;
}

/**
 * The main workspace frame (SPEC §2): header, then one ticket list (its filters include Closed) | the chat | the
 * colleagues sidebar (or the colleague chat docked there), footer. At ≤ 1200 px one of the three shows at a time,
 * switched by the tabs, the screen's one navigation; the account actions are the header's menu and there is no footer.
 */
export function WorkspaceShell({
  tickets,
  ticketsTitle,
  ticketsCount,
  pendingCount = 0,
  ticketsUnreadMark,
  ticketsActions,
  ticketsToolbar,
  ticketsBodyProps,
  chat,
  colleagues,
  colleagueChat,
  colleaguesUnread = 0,
  unreadCount = 0,
  inbox,
  view: controlledView,
  onViewChange,
  onShowShortcuts,
}: WorkspaceShellProps) {
  const { t } = useTranslation();
  const session = useSession();
  const narrow = useIsNarrow();
  const [ownView, setOwnView] = useState<WorkspaceView>('tickets');
  const view = controlledView ?? ownView;
  const setView = (next: WorkspaceView) => {
    setOwnView(next);
    onViewChange?.(next);
  };

  const tabLabels: Record<WorkspaceView, string> = {
    tickets: t('workspace.tabTickets'),
    chat: t('workspace.tabChat'),
    colleagues: t('workspace.tabColleagues'),
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
                {name === 'tickets' && <CountBadge count={pendingCount} hideZero tone="accent" />}
                {name === 'tickets' && view !== 'tickets' && ticketsUnreadMark}
                {name === 'colleagues' && colleaguesUnread > 0 && <CountBadge count={colleaguesUnread} tone="accent" />}
              </>
            )}
          />
        )}

        <div className={styles.columns} data-colleague-chat={colleagueChat ? true : undefined}>
          <section
            className={styles.panel}
            aria-labelledby={narrow ? undefined : 'tickets-title'}
            {...panelProps('tickets')}
          >
            <TicketColumn
              titleId="tickets-title"
              title={ticketsTitle ?? t('workspace.pendingTickets')}
              count={ticketsCount}
              actions={ticketsActions}
              toolbar={ticketsToolbar}
              bodyProps={ticketsBodyProps}
            >
              {tickets ?? <NoPendingTickets />}
            </TicketColumn>
          </section>

          <section
            data-workspace-chat
            className={`${styles.panel} ${styles.chat}`}
            aria-label={narrow ? undefined : t('workspace.chat')}
            {...panelProps('chat')}
          >
            {chat ?? <NoTicketSelected />}
          </section>

          <aside
            className={`${styles.panel} ${styles.colleagues}`}
            aria-labelledby={narrow ? undefined : 'colleagues-title'}
            {...panelProps('colleagues')}
          >
            <div className={styles.column}>
              <div className={styles.columnHeader}>
                <h2 id="colleagues-title" className={styles.columnTitle}>
                  {t('workspace.colleagues')}
                </h2>
              </div>
              <div className={styles.columnBody}>{colleagues ?? <NoColleagues />}</div>
            </div>
            {colleagueChat}
          </aside>
        </div>
      </main>

      {!narrow && <WorkspaceFooter onShowShortcuts={onShowShortcuts} />}
    </div>
  );
}
