import { useMemo, useState } from 'react';
import { Timer } from 'lucide-react';
import type { DepartmentResponseTimes } from '@kreechat/contract';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { SelectField } from '@/components/SelectField';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { dayKey } from '@/lib/dates';
import { formatDuration } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useMediaQuery } from '@/lib/use-media-query';
import { useResponseTimes } from '@/features/admin-tickets/api/get-response-times';
import { PERIOD_DAYS, periodQuery, type Period } from '@/features/admin-tickets/lib/response-times';
import styles from './response-times.module.css';

const column = createColumnHelper<DepartmentResponseTimes>();
/** Keep in sync with response-times.module.css. */
const PHONE_QUERY = '(max-width: 640px)';

/**
 * Admin panel → Tickets → Response times: per department, over a chosen period, how many tickets came,
 * how many got a first answer, the median and 90th percentile of that first response in working time (opening
 * hours only), and the share answered within the department's target.
 */
export function ResponseTimes() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [period, setPeriod] = useState<Period>({ kind: 7 });
  const query = periodQuery(period, dayKey(new Date()));
  const times = useResponseTimes(query);
  const rows = useMemo(() => times.data?.departments ?? [], [times.data]);

  // One way to show each figure, for the table's cells and the phone's cards alike.
  const figures = useMemo(() => {
    const none = <span className={styles.muted}>{t('responseTimes.noAnswers')}</span>;
    const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
    return {
      count: (value: number) => value.toLocaleString(lang),
      time: (seconds: number | null) => (seconds === null ? none : formatDuration(seconds, lang)),
      within: ({ target_min: target, within_target: share }: DepartmentResponseTimes) =>
        target === null ? (
          <span className={styles.muted}>{t('responseTimes.noTarget')}</span>
        ) : (
          <span className={styles.twoLines}>
            {share === null ? <span className={styles.muted}>{t('responseTimes.notYet')}</span> : percent.format(share)}
            <span className={styles.muted}>
              {t('responseTimes.target', { time: formatDuration(target * 60, lang) })}
            </span>
          </span>
        ),
    };
  }, [t, lang]);

  const columns = useMemo(() => {
    const { count, time, within } = figures;
    return [
      column.accessor('department_name', {
        header: t('responseTimes.columns.department'),
        cell: (c) => (
          <span className={styles.clip} title={c.getValue()}>
            {c.getValue()}
          </span>
        ),
      }),
      column.accessor('tickets', { header: t('responseTimes.columns.tickets'), cell: (c) => count(c.getValue()) }),
      column.accessor('answered', { header: t('responseTimes.columns.answered'), cell: (c) => count(c.getValue()) }),
      column.accessor('median_sec', { header: t('responseTimes.columns.median'), cell: (c) => time(c.getValue()) }),
      column.accessor('p90_sec', { header: t('responseTimes.columns.p90'), cell: (c) => time(c.getValue()) }),
      column.accessor('within_target', {
        header: t('responseTimes.columns.withinTarget'),
        cell: (c) => within(c.row.original),
      }),
    ];
  }, [t, figures]);

  // A phone gets a card per department: six columns would scroll sideways, and a table with nothing to focus
  // cannot be scrolled from the keyboard.
  const phone = useMediaQuery(PHONE_QUERY);
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), enableSorting: false });
  const noTickets = times.isSuccess && rows.every((row) => row.tickets === 0);
  const datesWrong = period.kind === 'dates' && Boolean(period.from && period.to) && query === null;

  return (
    <section className={styles.section} aria-labelledby="response-times-title" data-response-times>
      <div className={styles.header}>
        <div>
          <h2 id="response-times-title" className={styles.title}>
            {t('responseTimes.title')}
          </h2>
          <p className={styles.hint}>{t('responseTimes.hint')}</p>
        </div>
        <div className={styles.period}>
          <SelectField
            label={t('responseTimes.period')}
            value={String(period.kind)}
            onChange={(e) => {
              const days = PERIOD_DAYS.find((d) => String(d) === e.target.value);
              setPeriod(days ? { kind: days } : { kind: 'dates', ...(query ?? { from: '', to: '' }) });
            }}
          >
            {PERIOD_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('responseTimes.lastDays', { days })}
              </option>
            ))}
            <option value="dates">{t('responseTimes.chooseDates')}</option>
          </SelectField>
          {period.kind === 'dates' && (
            <>
              <TextField
                type="date"
                label={t('responseTimes.from')}
                value={period.from}
                max={period.to || undefined}
                invalid={datesWrong}
                onChange={(e) => setPeriod({ ...period, from: e.target.value })}
              />
              <TextField
                type="date"
                label={t('responseTimes.to')}
                value={period.to}
                min={period.from || undefined}
                invalid={datesWrong}
                error={datesWrong ? t('responseTimes.datesReversed') : undefined}
                onChange={(e) => setPeriod({ ...period, to: e.target.value })}
              />
            </>
          )}
        </div>
      </div>

      {times.isError ? (
        <Alert tone="error">
          <span className={styles.errorLine}>
            {errorMessage(times.error, t('responseTimes.loadFailed'))}
            <Button variant="secondary" size="sm" onClick={() => void times.refetch()}>
              {t('adminTickets.retry')}
            </Button>
          </span>
        </Alert>
      ) : noTickets ? (
        <EmptyState size="sm" icon={<Timer size={24} />} title={t('responseTimes.empty')} />
      ) : phone && times.isPending ? (
        query && <Spinner label={t('app.loading')} />
      ) : phone ? (
        <ul
          className={styles.cards}
          aria-label={t('responseTimes.tableLabel')}
          aria-busy={times.isFetching}
          data-stale={times.isPlaceholderData || undefined}
        >
          {rows.map((row) => (
            <li key={row.departmentid} className={styles.card} data-departmentid={row.departmentid}>
              <h3 className={styles.cardTitle}>{row.department_name}</h3>
              <dl className={styles.figures}>
                <div>
                  <dt>{t('responseTimes.columns.tickets')}</dt>
                  <dd>{figures.count(row.tickets)}</dd>
                </div>
                <div>
                  <dt>{t('responseTimes.columns.answered')}</dt>
                  <dd>{figures.count(row.answered)}</dd>
                </div>
                <div>
                  <dt>{t('responseTimes.columns.median')}</dt>
                  <dd>{figures.time(row.median_sec)}</dd>
                </div>
                <div>
                  <dt>{t('responseTimes.columns.p90')}</dt>
                  <dd>{figures.time(row.p90_sec)}</dd>
                </div>
                <div>
                  <dt>{t('responseTimes.columns.withinTarget')}</dt>
                  <dd>{figures.within(row)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.tableBox} aria-busy={times.isFetching} data-stale={times.isPlaceholderData || undefined}>
          <DataTable
            table={table}
            label={t('responseTimes.tableLabel')}
            loadingRows={times.isPending && query ? 2 : 0}
            rowData={(row) => ({ 'data-departmentid': row.original.departmentid })}
            stickyFirstColumn
          />
        </div>
      )}
      {times.data && (
        <p className={styles.zone}>{t('responseTimes.zone', { zone: times.data.time_zone.replaceAll('_', ' ') })}</p>
      )}
    </section>
  );
}
