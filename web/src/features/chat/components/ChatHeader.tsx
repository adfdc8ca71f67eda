import type { KeyboardEvent, ReactNode } from 'react';
import { Ellipsis } from 'lucide-react';
import type { Client, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/IconButton';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { usePopover } from '@/components/use-popover';
import { shortId } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { ClientNumber } from './ClientNumber';
import type { ChatToolsShown } from './ChatTools';
import styles from './chat.module.css';

interface ChatHeaderProps {
  ticket: Ticket;
  headingId: string;
  actions?: ReactNode;
  /** The chat's own tools (pinned messages, search, client details), before the ticket's actions; which ones a place shows. */
  tools?: (shown: ChatToolsShown) => ReactNode;
  /** The viewer may set the client's account number here. */
  canEditClientNumber: boolean;
  onClientUpdated?: (client: Client) => void;
}

/**
 * A phone: the header is one row, the client's name, the search and a More menu holding the ticket's details, the
 * other tools and the ticket's actions, so the messages keep the screen's height.
 */
const PHONE_QUERY = '(max-width: 560px)';

/** Arrow keys, Home and End walk the buttons of the More menu (the menu button pattern's keys). */
function walkButtons(event: KeyboardEvent<HTMLDivElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? at + 1
      : event.key === 'ArrowUp'
        ? at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? items.length - 1
            : null;
  if (next === null || items.length === 0) return;
  event.preventDefault();
  items[(next + items.length) % items.length]?.focus();
}

/**
 * The ticket's details, tools and actions behind a "More actions" button on a phone. They stay mounted while it is closed, so a dialog
 * one of them opened (reassign, close) outlives the menu; focus comes back to the More button then.
 */
function MoreActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const more = usePopover({ placement: 'bottom-end' });
  const buttonId = `${more.popoverId}-button`;
  return (
    <span {...more.wrapperProps} className={styles.more}>
      <IconButton
        {...more.buttonProps}
        id={buttonId}
        aria-haspopup="true"
        aria-controls={more.popoverId}
        label={t('chatFrame.moreActions')}
        tooltipAlign="end"
        onClick={() => {
          more.setOpen((open) => !open);
          // Into the menu at once, as a menu button does; the keys then walk it.
          requestAnimationFrame(() => more.popover.current?.querySelector<HTMLElement>('button')?.focus());
        }}
      >
        <Ellipsis size={18} aria-hidden="true" />
      </IconButton>
      <div
        ref={more.popover}
        id={more.popoverId}
        role="group"
        aria-label={t('chatFrame.moreActions')}
        className={styles.morePopover}
        hidden={!more.open}
        data-focus-fallback={buttonId}
        onKeyDown={walkButtons}
      >
        {children}
      </div>
    </span>
  );
}

/**
 * Client, short ticket id, platform (a guest's "Not verified"), department, stage and the client's account number;
 * the chat's tools and the ticket's actions. The name keeps its whole width: when it and the buttons do not fit on
 * one row, the buttons move to the next (a long name in a long language, a narrow chat). On a phone one row: the
 * name (a long one breaks onto a second line inside it), the search and the More menu. Who closed a ticket shows in
 * the chat's closed footer.
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
  const phone = useMediaQuery(PHONE_QUERY);
  const badge = !ticket.client_verified && <UnverifiedBadge />;
  const meta = (
    /* A div, not a p: the account number's form opens inside it. */
    <div className={styles.headerMeta}>
      <span className={styles.ticketId} title={ticket.ticketid}>
        <span className="visually-hidden">{t('tickets.ticketId')} </span>#{shortId(ticket.ticketid)}
      </span>
      <span className={styles.platform}>
        <PlatformIcon platform={ticket.platform} size={15} />
        {PLATFORM_NAMES[ticket.platform]}
      </span>
      {!phone && badge}
      <span className={styles.headerDepartment}>{ticket.department_name}</span>
      <span className={styles.stage} data-stage={ticket.stage}>
        {t(`tickets.stage.${ticket.stage}`)}
      </span>
      <ClientNumber ticket={ticket} canEdit={canEditClientNumber} onUpdated={onClientUpdated} />
    </div>
  );
  if (phone)
    return (
      <header className={styles.header} data-phone>
        <h2 id={headingId} className={styles.clientName} title={ticket.client_name}>
          {ticket.client_name}
        </h2>
        {/* A guest's mark stays in sight: who the client is matters before any reply. */}
        {badge}
        <div className={styles.headerActions}>
          {tools?.('search')}
          <MoreActions>
            {meta}
            {tools?.('menu')}
            {actions}
          </MoreActions>
        </div>
      </header>
    );
  return (
    <header className={styles.header}>
      <h2 id={headingId} className={styles.clientName} title={ticket.client_name}>
        {ticket.client_name}
      </h2>
      {meta}
      {(tools || actions) && (
        <div className={styles.headerActions}>
          {tools?.('all')}
          {actions}
        </div>
      )}
    </header>
  );
}
