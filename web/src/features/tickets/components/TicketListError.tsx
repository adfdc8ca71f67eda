import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import styles from './tickets.module.css';

/**
 * A list that could not load: the words and a retry. `announce` makes it an alert (the open lists, which the
 * agent watches); the closed column's shows quietly.
 */
export function TicketListError({ onRetry, announce = false }: { onRetry: () => void; announce?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.listError} role={announce ? 'alert' : undefined}>
      <p>{t('tickets.loadFailed')}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
