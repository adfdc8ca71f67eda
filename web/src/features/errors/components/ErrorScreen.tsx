import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/Button';
import { StatusPage } from '@/components/StatusPage';
import styles from './ErrorScreen.module.css';

interface ErrorScreenProps {
  /** Technical detail for support; shown folded. */
  detail?: string;
}

/** The generic error page behind every route: 'Unexpected Application Error!' with reload and home (SPEC §8). */
export function ErrorScreen({ detail }: ErrorScreenProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      tone="danger"
      icon={<TriangleAlert size={28} />}
      title={t('errors.title')}
      description={t('errors.description')}
      actions={
        <>
          <Button size="lg" icon={<RotateCw size={18} aria-hidden="true" />} onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
          <ButtonLink to="/" size="lg" variant="secondary" reloadDocument>
            {t('errors.home')}
          </ButtonLink>
        </>
      }
    >
      {detail && (
        <details className={styles.details}>
          <summary>{t('errors.details')}</summary>
          <pre>{detail}</pre>
        </details>
      )}
    </StatusPage>
  );
}
