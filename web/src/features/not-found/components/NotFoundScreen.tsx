import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/Button';
import { Logo } from '../../../components/Logo';
import { Spinner } from '../../../components/Spinner';
import styles from './NotFoundScreen.module.css';

interface NotFoundScreenProps {
  /** Whether the session is valid: decides if the way out is the workspace or the login. Null while unknown. */
  loggedIn: boolean | null;
}

/** 'Page not found' with a link to / when logged in, /login otherwise (SPEC §2). */
export function NotFoundScreen({ loggedIn }: NotFoundScreenProps) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <Logo size="md" className={styles.logo} />
      <div className={styles.content}>
        <div className={styles.badge} aria-hidden="true">
          <Compass size={28} />
        </div>
        <p className={styles.code} aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1 className={styles.title}>{t('notFound.title')}</h1>
        <p className={styles.description}>{t('notFound.description')}</p>
        <div className={styles.action}>
          {loggedIn === null ? (
            <Spinner label={t('app.checkingSession')} />
          ) : loggedIn ? (
            <ButtonLink to="/" size="lg">
              {t('notFound.toWorkspace')}
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" size="lg">
              {t('notFound.toLogin')}
            </ButtonLink>
          )}
        </div>
      </div>
    </main>
  );
}
