import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { errorMessage } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useSaveTimeZone } from '@/features/admin-settings/api/save-time-zone';
import { zoneLabel } from '@/features/admin-settings/lib/time-zones';
import pageStyles from '@/styles/page.module.css';
import { TimeZoneCombobox } from './TimeZoneCombobox';
import { useContractMessage } from './use-contract-message';
import styles from './opening-hours.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The company's time zone: every department's hours are read in it. Chosen from the list, then saved. */
export function TimeZoneSettings({ saved, now }: { saved: string; now: Date }) {
  const { t } = useTranslation();
  const translate = useContractMessage();
  const save = useSaveTimeZone();
  const [zone, setZone] = useState(saved);
  const [notice, setNotice] = useState<Notice>(null);
  const hintId = useId();
  const headingId = useId();

  let localTime = '';
  try {
    localTime = new Intl.DateTimeFormat(currentLanguage(), {
      timeZone: zone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(now);
  } catch {
    // A zone this browser does not know: no clock to show.
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || zone === saved) return;
    setNotice(null);
    save.mutate(zone, {
      onSuccess: () =>
        setNotice({ tone: 'success', text: t('openingHours.timeZone.saved', { zone: zoneLabel(zone) }) }),
      onError: (error) =>
        setNotice({ tone: 'error', text: translate(errorMessage(error, '')) || t('openingHours.timeZone.saveFailed') }),
    });
  };

  return (
    <section className={`${pageStyles.card} ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.blockIntro}>
        <h3 id={headingId} className={pageStyles.cardTitle}>
          {t('openingHours.timeZone.title')}
        </h3>
        <p className={styles.muted}>{t('openingHours.timeZone.intro')}</p>
      </div>
      <form className={styles.zoneForm} onSubmit={onSubmit}>
        <div className={styles.zoneField}>
          <TimeZoneCombobox
            value={zone}
            now={now}
            describedBy={hintId}
            onChange={(next) => {
              setZone(next);
              setNotice(null);
            }}
          />
          <p id={hintId} className={styles.muted}>
            {localTime && t('openingHours.timeZone.now', { time: localTime })}
          </p>
        </div>
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={zone === saved}>
          {t('openingHours.timeZone.save')}
        </Button>
      </form>
      {notice && (
        <Alert tone={notice.tone} className={styles.notice}>
          {notice.text}
        </Alert>
      )}
    </section>
  );
}
