import { useEffect, useId, useRef, useState } from 'react';
import { BellDot, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/CountBadge';
import { EmptyState } from '../../../components/EmptyState';
import { IconButton } from '../../../components/IconButton';
import styles from './WorkspaceHeader.module.css';

interface InboxButtonProps {
  unread: number;
}

/** The inbox bubble with the unread count; opens the notifications panel (grouped by day in a later issue). */
export function InboxButton({ unread }: InboxButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        rootRef.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const label =
    unread > 0 ? `${t('workspace.inbox')}, ${t('workspace.inboxUnread', { unread })}` : t('workspace.inbox');

  return (
    <div className={styles.popoverRoot} ref={rootRef}>
      <IconButton
        tone="ink"
        label={label}
        tooltip={t('workspace.inbox')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        badge={<CountBadge count={unread} hideZero tone="danger" floating />}
      >
        <Inbox size={20} aria-hidden="true" />
      </IconButton>
      <div id={panelId} className={styles.popover} hidden={!open} role="region" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.popoverTitle}>
          {t('workspace.notifications')}
        </h2>
        <EmptyState
          size="sm"
          icon={<BellDot size={22} />}
          title={t('workspace.inboxEmpty')}
          description={t('workspace.inboxEmptyHint')}
        />
      </div>
    </div>
  );
}
