import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import { Skeleton } from '@/components/Skeleton';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { useClientPanel } from '@/features/client-panel/api/get-client-panel';
import { panelHeader, panelTickets } from '@/features/client-panel/lib/panel-pages';
import { ClientDetails } from './ClientDetails';
import { ClientTicketRow } from './ClientTicketRow';
import styles from './ClientPanel.module.css';

export interface ClientPanelProps {
  clientid: string;
  /** The ticket open in the chat: marked in the list, not a link to itself. */
  currentTicketId: string;
  onOpenTicket: (ticketid: string) => void;
  /** Given, the panel shows a close button (the workspace hides the panel). */
  onClose?: () => void;
  /**
   * Inside a host that is already the landmark and has its own show/hide (the chat's Client details aside): the panel
   * is then a plain block with the client's name as its heading, without its own collapse, so a screen reader meets
   * one "Client details" region and one control, not two.
   */
  embedded?: boolean;
}

function Loading({ label }: { label: string }) {
  return (
    <div className={styles.body} aria-busy="true" role="status" aria-label={label}>
      <Skeleton height={18} width="60%" />
      <Skeleton height={14} width="80%" />
      <Skeleton height={14} width="50%" />
      <Skeleton height={14} width="70%" />
      <Skeleton height={52} />
      <Skeleton height={52} />
      <Skeleton height={52} />
    </div>
  );
}

/**
 * "Who the client is", beside the chat: "Not verified" for a guest (overall and on the identity), their channel
 * identities, account number, blocked state, first contact, ratings and earlier tickets (one opens through
 * `onOpenTicket`), from one call paged by "Show more". Collapsible to its header; `useClientPanelLive` keeps it
 * current from the workspace socket.
 */
export function ClientPanel({ clientid, currentTicketId, onOpenTicket, onClose, embedded = false }: ClientPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const ticketsTitleId = useId();
  const [collapsed, setCollapsed] = useState(false);
  const query = useClientPanel(clientid);
  const header = panelHeader(query.data);
  const tickets = panelTickets(query.data);

  const title = header?.client.client_name ?? t('clientPanel.title');
  const CollapseIcon = collapsed ? ChevronDown : ChevronUp;

  let body: ReactNode;
  if (query.isPending) {
    body = <Loading label={t('clientPanel.loading')} />;
  } else if (query.isError && !header) {
    body = (
      <div className={styles.body}>
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('clientPanel.loadFailed')}
        </Alert>
      </div>
    );
  } else if (header) {
    const { client, counts } = header;
    body = (
      <div className={styles.body}>
        {!client.verified && (
          <p className={styles.verification}>
            <UnverifiedBadge />
          </p>
        )}
        <ClientDetails header={header} />

        <section aria-labelledby={ticketsTitleId} className={styles.ticketsSection}>
          <h3 id={ticketsTitleId} className={styles.sectionTitle}>
            {t('clientPanel.tickets')} <span className={styles.count}>{counts.tickets}</span>
          </h3>
          {tickets.length === 0 ? (
            <p className={styles.muted}>{t('clientPanel.noTickets')}</p>
          ) : (
            <ul className={styles.ticketList}>
              {tickets.map((ticket) => (
                <ClientTicketRow
                  key={ticket.ticketid}
                  ticket={ticket}
                  current={ticket.ticketid === currentTicketId}
                  onOpen={onOpenTicket}
                />
              ))}
            </ul>
          )}
          {query.isFetchNextPageError && (
            <Alert
              tone="error"
              action={
                <Button size="sm" variant="secondary" onClick={() => void query.fetchNextPage()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('clientPanel.moreFailed')}
            </Alert>
          )}
          {query.hasNextPage && !query.isFetchNextPageError && (
            <Button
              size="sm"
              variant="secondary"
              fullWidth
              busy={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('clientPanel.showMore')}
            </Button>
          )}
        </section>
      </div>
    );
  }

  const Root = embedded ? 'div' : 'aside';
  return (
    <Root
      className={styles.panel}
      aria-labelledby={embedded ? undefined : titleId}
      data-collapsed={collapsed || undefined}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title} title={title}>
          {title}
        </h2>
        {!embedded && (
          <IconButton
            label={collapsed ? t('clientPanel.expand') : t('clientPanel.collapse')}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            onClick={() => setCollapsed((value) => !value)}
            tooltipAlign="end"
          >
            <CollapseIcon size={18} aria-hidden="true" />
          </IconButton>
        )}
        {onClose && (
          <IconButton label={t('clientPanel.close')} onClick={onClose} tooltipAlign="end">
            <X size={18} aria-hidden="true" />
          </IconButton>
        )}
      </header>
      <div id={bodyId} className={styles.scroller} hidden={collapsed}>
        {body}
      </div>
    </Root>
  );
}
