import { BookOpen, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { APP_VERSION, USER_GUIDE_PATH } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconButton } from '@/components/IconButton';
import { usePopover } from '@/components/use-popover';
import { displayUsername } from '@/lib/format';
import { useLogout, useSession } from '@/lib/session';
import styles from './WorkspaceHeader.module.css';

interface AccountMenuProps {
  profileHref: string;
  adminHref: string;
}

/**
 * The narrow layout's account actions behind one button at the top of the screen: who is signed in, profile, admin
 * panel, user guide, the version and Log out. At the top, Log out is never where a thumb rests between taps, and the
 * screen keeps one navigation (the view tabs).
 */
export function AccountMenu({ profileHref, adminHref }: AccountMenuProps) {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  // Placed by its CSS under its button, on phones too (not a bottom sheet): Log out stays at the top of the screen.
  const menu = usePopover({ placement: null });
  const close = () => menu.setOpen(false);
  return (
    <span {...menu.wrapperProps} className={styles.popoverRoot}>
      <IconButton
        {...menu.buttonProps}
        tone="ink"
        label={t('workspace.account')}
        tooltipAlign="end"
        onClick={() => menu.setOpen((open) => !open)}
      >
        <UserRound size={20} aria-hidden="true" />
      </IconButton>
      <nav
        {...menu.popoverProps}
        className={`${styles.popover} ${styles.accountMenu}`}
        aria-label={t('workspace.account')}
        hidden={!menu.open}
      >
        <p className={styles.accountName} title={session.username}>
          {displayUsername(session.username)}
        </p>
        <Link to={profileHref} className={styles.accountItem} onClick={close}>
          <UserRound size={18} aria-hidden="true" />
          {t('workspace.profile')}
        </Link>
        {session.isAdmin && (
          <Link to={adminHref} className={styles.accountItem} onClick={close}>
            <ShieldCheck size={18} aria-hidden="true" />
            {t('workspace.adminPanel')}
          </Link>
        )}
        <a
          href={USER_GUIDE_PATH}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.accountItem}
          onClick={close}
        >
          <BookOpen size={18} aria-hidden="true" />
          {t('workspace.userGuide')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
        <button
          type="button"
          className={styles.accountItem}
          onClick={() => logout.mutate({})}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          <LogOut size={18} aria-hidden="true" />
          {t('common.logout')}
        </button>
        <p className={styles.accountVersion}>{t('app.version', { version: APP_VERSION })}</p>
      </nav>
    </span>
  );
}
