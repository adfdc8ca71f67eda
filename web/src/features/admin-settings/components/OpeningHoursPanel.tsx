import { useRef, useState } from 'react';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { SelectField } from '@/components/SelectField';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { dayKey } from '@/lib/dates';
import { useOpeningHours } from '@/lib/opening-hours';
import { useNow } from '@/lib/use-now';
import type { HoursForm } from '@/features/admin-settings/lib/hours-form';
import pageStyles from '@/styles/page.module.css';
import { DepartmentHoursForm } from './DepartmentHoursForm';
import { DepartmentStatusLine } from './DepartmentStatusLine';
import { RetryAlert } from './RetryAlert';
import { TimeZoneSettings } from './TimeZoneSettings';
import styles from './opening-hours.module.css';
import settings from './settings.module.css';

/**
 * Settings → Opening hours: the company's time zone, then one department at a time — open now or not, its week,
 * its special dates and its response-time targets.
 */
export function OpeningHoursPanel() {
  const { t } = useTranslation();
  const hours = useOpeningHours();
  const now = useNow(30_000);
  const [chosen, setChosen] = useState<string | null>(null);
  // Each department's unsaved form, so choosing another department and coming back loses nothing.
  const drafts = useRef(new Map<string, HoursForm>());

  const departments = hours.data?.departments ?? [];
  const department = departments.find((d) => d.departmentid === chosen) ?? departments[0];
  const timeZone = hours.data?.time_zone ?? 'UTC';

  return (
    <section className={settings.section} aria-labelledby="opening-hours-heading">
      <div className={settings.sectionIntro}>
        <h2 id="opening-hours-heading" className={settings.sectionTitle}>
          {t('settings.openingHours.tab')}
        </h2>
        <p className={settings.sectionText}>{t('openingHours.intro')}</p>
      </div>

      {hours.isPending ? (
        <div aria-busy="true" className={styles.cards}>
          <span className="visually-hidden">
            <Spinner label={t('openingHours.loading')} />
          </span>
          {[0, 1].map((i) => (
            <div key={i} className={`${pageStyles.card} ${styles.card}`}>
              <Skeleton width="30%" height={18} />
              <Skeleton width="100%" height={80} radius="md" />
            </div>
          ))}
        </div>
      ) : hours.isError ? (
        <RetryAlert onRetry={() => void hours.refetch()}>{t('openingHours.loadFailed')}</RetryAlert>
      ) : (
        <div className={styles.cards}>
          <TimeZoneSettings saved={timeZone} now={now} />
          <section className={`${pageStyles.card} ${styles.card}`} aria-labelledby="department-hours-heading">
            <div className={styles.departmentHead}>
              <div className={styles.blockIntro}>
                <h3 id="department-hours-heading" className={pageStyles.cardTitle}>
                  {t('openingHours.department.title')}
                </h3>
                <p className={styles.muted}>{t('openingHours.department.intro')}</p>
              </div>
              {departments.length > 1 && department && (
                <SelectField
                  className={styles.departmentSelect}
                  label={t('openingHours.department.choose')}
                  value={department.departmentid}
                  onChange={(event) => setChosen(event.target.value)}
                >
                  {departments.map((d) => (
                    <option key={d.departmentid} value={d.departmentid}>
                      {d.department_name}
                    </option>
                  ))}
                </SelectField>
              )}
            </div>
            {department ? (
              <>
                <div className={styles.departmentLine}>
                  <span className={styles.departmentName}>{department.department_name}</span>
                  <DepartmentStatusLine schedule={department} timeZone={timeZone} now={now} />
                </div>
                <DepartmentHoursForm
                  key={department.departmentid}
                  hours={department}
                  timeZone={timeZone}
                  today={dayKey(now, timeZone)}
                  draft={drafts.current.get(department.departmentid)}
                  onDraft={(form) => drafts.current.set(department.departmentid, form)}
                />
              </>
            ) : (
              <EmptyState size="sm" icon={<Building2 size={24} />} title={t('openingHours.department.empty')} />
            )}
          </section>
        </div>
      )}
    </section>
  );
}
