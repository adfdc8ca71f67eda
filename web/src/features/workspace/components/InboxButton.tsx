import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { BellDot, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/CountBadge';
import { EmptyState } from '../../../components/EmptyState';
import { IconButton } from '../../../components/IconButton';
import { Spinner } from '../../../components/Spinner';
import styles from './WorkspaceHeader.module.css';

/** What the notifications feature puts into the inbox: the panel's body and header actions, its open state. */
export interface InboxSlot {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panel: ReactNode;
  actions?: ReactNode;
}

interface InboxButtonProps {
  unread: number;
  /** Without it the panel shows its empty state and keeps its own open state. */
  slot?: InboxSlot;
}

/** The inbox bubble with the unread count; opens the notifications panel. Escape or a click outside closes it. */
export function InboxButton({ unread, slot }: InboxButtonProps) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = slot?.open ?? ownOpen;
  const setOpen = slot?.onOpenChange ?? setOwnOpen;
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
  }, [open, setOpen]);

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
        onClick={() => setOpen(!open)}
        badge={<CountBadge count={unread} hideZero tone="danger" floating />}
      >
        <Inbox size={20} aria-hidden="true" />
      </IconButton>
      <div id={panelId} className={styles.popover} hidden={!open} role="region" aria-labelledby={titleId}>
        <div className={styles.popoverHead}>
          <h2 id={titleId} className={styles.popoverTitle}>
            {t('workspace.notifications')}
          </h2>
          {slot?.actions}
        </div>
        {slot ? (
          open && <Suspense fallback={<Spinner label={t('app.loading')} />}>{slot.panel}</Suspense>
        ) : (
          <EmptyState
            size="sm"
            icon={<BellDot size={22} />}
            title={t('workspace.inboxEmpty')}
            description={t('workspace.inboxEmptyHint')}
          />
        )}
      </div>
    </div>
  );
}
