import type { Schedule } from '@kreechat/contract';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { departmentStatus } from '@/features/admin-settings/lib/hours-form';
import { statusText } from '@/features/admin-settings/lib/hours-text';
import styles from './opening-hours.module.css';

/** "Open now · closes at 17:00" for the department's saved hours, by the same maths the server uses. */
export function DepartmentStatusLine({ schedule, timeZone, now }: { schedule: Schedule; timeZone: string; now: Date }) {
  const { t } = useTranslation();
  const status = departmentStatus({ timeZone, schedule }, now);
  const text = statusText(status, now, timeZone, currentLanguage());
  const open = status.kind !== 'closed';
  return (
    <p className={styles.status} data-open={open}>
      <Clock size={15} aria-hidden="true" />
      {/* The key comes from statusText's small set; locales.test.ts holds every locale to the same keys. */}
      {t(`openingHours.status.${text.key}` as never, text.values)}
    </p>
  );
}
