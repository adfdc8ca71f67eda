import { BookOpen, Keyboard, LogOut, ShieldCheck, Ticket, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import { APP_VERSION, USER_GUIDE_PATH } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../../../lib/session';
import { ADMIN_PANEL_PATH, profilePath } from './WorkspaceHeader';
import { CountBadge } from '../../../components/CountBadge';
import type { WorkspaceView } from './WorkspaceShell';
import styles from './WorkspaceShell.module.css';

interface WorkspaceFooterProps {
  /** The view the narrow layout shows; the bar's Tickets and Colleagues switch it. */
  view: WorkspaceView;
  colleaguesUnread: number;
  onShow: (view: WorkspaceView) => void;
  onShowShortcuts?: () => void;
}

/** User guide and version; on the narrow layout also the bottom bar of account actions (SPEC §2 Footer). */
export function WorkspaceFooter({ view, colleaguesUnread, onShow, onShowShortcuts }: WorkspaceFooterProps) {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  return (
    <footer className={styles.footer}>
      <nav className={styles.bottomBar} aria-label={t('workspace.quickActions')}>
        <Link to={profilePath(session.username)} className={styles.barItem}>
          <UserRound size={20} aria-hidden="true" />
          <span>{t('workspace.profile')}</span>
        </Link>
        {session.isAdmin && (
          <Link to={ADMIN_PANEL_PATH} className={styles.barItem}>
            <ShieldCheck size={20} aria-hidden="true" />
            <span>{t('workspace.adminPanel')}</span>
          </Link>
        )}
        <button
          type="button"
          className={styles.barItem}
          aria-current={view === 'tickets' || undefined}
          data-active={view === 'tickets' || undefined}
          onClick={() => onShow('tickets')}
        >
          <Ticket size={20} aria-hidden="true" />
          <span>{t('workspace.tickets')}</span>
        </button>
        <button
          type="button"
          className={styles.barItem}
          aria-current={view === 'colleagues' || undefined}
          data-active={view === 'colleagues' || undefined}
          onClick={() => onShow('colleagues')}
        >
          <span className={styles.barIcon}>
            <Users size={20} aria-hidden="true" />
            <CountBadge count={colleaguesUnread} hideZero tone="accent" floating />
          </span>
          <span>{t('workspace.colleagues')}</span>
          {colleaguesUnread > 0 && (
            <span className="visually-hidden">{t('colleagues.unreadCount', { count: colleaguesUnread })}</span>
          )}
        </button>
        <button
          type="button"
          className={styles.barItem}
          onClick={() => logout.mutate({})}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          <LogOut size={20} aria-hidden="true" />
          <span>{t('common.logout')}</span>
        </button>
      </nav>
      <div className={styles.meta}>
        <a href={USER_GUIDE_PATH} target="_blank" rel="noopener noreferrer" className={styles.guide}>
          <BookOpen size={15} aria-hidden="true" />
          {t('workspace.userGuide')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
        {onShowShortcuts && (
          <button type="button" className={styles.shortcuts} onClick={onShowShortcuts}>
            <Keyboard size={15} aria-hidden="true" />
            {t('shortcuts.open')}
            <kbd className={styles.shortcutKey}>?</kbd>
          </button>
        )}
        <span className={styles.version}>{t('app.version', { version: APP_VERSION })}</span>
      </div>
    </footer>
  );
}
