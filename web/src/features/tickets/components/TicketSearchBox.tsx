import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TicketSearch } from '@/features/tickets/hooks/use-ticket-search';
import styles from './tickets.module.css';

interface TicketSearchBoxProps {
  id: string;
  search: TicketSearch;
  /** Names what is searched, e.g. the pending or the closed tickets. */
  label: string;
}

/** The search box at the top of a column: runs on Enter, not while typing (SPEC §2); empty shows the list. */
export function TicketSearchBox({ id, search, label }: TicketSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(search.keyword);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search.submit(text);
  };
  return (
    <form id={id} role="search" className={styles.searchBox} onSubmit={onSubmit}>
      <Search className={styles.searchIcon} size={16} aria-hidden="true" />
      <input
        type="search"
        className={styles.searchInput}
        aria-label={label}
        placeholder={t('ticketSearch.placeholder')}
        value={text}
        maxLength={80}
        enterKeyHint="search"
        // The box appears because the agent asked for it with the toggle: typing can start at once.
        autoFocus
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Escape leaves the search: the list comes back and focus returns to the toggle that opened the box.
          event.preventDefault();
          search.toggle();
          search.toggleRef.current?.focus();
        }}
        onChange={(event) => {
          setText(event.target.value);
          // Clearing the box (its × or the last character) shows the list again without waiting for Enter.
          if (event.target.value === '' && search.keyword !== '') search.submit('');
        }}
      />
    </form>
  );
}
