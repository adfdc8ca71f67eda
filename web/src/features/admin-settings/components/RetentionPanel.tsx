import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Skeleton } from '@/components/Skeleton';
import { Switch } from '@/components/Switch';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { mediumDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useRetention } from '@/features/admin-settings/api/get-retention';
import { useRetentionPreview } from '@/features/admin-settings/api/preview-retention';
import { useSaveRetention } from '@/features/admin-settings/api/save-retention';
import {
  bodyOf,
  canSave,
  choiceOf,
  formOf,
  previewLine,
  previewMonths,
  RETENTION_MAX_MONTHS,
  retentionMessageKey,
  sizeText,
  type RetentionForm,
} from '@/features/admin-settings/lib/retention';
import pageStyles from '@/styles/page.module.css';
import { RetryAlert } from './RetryAlert';
import hours from './opening-hours.module.css';
import settings from './settings.module.css';
import styles from './retention.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** How long the typed months settle before the dry run is asked (one question per pause, not per keystroke). */
const PREVIEW_DELAY_MS = 300;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function RetentionSettings({ saved }: { saved: number | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveRetention();
  const [form, setForm] = useState<RetentionForm>(() => formOf(saved));
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const previewId = useId();
  const choice = choiceOf(form);
  const asked = useSettled(previewMonths(choice), PREVIEW_DELAY_MS);
  const preview = useRetentionPreview(asked);
  // An answer about another number than the one typed (still settling) is not shown as this one's.
  const current = asked === previewMonths(choice) ? preview.data : undefined;
  const line = previewLine(choice, current, {
    date: (iso) => mediumDate(iso, lang),
    size: (bytes) => sizeText(bytes, lang),
  });
  const number = new Intl.NumberFormat(lang);

  const change = (next: RetentionForm) => {
    setForm(next);
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(choice);
    if (!body || save.isPending) return;
    save.mutate(body, {
      onSuccess: (answer) =>
        setNotice({
          tone: 'success',
          text: answer.months === null ? t('retention.savedOff') : t('retention.saved', { months: answer.months }),
        }),
      onError: (error) => {
        const text = errorMessage(error, '');
        const key = retentionMessageKey(text);
        setNotice({
          tone: 'error',
          text: key ? t(key, { max: RETENTION_MAX_MONTHS }) : text || t('retention.saveFailed'),
        });
      },
    });
  };

  return (
    <section className={`${pageStyles.card} ${hours.card}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <div className={hours.blockIntro}>
          <h3 id={headingId} className={pageStyles.cardTitle}>
            {t('retention.deleteTitle')}
          </h3>
          <p className={hours.muted}>{t('retention.deleteIntro')}</p>
        </div>
        <Switch checked={form.on} label={t('retention.switch')} onToggle={() => change({ ...form, on: !form.on })} />
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.on && (
          <TextField
            className={styles.months}
            label={t('retention.months')}
            inputMode="numeric"
            autoComplete="off"
            value={form.months}
            onChange={(e) => change({ ...form, months: e.target.value })}
            error={choice.kind === 'invalid' ? t('retention.errors.months', { max: RETENTION_MAX_MONTHS }) : undefined}
            describedBy={previewId}
          />
        )}
        <div id={previewId} className={styles.preview} aria-live="polite" data-testid="retention-preview">
          {line.key === 'some' ? (
            <>
              <p>{t('retention.preview.some', { date: line.date })}</p>
              <dl className={styles.figures}>
                <div className={styles.figure}>
                  <dt>{t('retention.preview.tickets')}</dt>
                  <dd data-testid="retention-tickets">{number.format(line.tickets)}</dd>
                </div>
                <div className={styles.figure}>
                  <dt>{t('retention.preview.messages')}</dt>
                  <dd data-testid="retention-messages">{number.format(line.messages)}</dd>
                </div>
                <div className={styles.figure}>
                  <dt>{t('retention.preview.files')}</dt>
                  <dd data-testid="retention-files">
                    {number.format(line.files)}
                    {line.files > 0 && <span className={styles.size}> ({line.size})</span>}
                  </dd>
                </div>
              </dl>
            </>
          ) : line.key === 'nothing' ? (
            <p>{t('retention.preview.nothing', { date: line.date })}</p>
          ) : line.key === 'off' ? (
            <p>{t('retention.preview.off')}</p>
          ) : choice.kind === 'months' ? (
            <p>{t('retention.preview.checking')}</p>
          ) : null}
        </div>
        {preview.isError && choice.kind === 'months' && <p className={hours.error}>{t('retention.preview.failed')}</p>}
        <div className={hours.actions}>
          <Button type="submit" busy={save.isPending} disabled={!canSave(choice, saved)}>
            {t('retention.save')}
          </Button>
        </div>
      </form>
      {notice && (
        <Alert tone={notice.tone} className={hours.notice}>
          {notice.text}
        </Alert>
      )}
    </section>
  );
}

/**
 * Settings → Data retention: off by default; switched on, closed tickets' messages and files are deleted once the
 * ticket has been closed the chosen number of months, by a sweep every few minutes. The count shown is the dry run
 * of the value typed: what the next sweep would delete at it. Ticket rows stay for the statistics.
 */
export function RetentionPanel() {
  const { t } = useTranslation();
  const retention = useRetention();

  return (
    <section className={settings.section} aria-labelledby="retention-heading">
      <div className={settings.sectionIntro}>
        <h2 id="retention-heading" className={settings.sectionTitle}>
          {t('retention.tab')}
        </h2>
        <p className={settings.sectionText}>{t('retention.intro')}</p>
      </div>
      {retention.isPending ? (
        <div aria-busy="true" className={`${pageStyles.card} ${hours.card}`}>
          <Skeleton width="40%" height={18} />
          <Skeleton width="100%" height={64} radius="md" />
        </div>
      ) : retention.isError ? (
        <RetryAlert onRetry={() => void retention.refetch()}>{t('retention.loadFailed')}</RetryAlert>
      ) : (
        <div className={hours.cards}>
          <RetentionSettings saved={retention.data.months} />
          <Alert tone="info" title={t('retention.keptTitle')}>
            {t('retention.kept')}
          </Alert>
        </div>
      )}
    </section>
  );
}
