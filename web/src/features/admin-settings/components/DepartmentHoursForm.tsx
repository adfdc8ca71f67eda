import { useId, useState, type FormEvent } from 'react';
import type { DepartmentHours, Interval, Weekday } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Switch } from '@/components/Switch';
import { errorMessage } from '@/lib/api-client';
import { useSaveDepartmentHours } from '@/features/admin-settings/api/save-department-hours';
import {
  checkHours,
  copyToWorkdays,
  formOf,
  hoursChanged,
  type FieldErrors,
  type HoursForm,
} from '@/features/admin-settings/lib/hours-form';
import { zoneLabel } from '@/features/admin-settings/lib/time-zones';
import { ResponseTargets } from './ResponseTargets';
import { SpecialDatesEditor } from './SpecialDatesEditor';
import { useContractMessage } from './use-contract-message';
import { WeekEditor } from './WeekEditor';
import styles from './opening-hours.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * One department's hours: open 24/7 or its week and special dates, then its response-time targets; Save sends
 * all of it. The contract checks the form first, so problems show at their fields before anything is sent; what
 * the server still refuses shows above Save.
 */
export function DepartmentHoursForm({
  hours,
  timeZone,
  today,
  draft,
  onDraft,
}: {
  hours: DepartmentHours;
  timeZone: string;
  /** YYYY-MM-DD in the company's zone: where a new special date starts. */
  today: string;
  /** What was typed for this department before another one was chosen: kept until saved. */
  draft: HoursForm | undefined;
  onDraft: (form: HoursForm) => void;
}) {
  const { t } = useTranslation();
  const translate = useContractMessage();
  const save = useSaveDepartmentHours();
  const [form, setForm] = useState<HoursForm>(() => draft ?? formOf(hours));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const noticeId = useId();
  const weekId = useId();
  const datesId = useId();
  const targetsId = useId();

  const change = (next: HoursForm) => {
    setForm(next);
    onDraft(next);
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkHours(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      setNotice({ tone: 'error', text: t('openingHours.form.fix') });
      return;
    }
    setErrors({});
    setNotice(null);
    save.mutate(
      { departmentid: hours.departmentid, body: checked.body },
      {
        onSuccess: () =>
          setNotice({ tone: 'success', text: t('openingHours.form.saved', { name: hours.department_name }) }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: translate(errorMessage(error, '')) || t('openingHours.form.saveFailed'),
          }),
      },
    );
  };

  const setDay = (day: Weekday, intervals: Interval[]) => change({ ...form, week: { ...form.week, [day]: intervals } });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={notice ? noticeId : undefined}>
      <div className={styles.switchRow}>
        <Switch
          checked={form.always_open}
          label={t('openingHours.form.alwaysOpen')}
          onToggle={() => change({ ...form, always_open: !form.always_open })}
        />
        <div className={styles.switchText}>
          <span className={styles.switchLabel} aria-hidden="true">
            {t('openingHours.form.alwaysOpen')}
          </span>
          <span className={styles.muted}>{t('openingHours.form.alwaysOpenHint')}</span>
        </div>
      </div>

      {!form.always_open && (
        <>
          <section className={styles.block} aria-labelledby={weekId}>
            <div className={styles.blockIntro}>
              <h4 id={weekId} className={styles.blockTitle}>
                {t('openingHours.week.title')}
              </h4>
              <p className={styles.muted}>{t('openingHours.week.hint', { zone: zoneLabel(timeZone) })}</p>
            </div>
            <WeekEditor
              week={form.week}
              errors={errors}
              onChange={setDay}
              onCopyMonday={() => change(copyToWorkdays(form, 'mon'))}
            />
          </section>
          <section className={styles.block} aria-labelledby={datesId}>
            <div className={styles.blockIntro}>
              <h4 id={datesId} className={styles.blockTitle}>
                {t('openingHours.dates.title')}
              </h4>
              <p className={styles.muted}>{t('openingHours.dates.hint')}</p>
            </div>
            <SpecialDatesEditor
              dates={form.special_dates}
              errors={errors}
              today={today}
              onChange={(special_dates) => change({ ...form, special_dates })}
            />
          </section>
        </>
      )}

      <section className={styles.block} aria-labelledby={targetsId}>
        <div className={styles.blockIntro}>
          <h4 id={targetsId} className={styles.blockTitle}>
            {t('openingHours.targets.title')}
          </h4>
          <p className={styles.muted}>{t('openingHours.targets.hint')}</p>
        </div>
        <ResponseTargets form={form} errors={errors} onChange={(field, value) => change({ ...form, [field]: value })} />
      </section>

      {notice && (
        <Alert id={noticeId} tone={notice.tone} className={styles.notice}>
          {notice.text}
        </Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={save.isPending}>
          {t('openingHours.form.save')}
        </Button>
        {hoursChanged(hours, form) && <span className={styles.unsaved}>{t('openingHours.form.unsaved')}</span>}
      </div>
    </form>
  );
}
