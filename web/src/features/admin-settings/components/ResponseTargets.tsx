import { MAX_TARGET_MINUTES } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/TextField';
import { hoursAndMinutes, TARGET_FIELDS, type FieldErrors, type HoursForm, type TargetField } from '../lib/hours-form';
import { useContractMessage } from './use-contract-message';
import styles from './opening-hours.module.css';

/** The department's response-time targets and its still-waiting delay, in minutes; empty: none. */
export function ResponseTargets({
  form,
  onChange,
  errors,
}: {
  form: HoursForm;
  onChange: (field: TargetField, value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const translate = useContractMessage();
  const labels: Record<TargetField, string> = {
    first_response_min: t('openingHours.targets.first'),
    next_response_min: t('openingHours.targets.next'),
    still_waiting_min: t('openingHours.targets.stillWaiting'),
  };
  const hints: Record<TargetField, string> = {
    first_response_min: t('openingHours.targets.firstHint'),
    next_response_min: t('openingHours.targets.nextHint'),
    still_waiting_min: t('openingHours.targets.stillWaitingHint'),
  };
  const readable = (value: string) => {
    const split = hoursAndMinutes(value);
    if (!split) return t('openingHours.targets.none');
    if (split.hours === 0) return t('openingHours.targets.minutes', { count: split.minutes });
    return t('openingHours.targets.hoursMinutes', { hours: split.hours, minutes: split.minutes });
  };
  return (
    <div className={styles.targets}>
      {TARGET_FIELDS.map((field) => (
        <TextField
          key={field}
          className={styles.target}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TARGET_MINUTES}
          step={1}
          label={labels[field]}
          hint={
            <>
              <span className={styles.targetValue}>{readable(form[field])}</span> {hints[field]}
            </>
          }
          value={form[field]}
          error={translate(errors[field])}
          onChange={(event) => onChange(field, event.target.value)}
        />
      ))}
    </div>
  );
}
