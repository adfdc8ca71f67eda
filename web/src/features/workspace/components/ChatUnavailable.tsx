import { EyeOff, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/Button';
import { EmptyState } from '@/components/EmptyState';
import { Spinner } from '@/components/Spinner';
import styles from './WorkspaceShell.module.css';

/**
 * The chat pane while the ticket an address names is not shown: still loading, not the viewer's to see (another
 * department's or company's, or no ticket at all: the server answers all three alike, so this says no more), or
 * not loaded for another reason.
 */
export function ChatUnavailable({ state, onRetry }: { state: 'loading' | 'hidden' | 'failed'; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <div className={styles.chatEmpty}>
        <Spinner size="lg" label={t('chat.loading')} />
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className={styles.chatEmpty}>
        <EmptyState
          titleAs="h2"
          icon={<TriangleAlert size={32} />}
          title={t('chat.loadFailed')}
          action={
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.chatEmpty}>
      <EmptyState
        titleAs="h2"
        icon={<EyeOff size={32} />}
        title={t('workspace.ticketHidden')}
        description={t('workspace.ticketHiddenHint')}
        action={
          <ButtonLink to="/" size="sm" variant="secondary">
            {t('workspace.backToTickets')}
          </ButtonLink>
        }
      />
    </div>
  );
}
