import { useId, useState } from 'react';
import { MessageSquareText, Pencil, Trash2 } from 'lucide-react';
import type { Bubble } from '@kreechat/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/lazy-dialogs';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { bubblePreview } from '@/lib/format';
import { useDeleteBubble } from '@/features/bubbles/api/delete-bubble';
import pageStyles from '@/styles/page.module.css';
import styles from './bubbles.module.css';

interface BubbleListProps {
  query: UseQueryResult<Bubble[]>;
  editingId: string | null;
  onEdit: (bubble: Bubble) => void;
}

/** The agent's own bubbles: name, a 50-character preview, edit and delete (after a confirmation). */
export function BubbleList({ query, editingId, onEdit }: BubbleListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useDeleteBubble();
  // The bubble stays named while the dialog closes; `confirming` opens and closes it.
  const [toDelete, setToDelete] = useState<Bubble | null>(null);
  const [confirming, setConfirming] = useState(false);

  let body;
  if (query.isPending) {
    body = (
      <div className={styles.loading}>
        <Spinner label={t('bubbles.loading')} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} busy={query.isFetching}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('bubbles.loadFailed')}
      </Alert>
    );
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<MessageSquareText size={24} />}
        title={t('bubbles.emptyTitle')}
        description={t('bubbles.emptyDescription')}
      />
    );
  } else {
    body = (
      <ul className={styles.list}>
        {query.data.map((bubble) => (
          <li key={bubble.bubbleid} className={styles.item} data-editing={bubble.bubbleid === editingId || undefined}>
            <div className={styles.itemText}>
              <p className={styles.itemName}>{bubble.name}</p>
              <p className={styles.itemPreview}>{bubblePreview(bubble.content)}</p>
            </div>
            <div className={styles.itemActions}>
              <IconButton label={t('bubbles.edit', { name: bubble.name })} onClick={() => onEdit(bubble)}>
                <Pencil size={18} aria-hidden="true" />
              </IconButton>
              <IconButton
                label={t('bubbles.delete', { name: bubble.name })}
                onClick={() => {
                  setToDelete(bubble);
                  setConfirming(true);
                }}
              >
                <Trash2 size={18} aria-hidden="true" />
              </IconButton>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      className={`${pageStyles.card} ${styles.card}`}
      aria-labelledby={titleId}
      aria-busy={query.isPending || undefined}
    >
      <h2 id={titleId} className={styles.cardTitle}>
        {t('bubbles.yourBubbles')}
      </h2>
      {remove.isError && <Alert tone="error">{t('bubbles.deleteFailed')}</Alert>}
      {body}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('bubbles.confirmDelete', { name: toDelete?.name ?? '' })}
        description={t('bubbles.confirmDeleteHint')}
        confirmLabel={t('bubbles.deleteConfirm')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.bubbleid);
          setConfirming(false);
        }}
      />
    </section>
  );
}
