import type { ReactNode } from 'react';
import type { ClientIdentity, ClientPanel } from '@kreechat/contract';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ClientHandle } from '@/components/ClientHandle';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { dateTime, mediumDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { formatAverage } from '@/features/client-panel/lib/panel-pages';
import styles from './ClientPanel.module.css';

/** A missing value: a dash to the eye, words to a screen reader. */
function Missing() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('clientPanel.none')}</span>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Identity({ identity }: { identity: ClientIdentity }) {
  const { t } = useTranslation();
  return (
    <li className={styles.identity}>
      <PlatformIcon platform={identity.platform} size={18} />
      <span className={styles.identityText}>
        <span className={styles.platformName}>{PLATFORM_NAMES[identity.platform]}</span>
        <span className={styles.identityValue}>
          <span className="visually-hidden">{t(`clientPanel.identityKinds.${identity.kind}`)}: </span>
          {identity.value ?? <Missing />}
        </span>
        <ClientHandle identity={identity} className={styles.identityValue} />
        {/* Its tooltip opens leftwards: the value column is the panel's right edge. */}
        {!identity.verified && <UnverifiedBadge className={styles.identityBadge} tooltipAlign="end" />}
      </span>
    </li>
  );
}

/**
 * Who the client is: their channel identities, client id, account number, blocked or active, first contact, the
 * average of their ratings and how often their tickets were reopened; a dash where there is nothing.
 */
export function ClientDetails({ header }: { header: ClientPanel }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { client, identities, counts, average_rating: average } = header;
  return (
    <section aria-label={t('clientPanel.details')}>
      <dl className={styles.details}>
        <Detail label={t('clientPanel.channel')}>
          {identities.length === 0 ? (
            <Missing />
          ) : (
            <ul className={styles.identities}>
              {identities.map((identity) => (
                <Identity key={`${identity.platform}:${identity.value}:${identity.since}`} identity={identity} />
              ))}
            </ul>
          )}
        </Detail>
        <Detail label={t('clientPanel.clientId')}>
          <span className={styles.mono}>{client.short_id}</span>
        </Detail>
        <Detail label={t('clientPanel.accountNumber')}>{client.account_number || <Missing />}</Detail>
        <Detail label={t('clientPanel.status')}>
          {client.blocked_on ? (
            <span className={styles.blocked}>{t('clientPanel.blocked')}</span>
          ) : (
            t('clientPanel.active')
          )}
        </Detail>
        <Detail label={t('clientPanel.firstContact')}>
          <time dateTime={client.created_on} title={dateTime(client.created_on, lang)}>
            {mediumDate(client.created_on, lang)}
          </time>
        </Detail>
        <Detail label={t('clientPanel.ratings')}>
          {average === null ? (
            <Missing />
          ) : (
            <span className={styles.average}>
              <Star size={14} aria-hidden="true" />
              {t('clientPanel.average', { average: formatAverage(average, lang), rated: counts.rated })}
            </span>
          )}
        </Detail>
        <Detail label={t('clientPanel.reopened')}>{client.count_ticket_reopened}</Detail>
      </dl>
    </section>
  );
}
