import { Suspense, useId, type ReactNode } from 'react';
import { BellDot, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/CountBadge';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { usePopover } from '@/components/use-popover';
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

/**
 * The inbox bubble with the unread count; opens the notifications panel, a popover like the others (use-popover):
 * Escape or a click outside closes it, inside the viewport, a bottom sheet on phones.
 */
export function InboxButton({ unread, slot }: InboxButtonProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { open, setOpen, buttonProps, popoverProps, wrapperProps } = usePopover({
    placement: 'bottom-end',
    open: slot?.open,
    onOpenChange: slot?.onOpenChange,
  });

  const label =
    unread > 0 ? `${t('workspace.inbox')}, ${t('workspace.inboxUnread', { unread })}` : t('workspace.inbox');

  return (
    <div className={styles.popoverRoot} {...wrapperProps}>
      <IconButton
        tone="ink"
        label={label}
        tooltip={t('workspace.inbox')}
        {...buttonProps}
        aria-haspopup={undefined}
        aria-controls={popoverProps.id}
        onClick={() => setOpen(!open)}
        badge={<CountBadge count={unread} hideZero tone="danger" floating />}
      >
        <Inbox size={20} aria-hidden="true" />
      </IconButton>
      <div {...popoverProps} className={styles.popover} hidden={!open} role="region" aria-labelledby={titleId}>
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
