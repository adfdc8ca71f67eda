import { MAX_SPECIAL_DATES } from '@kreechat/contract';
import { CalendarPlus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { IconButton } from '@/components/IconButton';
import { TextField } from '@/components/TextField';
import {
  DEFAULT_INTERVAL,
  newDateKey,
  type FieldErrors,
  type SpecialDateDraft,
} from '@/features/admin-settings/lib/hours-form';
import { IntervalsEditor } from './IntervalsEditor';
import { useContractMessage } from './use-contract-message';
import styles from './opening-hours.module.css';

/**
 * Dates with hours of their own (holidays): the date, a name, once or every year, closed all day or its own
 * intervals. A new date starts as today in the company's zone, closed all day.
 */
export function SpecialDatesEditor({
  dates,
  onChange,
  errors,
  today,
}: {
  dates: SpecialDateDraft[];
  onChange: (dates: SpecialDateDraft[]) => void;
  errors: FieldErrors;
  /** YYYY-MM-DD in the company's zone. */
  today: string;
}) {
  const { t } = useTranslation();
  const translate = useContractMessage();
  const update = (index: number, patch: Partial<SpecialDateDraft>) =>
    onChange(dates.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  return (
    <div className={styles.dates}>
      {dates.length === 0 ? (
        <p className={styles.muted}>{t('openingHours.dates.empty')}</p>
      ) : (
        <ul className={styles.dateList}>
          {dates.map((d, index) => {
            const label = d.name.trim() || d.date || t('openingHours.dates.unnamed', { number: index + 1 });
            const closed = d.intervals.length === 0;
            return (
              <li key={d.key} className={styles.dateItem}>
                <div className={styles.dateFields}>
                  <TextField
                    type="date"
                    className={styles.dateField}
                    label={t('openingHours.dates.date')}
                    value={d.date}
                    required
                    error={translate(errors[`special_dates.${index}.date`])}
                    onChange={(event) => update(index, { date: event.target.value })}
                  />
                  <TextField
                    className={styles.dateName}
                    label={t('openingHours.dates.name')}
                    placeholder={t('openingHours.dates.namePlaceholder')}
                    value={d.name}
                    maxLength={100}
                    error={translate(errors[`special_dates.${index}.name`])}
                    onChange={(event) => update(index, { name: event.target.value })}
                  />
                  <IconButton
                    className={styles.dateRemove}
                    label={t('openingHours.dates.remove', { name: label })}
                    tooltip={t('openingHours.dates.removeTooltip')}
                    tooltipAlign="end"
                    onClick={() => onChange(dates.filter((_, i) => i !== index))}
                  >
                    <Trash2 size={17} aria-hidden="true" />
                  </IconButton>
                </div>
                <div className={styles.dateOptions}>
                  <Checkbox
                    label={t('openingHours.dates.yearly')}
                    checked={d.yearly}
                    onChange={(event) => update(index, { yearly: event.target.checked })}
                  />
                  <Checkbox
                    label={t('openingHours.dates.closedAllDay')}
                    checked={closed}
                    onChange={(event) =>
                      update(index, { intervals: event.target.checked ? [] : [{ ...DEFAULT_INTERVAL }] })
                    }
                  />
                </div>
                {!closed && (
                  <IntervalsEditor
                    name={label}
                    idPrefix={`hours-date-${d.key}`}
                    intervals={d.intervals}
                    onChange={(intervals) => update(index, { intervals })}
                    errorOf={(i, field) => errors[`special_dates.${index}.intervals.${i}.${field}`]}
                    closedText={t('openingHours.dates.closedAllDay')}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {errors.special_dates && <p className={styles.error}>{translate(errors.special_dates)}</p>}
      {dates.length < MAX_SPECIAL_DATES && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            icon={<CalendarPlus size={16} aria-hidden="true" />}
            onClick={() =>
              onChange([...dates, { key: newDateKey(), date: today, name: '', yearly: false, intervals: [] }])
            }
          >
            {t('openingHours.dates.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
