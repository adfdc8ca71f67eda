import { useId, useState, type ReactNode } from 'react';
import type { ClientIdentity, ClientPanelTicket } from '@kreechat/contract';
import { ChevronDown, ChevronUp, Star, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ClientHandle } from '@/components/ClientHandle';
import { IconButton } from '@/components/IconButton';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { Skeleton } from '@/components/Skeleton';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { dateTime, mediumDate } from '@/lib/dates';
import { shortId } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useClientPanel } from '@/features/client-panel/api/get-client-panel';
import { formatAverage, panelHeader, panelTickets } from '@/features/client-panel/lib/panel-pages';
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

/** A missing value: a dash to the eye, words to a screen reader. */
function Missing() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('clientPanel.none')}</span>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Identity({ identity }: { identity: ClientIdentity }) {
  const { t } = useTranslation();
  return (
    <li className={styles.identity}>
      <PlatformIcon platform={identity.platform} size={18} />
      <span className={styles.identityText}>
        <span className={styles.platformName}>{PLATFORM_NAMES[identity.platform]}</span>
        <span className={styles.identityValue}>
          <span className="visually-hidden">{t(`clientPanel.identityKinds.${identity.kind}`)}: </span>
          {identity.value ?? <Missing />}
        </span>
        <ClientHandle identity={identity} className={styles.identityValue} />
        {/* Its tooltip opens leftwards: the value column is the panel's right edge. */}
        {!identity.verified && <UnverifiedBadge className={styles.identityBadge} tooltipAlign="end" />}
      </span>
    </li>
  );
}

function TicketRow({
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
  const lang = currentLanguage();
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
    const { client, identities, counts, average_rating: average } = header;
    body = (
      <div className={styles.body}>
        {!client.verified && (
          <p className={styles.verification}>
            <UnverifiedBadge />
          </p>
        )}
        <section aria-label={t('clientPanel.details')}>
          <dl className={styles.details}>
            <Detail label={t('clientPanel.channel')}>
              {identities.length === 0 ? (
                <Missing />
              ) : (
                <ul className={styles.identities}>
                  {identities.map((identity) => (
                    <Identity key={`${identity.platform}:${identity.value}:${identity.since}`} identity={identity} />
                  ))}
                </ul>
              )}
            </Detail>
            <Detail label={t('clientPanel.clientId')}>
              <span className={styles.mono}>{client.short_id}</span>
            </Detail>
            <Detail label={t('clientPanel.accountNumber')}>{client.account_number || <Missing />}</Detail>
            <Detail label={t('clientPanel.status')}>
              {client.blocked_on ? (
                <span className={styles.blocked}>{t('clientPanel.blocked')}</span>
              ) : (
                t('clientPanel.active')
              )}
            </Detail>
            <Detail label={t('clientPanel.firstContact')}>
              <time dateTime={client.created_on} title={dateTime(client.created_on, lang)}>
                {mediumDate(client.created_on, lang)}
              </time>
            </Detail>
            <Detail label={t('clientPanel.ratings')}>
              {average === null ? (
                <Missing />
              ) : (
                <span className={styles.average}>
                  <Star size={14} aria-hidden="true" />
                  {t('clientPanel.average', { average: formatAverage(average, lang), rated: counts.rated })}
                </span>
              )}
            </Detail>
            <Detail label={t('clientPanel.reopened')}>{client.count_ticket_reopened}</Detail>
          </dl>
        </section>

        <section aria-labelledby={ticketsTitleId} className={styles.ticketsSection}>
          <h3 id={ticketsTitleId} className={styles.sectionTitle}>
            {t('clientPanel.tickets')} <span className={styles.count}>{counts.tickets}</span>
          </h3>
          {tickets.length === 0 ? (
            <p className={styles.muted}>{t('clientPanel.noTickets')}</p>
          ) : (
            <ul className={styles.ticketList}>
              {tickets.map((ticket) => (
                <TicketRow
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
