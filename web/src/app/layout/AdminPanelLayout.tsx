import { Settings } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { PRODUCT_NAME } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/Logo';
import { useSession } from '../../lib/session';
import styles from './PanelLayout.module.css';

/**
 * The admin panel frame (SPEC §2): logo back to the workspace, 'admin panel' title, the sections sidebar. Only the
 * sections that exist are listed (Agents, Clients and Tickets arrive later); Settings is for admins.
 */
export function AdminPanelLayout() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className={styles.shell}>
      <a href="#admin-panel-main" className="skip-link">
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
        <p className={styles.title}>{t('admin.adminPanel')}</p>
      </header>

      <div className={session.isAdmin ? styles.body : `${styles.body} ${styles.bodyFull}`}>
        {/* Agents' sections (Clients, Tickets) arrive later; until then they have none to list. */}
        {session.isAdmin && (
          <nav className={styles.sidebar} aria-label={t('admin.sections')}>
            <ul className={styles.navList}>
              <li>
                <NavLink to="/admin-panel/settings" className={styles.navItem} title={t('admin.settings')}>
                  <Settings size={20} aria-hidden="true" />
                  <span className={styles.navText}>{t('admin.settings')}</span>
                </NavLink>
              </li>
            </ul>
          </nav>
        )}
        <main id="admin-panel-main" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
