import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/CountBadge';
import { TabList } from '@/components/TabList';
import type { TicketFilter } from '@/features/tickets/lib/ticket-lists';
import styles from './tickets.module.css';

/** Tab ids are `<prefix>-tab-<filter>`; the list under them is the panel `<prefix>-panel-<filter>`. */
export const TICKET_FILTER_ID_PREFIX = 'ticket-filter';

interface TicketFilterTabsProps {
  filters: readonly TicketFilter[];
  selected: TicketFilter;
  onSelect: (filter: TicketFilter) => void;
  /** Open tickets per filter; undefined while the list loads or after it failed (never a false 0). */
  counts?: Partial<Record<TicketFilter, number>>;
}

/** Pending · Mine · All · Closed above the one ticket list (arrow keys move between them). */
export function TicketFilterTabs({ filters, selected, onSelect, counts }: TicketFilterTabsProps) {
  const { t } = useTranslation();
  const labels: Record<TicketFilter, string> = {
    pending: t('tickets.filter.pending'),
    mine: t('tickets.filter.mine'),
    all: t('tickets.filter.all'),
    closed: t('tickets.filter.closed'),
  };
  return (
    <TabList
      className={styles.filters}
      tabClassName={styles.filter}
      label={t('tickets.filter.label')}
      idPrefix={TICKET_FILTER_ID_PREFIX}
      tabs={filters}
      selected={selected}
      onSelect={onSelect}
      render={(filter) => {
        const count = counts?.[filter];
        return (
          <>
            {labels[filter]}
            {count !== undefined && (
              <CountBadge count={count} hideZero tone={filter === 'pending' ? 'accent' : 'neutral'} />
            )}
          </>
        );
      }}
    />
  );
}
