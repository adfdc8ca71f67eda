import { useState } from 'react';
import { Clock } from 'lucide-react';
import type { Platform } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PLATFORM_NAMES, PlatformIcon } from '../../../components/PlatformIcon';
import { TelegramSettings } from './TelegramSettings';
import styles from './settings.module.css';

type Service = Extract<Platform, 'telegram' | 'whatsapp' | 'wordpress'>;
const SERVICES: Service[] = ['telegram', 'whatsapp', 'wordpress'];

/** Settings → Communication services: choose Telegram, WhatsApp or WordPress (the latter two arrive later). */
export function CommunicationServices() {
  const { t } = useTranslation();
  const [service, setService] = useState<Service | null>(null);
  const hints: Record<Service, string> = {
    telegram: t('settings.communication.telegramHint'),
    whatsapp: t('settings.communication.whatsappHint'),
    wordpress: t('settings.communication.wordpressHint'),
  };

  return (
    <section className={styles.section} aria-labelledby="services-heading">
      <div className={styles.sectionIntro}>
        <h2 id="services-heading" className={styles.sectionTitle}>
          {t('settings.communication.title')}
        </h2>
        <p className={styles.sectionText}>{t('settings.communication.intro')}</p>
      </div>
      <div className={styles.services} role="group" aria-labelledby="services-heading">
        {SERVICES.map((name) => (
          <button
            key={name}
            type="button"
            className={styles.service}
            aria-pressed={service === name}
            onClick={() => setService(name)}
          >
            <PlatformIcon platform={name} size={30} />
            <span className={styles.serviceText}>
              <span className={styles.serviceName}>{PLATFORM_NAMES[name]}</span>
              <span className={styles.serviceHint}>{hints[name]}</span>
            </span>
          </button>
        ))}
      </div>
      {service === 'telegram' && <TelegramSettings />}
      {(service === 'whatsapp' || service === 'wordpress') && (
        <div className={styles.card}>
          <EmptyState size="sm" icon={<Clock size={22} />} title={t('common.comingSoon')} />
        </div>
      )}
    </section>
  );
}
