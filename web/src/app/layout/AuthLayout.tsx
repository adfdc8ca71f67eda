import { Outlet } from 'react-router';
import { APP_VERSION } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/Logo';
import { LanguagePicker } from './LanguagePicker';
import styles from './AuthLayout.module.css';

/** Frame of the account screens (login, registration, password reset): logo, centred card, language, version. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <a href="#auth-main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className={styles.top}>
        <Logo size="md" />
      </header>
      <main id="auth-main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.bottom}>
        <LanguagePicker />
        <span className={styles.version}>{t('app.version', { version: APP_VERSION })}</span>
      </footer>
    </div>
  );
}
