import type { Ref } from 'react';
import { PanelRight, Pin, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import styles from './ChatTools.module.css';

/**
 * Which of the toggles a place shows: all three as icons (a header with room), the search alone (a phone's header
 * row), or the pinned messages and client details as labelled items (a phone's More menu).
 */
export type ChatToolsShown = 'all' | 'search' | 'menu';

interface ChatToolTogglesProps {
  pinnedCount: number;
  /** The pinned popover's button state (use-popover): its ref, aria-expanded and aria-controls. */
  pinnedButton: {
    ref: Ref<HTMLButtonElement>;
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
  };
  onTogglePinned: () => void;
  searchOpen: boolean;
  searchToggleRef: Ref<HTMLButtonElement>;
  onToggleSearch: () => void;
  /** The client-details side panel's toggle, when the screen gave the chat one. */
  sidePanel?: { open: boolean; id: string; onToggle: () => void; ref: Ref<HTMLButtonElement> };
  shown?: ChatToolsShown;
}

/** The header's pinned-messages, message-search and client-details toggles (SPEC §2 Chat pane). */
export function ChatToolToggles({
  pinnedCount,
  pinnedButton,
  onTogglePinned,
  searchOpen,
  searchToggleRef,
  onToggleSearch,
  sidePanel,
  shown = 'all',
}: ChatToolTogglesProps) {
  const { t } = useTranslation();
  const pinnedLabel =
    pinnedCount > 0 ? t('chatTools.pinnedToggleCount', { number: pinnedCount }) : t('chatTools.pinnedToggle');
  if (shown === 'menu')
    return (
      <>
        <Button
          ref={pinnedButton.ref}
          variant="secondary"
          size="sm"
          icon={<Pin size={15} aria-hidden="true" />}
          aria-expanded={pinnedButton['aria-expanded']}
          aria-controls={pinnedButton['aria-controls']}
          data-shortcut="pins"
          onClick={onTogglePinned}
        >
          {pinnedLabel}
        </Button>
        {sidePanel && (
          <Button
            ref={sidePanel.ref}
            variant="secondary"
            size="sm"
            icon={<PanelRight size={15} aria-hidden="true" />}
            aria-expanded={sidePanel.open}
            aria-controls={sidePanel.id}
            data-shortcut="client-panel"
            onClick={sidePanel.onToggle}
          >
            {t('chatFrame.clientDetails')}
          </Button>
        )}
      </>
    );
  const search = (
    <IconButton
      ref={searchToggleRef}
      label={t('chatTools.searchToggle')}
      aria-pressed={searchOpen}
      onClick={onToggleSearch}
    >
      <Search size={18} aria-hidden="true" />
    </IconButton>
  );
  if (shown === 'search') return search;
  return (
    <>
      <IconButton
        ref={pinnedButton.ref}
        // The name holds the count the badge shows (WCAG 2.5.3), so "Pinned messages 1" can be spoken to it.
        label={pinnedLabel}
        aria-expanded={pinnedButton['aria-expanded']}
        aria-controls={pinnedButton['aria-controls']}
        className={styles.toggle}
        data-shortcut="pins"
        onClick={onTogglePinned}
        badge={pinnedCount > 0 ? <span className={styles.toggleBadge}>{pinnedCount}</span> : undefined}
      >
        <Pin size={18} aria-hidden="true" />
      </IconButton>
      {search}
      {sidePanel && (
        <IconButton
          ref={sidePanel.ref}
          label={t('chatFrame.clientDetails')}
          tooltipAlign="end"
          aria-expanded={sidePanel.open}
          aria-controls={sidePanel.id}
          className={styles.toggle}
          data-shortcut="client-panel"
          onClick={sidePanel.onToggle}
        >
          <PanelRight size={18} aria-hidden="true" />
        </IconButton>
      )}
    </>
  );
}
