import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/Button';
import { Logo } from '../../../components/Logo';
import styles from './ErrorScreen.module.css';

interface ErrorScreenProps {
  /** Technical detail for support; shown folded. */
  detail?: string;
}

/** The generic error page behind every route: 'Unexpected Application Error!' with reload and home (SPEC §8). */
export function ErrorScreen({ detail }: ErrorScreenProps) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <Logo size="md" className={styles.logo} />
      <div className={styles.content}>
        <div className={styles.badge} aria-hidden="true">
          <TriangleAlert size={28} />
        </div>
        <h1 className={styles.title}>{t('errors.title')}</h1>
        <p className={styles.description}>{t('errors.description')}</p>
        <div className={styles.actions}>
          <Button size="lg" icon={<RotateCw size={18} aria-hidden="true" />} onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
          <ButtonLink to="/" size="lg" variant="secondary" reloadDocument>
            {t('errors.home')}
          </ButtonLink>
        </div>
        {detail && (
          <details className={styles.details}>
            <summary>{t('errors.details')}</summary>
            <pre>{detail}</pre>
          </details>
        )}
      </div>
    </main>
  );
}
