import type { StorageUsage } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/PlatformIcon';
import { Skeleton } from '@/components/Skeleton';
import { currentLanguage } from '@/lib/i18n';
import { useStorageUsage } from '@/features/admin-settings/api/get-storage-usage';
import { sizeText } from '@/features/admin-settings/lib/retention';
import { channelRows, usageTone, usedPercent } from '@/features/admin-settings/lib/storage-usage';
import pageStyles from '@/styles/page.module.css';
import { RetryAlert } from './RetryAlert';
import hours from './opening-hours.module.css';
import settings from './settings.module.css';
import styles from './storage.module.css';

function UsageCards({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const size = (bytes: number) => sizeText(bytes, lang);
  const number = new Intl.NumberFormat(lang);
  const percent = usedPercent(usage.usedBytes, usage.limits.companyBytes);
  const usedOf = t('storage.usedOf', { used: size(usage.usedBytes), total: size(usage.limits.companyBytes) });
  const rows = channelRows(usage.lastDay, usage.limits);

  return (
    <div className={hours.cards}>
      <section className={`${pageStyles.card} ${hours.card}`} aria-labelledby="storage-used">
        <h3 id="storage-used" className={pageStyles.cardTitle}>
          {t('storage.usedTitle')}
        </h3>
        <p className={styles.total} data-testid="storage-used">
          {usedOf}
        </p>
        <div
          className={styles.meter}
          data-tone={usageTone(percent)}
          role="progressbar"
          aria-label={t('storage.usedLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={usedOf}
        >
          <span className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
        <p className={hours.muted}>{t('storage.filesCount', { count: number.format(usage.files) })}</p>
      </section>

      <section className={`${pageStyles.card} ${hours.card}`} aria-labelledby="storage-day">
        <div className={hours.blockIntro}>
          <h3 id="storage-day" className={pageStyles.cardTitle}>
            {t('storage.lastDayTitle')}
          </h3>
          <p className={hours.muted}>
            {rows.length === 0
              ? t('storage.lastDayEmpty')
              : t('storage.lastDayTotal', { size: size(usage.lastDayBytes) })}
          </p>
        </div>
        {rows.length > 0 && (
          <table className={styles.table} aria-labelledby="storage-day">
            <thead>
              <tr>
                <th scope="col">{t('storage.columns.source')}</th>
                <th scope="col" className={styles.number}>
                  {t('storage.columns.files')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('storage.columns.size')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('storage.columns.ofDay')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    <span className={styles.source}>
                      {row.source === 'wordpress' || row.source === 'telegram' || row.source === 'whatsapp' ? (
                        <PlatformIcon platform={row.source} size={18} />
                      ) : null}
                      <span className={styles.sourceText}>
                        <span>{t(`storage.sources.${row.source}`)}</span>
                        {row.name && <span className={styles.sourceName}>{row.name}</span>}
                      </span>
                    </span>
                  </th>
                  <td className={styles.number}>{number.format(row.files)}</td>
                  <td className={styles.number}>{size(row.bytes)}</td>
                  <td className={styles.number}>
                    {row.ofDay === null ? (
                      <span className={hours.muted}>{t('storage.notDaily')}</span>
                    ) : (
                      new Intl.NumberFormat(lang, { style: 'percent' }).format(row.ofDay / 100)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className={`${pageStyles.card} ${hours.card}`} aria-labelledby="storage-limits">
        <h3 id="storage-limits" className={pageStyles.cardTitle}>
          {t('storage.limitsTitle')}
        </h3>
        <dl className={styles.limits}>
          <div className={styles.limit}>
            <dt>{t('storage.limitSender')}</dt>
            <dd>{size(usage.limits.senderDayBytes)}</dd>
          </div>
          <div className={styles.limit}>
            <dt>{t('storage.limitChannel')}</dt>
            <dd>{size(usage.limits.channelDayBytes)}</dd>
          </div>
          <div className={styles.limit}>
            <dt>{t('storage.limitCompany')}</dt>
            <dd>{size(usage.limits.companyBytes)}</dd>
          </div>
        </dl>
        <p className={hours.muted}>{t('storage.limitsNote')}</p>
      </section>
    </div>
  );
}

/**
 * Settings → Storage: how much of the company's file storage its chats use (previews included), what came in over
 * the last 24 hours through each site, bot or number, and the limits the server enforces (QUOTA_* settings).
 */
export function StoragePanel() {
  const { t } = useTranslation();
  const usage = useStorageUsage();

  return (
    <section className={settings.section} aria-labelledby="storage-heading">
      <div className={settings.sectionIntro}>
        <h2 id="storage-heading" className={settings.sectionTitle}>
          {t('storage.tab')}
        </h2>
        <p className={settings.sectionText}>{t('storage.intro')}</p>
      </div>
      {usage.isPending ? (
        <div aria-busy="true" className={`${pageStyles.card} ${hours.card}`}>
          <Skeleton width="30%" height={18} />
          <Skeleton width="100%" height={12} radius="full" />
          <Skeleton width="60%" height={14} />
        </div>
      ) : usage.isError ? (
        <RetryAlert onRetry={() => void usage.refetch()}>{t('storage.loadFailed')}</RetryAlert>
      ) : (
        <UsageCards usage={usage.data} />
      )}
    </section>
  );
}
