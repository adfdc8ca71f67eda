import type { ReactNode } from 'react';
import { ArrowLeft, LogOut } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { PRODUCT_NAME } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/Button';
import { LogoMark } from '@/components/Logo';
import { useLogout } from '@/lib/session';
import styles from './PanelLayout.module.css';

export type PanelSection = { to: string; label: string; icon: ReactNode; end?: boolean };

/**
 * The frame both panels share (SPEC §2): logo back to the workspace, the panel's title, a visible way back to the
 * workspace and Log out (the logo alone was not seen as a way back), its sections sidebar.
 */
export function PanelLayout({
  id,
  title,
  navLabel,
  sections,
}: {
  /** Id of the main region, the skip link's target. */
  id: string;
  title: string;
  navLabel: string;
  /** No sections: no sidebar, and the content takes the whole width. */
  sections: PanelSection[];
}) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className={styles.shell}>
      <a href={`#${id}`} className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        {/* The name starts with the product name it shows (WCAG 2.5.3: what one sees is what one says). */}
        <Link to="/" className={styles.home} aria-label={t('profile.toWorkspace', { product: PRODUCT_NAME })}>
          <LogoMark className={styles.mark} />
          <span className={styles.product} aria-hidden="true">
            {PRODUCT_NAME}
          </span>
        </Link>
        <span className={styles.divider} aria-hidden="true" />
        <p className={styles.title}>{title}</p>
        <div className={styles.actions}>
          <ButtonLink to="/" variant="ink" size="sm" icon={<ArrowLeft size={16} aria-hidden="true" />}>
            {t('panel.workspace')}
          </ButtonLink>
          <Button
            variant="ink"
            size="sm"
            icon={<LogOut size={16} aria-hidden="true" />}
            onClick={() => logout.mutate({})}
            busy={logout.isPending}
          >
            {t('common.logout')}
          </Button>
        </div>
      </header>

      <div className={sections.length ? styles.body : `${styles.body} ${styles.bodyFull}`}>
        {sections.length > 0 && (
          <nav className={styles.sidebar} aria-label={navLabel}>
            <ul className={styles.navList}>
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.end} className={styles.navItem} title={section.label}>
                    {section.icon}
                    <span className={styles.navText}>{section.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id={id} className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
