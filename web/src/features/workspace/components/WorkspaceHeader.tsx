import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { PRODUCT_NAME } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/Button';
import { LogoMark } from '@/components/Logo';
import { displayUsername } from '@/lib/format';
import { useLogout, useSession } from '@/lib/session';
import { useIsNarrow } from '@/lib/use-media-query';
import { AccountMenu } from './AccountMenu';
import { InboxButton, type InboxSlot } from './InboxButton';
import { PushBell } from './PushBell';
import styles from './WorkspaceHeader.module.css';

interface WorkspaceHeaderProps {
  unreadCount: number;
  inbox?: InboxSlot;
}

/** The admin panel; it opens the first section the viewer may use. */
export const ADMIN_PANEL_PATH = '/admin-panel';
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/**
 * Title with beta label, welcome, inbox, push toggle and the account actions (SPEC §2 Main workspace); on the narrow
 * layout the account actions (and the user guide) are one menu, so the header keeps one line.
 */
export function WorkspaceHeader({ unreadCount, inbox }: WorkspaceHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const narrow = useIsNarrow();

  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <LogoMark className={styles.mark} />
        <h1 className={styles.title}>
          {PRODUCT_NAME}
          <span className={styles.beta}>{t('app.beta')}</span>
        </h1>
      </div>

      <p className={styles.welcome} title={session.username}>
        {t('workspace.welcome', { name: displayUsername(session.username) })}
      </p>

      <div className={styles.tools}>
        <InboxButton unread={unreadCount} slot={inbox} />
        <PushBell />

        {narrow ? (
          <AccountMenu profileHref={profilePath(session.username)} adminHref={ADMIN_PANEL_PATH} />
        ) : (
          <nav className={styles.account} aria-label={t('workspace.account')}>
            {session.isAdmin && (
              <ButtonLink to={ADMIN_PANEL_PATH} variant="ink" icon={<ShieldCheck size={18} aria-hidden="true" />}>
                {t('workspace.adminPanel')}
              </ButtonLink>
            )}
            <ButtonLink
              to={profilePath(session.username)}
              variant="ink"
              icon={<UserRound size={18} aria-hidden="true" />}
            >
              {t('workspace.profile')}
            </ButtonLink>
            <Button
              variant="ink"
              icon={<LogOut size={18} aria-hidden="true" />}
              busy={logout.isPending}
              onClick={() => logout.mutate({})}
            >
              {t('common.logout')}
            </Button>
          </nav>
        )}
      </div>
    </header>
  );
}
