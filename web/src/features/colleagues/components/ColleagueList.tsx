import { Users } from 'lucide-react';
import type { Colleague } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { compactCount, displayUsername, fullName } from '@/lib/format';
import { useColleagues } from '@/features/colleagues/api/get-colleagues';
import styles from './colleagues.module.css';

interface ColleagueListProps {
  /** The colleague whose private chat is open. */
  openId: string | null;
  /** Private messages not read yet, per colleague: their entry shows the count. */
  unread: ReadonlyMap<string, number>;
  onOpen: (colleague: Colleague) => void;
}

/** The colleagues sidebar (SPEC §2): picture, name, department, online/offline; a click opens the private chat. */
export function ColleagueList({ openId, unread: unreadCounts, onOpen }: ColleagueListProps) {
  const { t } = useTranslation();
  const colleagues = useColleagues();

  if (colleagues.isPending) {
    return (
      <div className={styles.list} aria-busy="true" aria-label={t('colleagues.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeletonRow}>
            <Skeleton width={36} height={36} radius="full" />
            <span className={styles.skeletonText}>
              <Skeleton width="70%" />
              <Skeleton width="45%" height={10} />
            </span>
          </div>
        ))}
      </div>
    );
  }
  if (colleagues.isError) {
    return (
      <div className={styles.failed} role="alert">
        <p>{t('colleagues.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void colleagues.refetch()}>
          {t('colleagues.retry')}
        </Button>
      </div>
    );
  }
  if (colleagues.data.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<Users size={22} />}
        title={t('colleagues.empty')}
        description={t('colleagues.emptyHint')}
      />
    );
  }

  return (
    <ul className={styles.list}>
      {colleagues.data.map((colleague) => {
        const name = fullName(colleague.firstName, colleague.lastName);
        const online = colleague.status === 'online';
        const unread = unreadCounts.get(colleague.id) ?? 0;
        return (
          <li key={colleague.id}>
            <button
              type="button"
              className={styles.entry}
              aria-current={openId === colleague.id || undefined}
              data-unread={unread > 0 || undefined}
              onClick={() => onOpen(colleague)}
              title={name}
            >
              <span className={styles.avatar}>
                <Avatar src={colleague.profile_pic} alt="" size={36} />
                <span className={styles.dot} data-online={online} aria-hidden="true" />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{displayUsername(name)}</span>
                <span className={styles.meta}>{colleague.department ?? t('colleagues.noDepartment')}</span>
                <span className={styles.status} data-online={online}>
                  {online ? t('colleagues.online') : t('colleagues.offline')}
                </span>
              </span>
              {unread > 0 && (
                <span className={styles.unread}>
                  <span aria-hidden="true">{compactCount(unread)}</span>
                  <span className="visually-hidden">{t('colleagues.unreadCount', { count: unread })}</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
