import { useMemo } from 'react';
import { Moon } from 'lucide-react';
import type { OpeningHours } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { closedDepartments, openingWhen } from '@/features/tickets/lib/closed-now';
import styles from './tickets.module.css';

interface ClosedNowNoticeProps {
  hours: OpeningHours | undefined;
  /** `all` for admins and moderators (every department's tickets show), else the viewer's department. */
  shown: 'all' | string | null;
}

/**
 * "Closed now · opens Mon 09:00" above the open list, one line per closed department the list shows (named when
 * the viewer sees several). Its own minute tick keeps it current without the list rendering again for it.
 */
export function ClosedNowNotice({ hours, shown }: ClosedNowNoticeProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const now = useNow();
  const closed = useMemo(() => (hours ? closedDepartments(hours, shown, now) : []), [hours, shown, now]);
  if (!hours || closed.length === 0) return null;
  return (
    <ul className={styles.closedNotice} aria-label={t('hours.noticeLabel')} data-closed-notice>
      {closed.map((department) => {
        let text = t('hours.closedNow');
        if (department.opensAt) {
          const when = openingWhen(department.opensAt, now, lang, hours.time_zone);
          const time = when.zone ? t('hours.inZone', { time: when.time, zone: when.zone }) : when.time;
          text = t('hours.closedNowOpens', { time });
        }
        return (
          <li key={department.departmentid}>
            <Moon size={12} aria-hidden="true" />
            <span>
              {shown === 'all' ? t('hours.departmentState', { department: department.name, state: text }) : text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
