import { MAX_INTERVALS_PER_DAY, type Interval } from '@kreechat/contract';
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import { intervalAfter } from '@/features/admin-settings/lib/hours-form';
import fieldStyles from '@/components/Field.module.css';
import { useContractMessage } from './use-contract-message';
import styles from './opening-hours.module.css';

/**
 * One day's intervals: from–to time inputs, each removable, and a button that adds one; "Closed" when there are
 * none. `name` says whose day it is to a screen reader ("Monday", "Christmas"); `errorOf` finds a field's problem.
 */
export function IntervalsEditor({
  name,
  intervals,
  onChange,
  errorOf,
  idPrefix,
  closedText,
}: {
  name: string;
  intervals: Interval[];
  onChange: (intervals: Interval[]) => void;
  errorOf: (index: number, field: 'from' | 'to') => string | undefined;
  idPrefix: string;
  closedText?: string;
}) {
  const { t } = useTranslation();
  const translate = useContractMessage();
  const update = (index: number, field: 'from' | 'to', value: string) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, [field]: value } : interval)));

  return (
    <div className={styles.intervals}>
      {intervals.length === 0 && <span className={styles.closed}>{closedText ?? t('openingHours.week.closed')}</span>}
      {intervals.map((interval, index) => {
        const fromError = translate(errorOf(index, 'from'));
        const toError = translate(errorOf(index, 'to'));
        const errorId = `${idPrefix}-${index}-error`;
        const position = { name, number: index + 1 };
        const timeInput = (field: 'from' | 'to', error: string | undefined) => (
          <input
            type="time"
            className={[fieldStyles.input, styles.time].join(' ')}
            aria-label={t(field === 'from' ? 'openingHours.week.from' : 'openingHours.week.to', position)}
            aria-invalid={error ? true : undefined}
            aria-describedby={fromError || toError ? errorId : undefined}
            value={interval[field]}
            onChange={(event) => update(index, field, event.target.value)}
          />
        );
        return (
          <div key={index} className={styles.intervalRow}>
            <div className={styles.interval}>
              {timeInput('from', fromError)}
              <span aria-hidden="true">–</span>
              {timeInput('to', toError)}
              <IconButton
                label={t('openingHours.week.remove', position)}
                tooltip={t('openingHours.week.removeTooltip')}
                onClick={() => onChange(intervals.filter((_, i) => i !== index))}
              >
                <X size={17} aria-hidden="true" />
              </IconButton>
            </div>
            {(fromError || toError) && (
              <p id={errorId} className={fieldStyles.error}>
                {[fromError, toError].filter(Boolean).join(' ')}
              </p>
            )}
          </div>
        );
      })}
      {intervals.length < MAX_INTERVALS_PER_DAY && (
        <Button
          size="sm"
          variant="ghost"
          icon={<Plus size={16} aria-hidden="true" />}
          aria-label={t('openingHours.week.addFor', { name })}
          onClick={() => onChange([...intervals, intervalAfter(intervals)])}
        >
          {t('openingHours.week.add')}
        </Button>
      )}
    </div>
  );
}
