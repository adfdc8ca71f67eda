import { WEEKDAYS, type Interval, type Weekday } from '@kreechat/contract';
import { CopyCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { currentLanguage } from '@/lib/i18n';
import type { FieldErrors } from '@/features/admin-settings/lib/hours-form';
import { weekdayName } from '@/features/admin-settings/lib/hours-text';
import { IntervalsEditor } from './IntervalsEditor';
import styles from './opening-hours.module.css';

/** Monday to Sunday, each with its intervals; Monday's can be copied onto the other workdays in one go. */
export function WeekEditor({
  week,
  onChange,
  onCopyMonday,
  errors,
}: {
  week: Record<Weekday, Interval[]>;
  onChange: (day: Weekday, intervals: Interval[]) => void;
  onCopyMonday: () => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <div className={styles.week}>
      <ul className={styles.days}>
        {WEEKDAYS.map((day) => {
          const name = weekdayName(day, lang);
          return (
            <li key={day} className={styles.day}>
              <span className={styles.dayName}>{name}</span>
              <IntervalsEditor
                name={name}
                idPrefix={`hours-${day}`}
                intervals={week[day]}
                onChange={(intervals) => onChange(day, intervals)}
                errorOf={(index, field) => errors[`week.${day}.${index}.${field}`]}
              />
            </li>
          );
        })}
      </ul>
      <div>
        <Button size="sm" variant="secondary" icon={<CopyCheck size={16} aria-hidden="true" />} onClick={onCopyMonday}>
          {t('openingHours.week.copyMonday')}
        </Button>
      </div>
    </div>
  );
}
