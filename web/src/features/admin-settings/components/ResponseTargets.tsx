import { MAX_TARGET_MINUTES } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';
import { formatDuration } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import {
  TARGET_FIELDS,
  targetMinutes,
  type FieldErrors,
  type HoursForm,
  type TargetField,
} from '@/features/admin-settings/lib/hours-form';
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
  const lang = currentLanguage();
  const readable = (value: string) => {
    const minutes = targetMinutes(value);
    return minutes === null ? t('openingHours.targets.none') : formatDuration(minutes * 60, lang);
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
