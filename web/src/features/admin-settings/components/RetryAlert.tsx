import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';

/** A load that failed: what went wrong, and a Try again button that asks once more. */
export function RetryAlert({ title, onRetry, children }: { title?: string; onRetry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
