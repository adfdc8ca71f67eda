import type { Platform } from '@kreechat/contract';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChannelStatus } from '@/components/ChannelStatus';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { useTelegramToken } from '@/features/admin-settings/api/get-telegram-token';
import { useWhatsAppSetup } from '@/features/admin-settings/api/get-whatsapp-setup';
import { useWordpressTokens } from '@/features/admin-settings/api/get-wordpress-tokens';
import { channelStates } from '@/features/admin-settings/lib/channel-states';
import { TelegramSettings } from './TelegramSettings';
import { WhatsAppSettings } from './WhatsAppSettings';
import { WordPressSettings } from './WordPressSettings';
import styles from './settings.module.css';

type Service = Extract<Platform, 'telegram' | 'whatsapp' | 'wordpress'>;
const SERVICES: Service[] = ['telegram', 'whatsapp', 'wordpress'];

/**
 * Settings → Communication services: choose Telegram, WhatsApp or WordPress, each card saying whether it is
 * connected and to which bot, numbers or sites. `?service=` keeps the choice, so a reload or a shared link opens
 * the same service.
 */
export function CommunicationServices() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('service');
  const service = SERVICES.find((name) => name === requested) ?? null;
  const hints: Record<Service, string> = {
    telegram: t('settings.communication.telegramHint'),
    whatsapp: t('settings.communication.whatsappHint'),
    wordpress: t('settings.communication.wordpressHint'),
  };
  // The same calls (and cache) as each service's own settings, which keep them current as channels change.
  const states = channelStates({
    telegram: useTelegramToken().data,
    whatsapp: useWhatsAppSetup().data,
    wordpress: useWordpressTokens().data,
  });

  const choose = (name: Service) =>
    setParams(
      (old) => {
        const updated = new URLSearchParams(old);
        updated.set('service', name);
        // A service's own sub-view (`?wa=`, `?wp=`) means nothing to another one.
        if (name !== service) {
          updated.delete('wa');
          updated.delete('wp');
        }
        return updated;
      },
      { replace: true },
    );

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
            onClick={() => choose(name)}
          >
            <PlatformIcon platform={name} size={30} />
            <span className={styles.serviceText}>
              <span className={styles.serviceName}>{PLATFORM_NAMES[name]}</span>
              <span className={styles.serviceHint}>{hints[name]}</span>
              {states[name] && <ChannelStatus state={states[name]} className={styles.serviceState} />}
            </span>
          </button>
        ))}
      </div>
      {service === 'telegram' && <TelegramSettings />}
      {service === 'whatsapp' && <WhatsAppSettings />}
      {service === 'wordpress' && <WordPressSettings />}
    </section>
  );
}
