import { MessageSquareText, UserRound } from 'lucide-react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { PRODUCT_NAME } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/Logo';
import { useSession } from '../../lib/session';
import styles from './PanelLayout.module.css';

/** The user panel frame (SPEC §2): logo back to the workspace, 'user panel' title, Profile / Bubbles sidebar. */
export function UserPanelLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { username = session.username } = useParams();
  const base = `/profile/${encodeURIComponent(username)}`;
  return (
    <div className={styles.shell}>
      <a href="#user-panel-main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.home} aria-label={t('profile.toWorkspace')}>
          <LogoMark className={styles.mark} />
          <span className={styles.product} aria-hidden="true">
            {PRODUCT_NAME}
          </span>
        </Link>
        <span className={styles.divider} aria-hidden="true" />
        <p className={styles.title}>{t('profile.userPanel')}</p>
      </header>

      <div className={styles.body}>
        <nav className={styles.sidebar} aria-label={t('profile.sections')}>
          <ul className={styles.navList}>
            <li>
              <NavLink to={base} end className={styles.navItem} title={t('profile.profile')}>
                <UserRound size={20} aria-hidden="true" />
                <span className={styles.navText}>{t('profile.profile')}</span>
              </NavLink>
            </li>
            <li>
              <NavLink to={`${base}/bubbles`} className={styles.navItem} title={t('profile.bubbles')}>
                <MessageSquareText size={20} aria-hidden="true" />
                <span className={styles.navText}>{t('profile.bubbles')}</span>
              </NavLink>
            </li>
          </ul>
        </nav>
        <main id="user-panel-main" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
