import type { Ref } from 'react';
import { Pin, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/IconButton';
import styles from './ChatTools.module.css';

interface ChatToolTogglesProps {
  pinnedOpen: boolean;
  pinnedCount: number;
  pinnedPanelId: string;
  pinnedToggleRef: Ref<HTMLButtonElement>;
  onTogglePinned: () => void;
  searchOpen: boolean;
  onToggleSearch: () => void;
}

/** The header's pinned-messages and message-search toggles (SPEC §2 Chat pane). */
export function ChatToolToggles({
  pinnedOpen,
  pinnedCount,
  pinnedPanelId,
  pinnedToggleRef,
  onTogglePinned,
  searchOpen,
  onToggleSearch,
}: ChatToolTogglesProps) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton
        ref={pinnedToggleRef}
        // The name holds the count the badge shows (WCAG 2.5.3), so "Pinned messages 1" can be spoken to it.
        label={
          pinnedCount > 0 ? t('chatTools.pinnedToggleCount', { number: pinnedCount }) : t('chatTools.pinnedToggle')
        }
        aria-pressed={pinnedOpen}
        aria-expanded={pinnedOpen}
        aria-controls={pinnedOpen ? pinnedPanelId : undefined}
        onClick={onTogglePinned}
        badge={pinnedCount > 0 ? <span className={styles.toggleBadge}>{pinnedCount}</span> : undefined}
      >
        <Pin size={18} aria-hidden="true" />
      </IconButton>
      <IconButton label={t('chatTools.searchToggle')} aria-pressed={searchOpen} onClick={onToggleSearch}>
        <Search size={18} aria-hidden="true" />
      </IconButton>
    </>
  );
}
