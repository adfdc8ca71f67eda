import { Search, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/IconButton';
import type { TicketSearch } from '@/features/tickets/hooks/use-ticket-search';

/** The search toggle of a ticket column's header; `controls` is the id of the box it shows. */
export function TicketSearchToggle({ search, controls }: { search: TicketSearch; controls: string }) {
  const { t } = useTranslation();
  return (
    <IconButton
      ref={search.toggleRef}
      label={search.open ? t('ticketSearch.close') : t('ticketSearch.open')}
      tooltipAlign="end"
      aria-expanded={search.open}
      aria-controls={search.open ? controls : undefined}
      onClick={search.toggle}
    >
      {search.open ? <SearchX size={18} aria-hidden="true" /> : <Search size={18} aria-hidden="true" />}
    </IconButton>
  );
}
