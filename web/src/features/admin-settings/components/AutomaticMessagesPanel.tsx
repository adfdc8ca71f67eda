import { MessageSquareText } from 'lucide-react';
import type { AutoMessageVariable, Language } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { currentLanguage } from '@/lib/i18n';
import { useOpeningHours } from '@/lib/opening-hours';
import { useAutomaticMessages } from '@/features/admin-settings/api/get-automatic-messages';
import { sampleOpening } from '@/features/admin-settings/lib/auto-message-form';
import { AutoMessageCard } from './AutoMessageCard';
import { RetryAlert } from './RetryAlert';
import styles from './auto-messages.module.css';
import settings from './settings.module.css';

/**
 * Settings → Automatic messages: every kind as a card (AUTO_MESSAGE_KINDS order, as the server lists them), and the
 * one rule of WhatsApp that no setting here can change.
 */
export function AutomaticMessagesPanel() {
  const { t } = useTranslation();
  const messages = useAutomaticMessages();
  // The preview uses the company's own zone and first department when they are known (UTC and a sample before).
  const hours = useOpeningHours();
  const lang = currentLanguage();
  const timeZone = hours.data?.time_zone ?? 'UTC';
  const department = hours.data?.departments[0]?.department_name ?? t('autoMessages.sample.department');
  const samples = (textLang: Language): Partial<Record<AutoMessageVariable, string>> => ({
    client_name: t('autoMessages.sample.clientName'),
    department,
    next_opening: sampleOpening(textLang, timeZone),
    ticket_number: '1042',
  });

  return (
    <section className={settings.section} aria-labelledby="automatic-messages-heading">
      <div className={settings.sectionIntro}>
        <h2 id="automatic-messages-heading" className={settings.sectionTitle}>
          {t('settings.automaticMessages.tab')}
        </h2>
        <p className={settings.sectionText}>{t('autoMessages.intro')}</p>
      </div>
      <Alert tone="info" className={styles.note} title={t('autoMessages.whatsapp.title')}>
        {t('autoMessages.whatsapp.text')}
      </Alert>

      {messages.isPending ? (
        <div aria-busy="true" className={styles.list}>
          <span className="visually-hidden">
            <Spinner label={t('autoMessages.loading')} />
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.card}>
              <Skeleton width="35%" height={18} />
              <Skeleton width="100%" height={90} radius="md" />
            </div>
          ))}
        </div>
      ) : messages.isError ? (
        <RetryAlert onRetry={() => void messages.refetch()}>{t('autoMessages.loadFailed')}</RetryAlert>
      ) : messages.data.messages.length === 0 ? (
        <EmptyState size="sm" icon={<MessageSquareText size={24} />} title={t('autoMessages.empty')} />
      ) : (
        <div className={styles.list}>
          {messages.data.messages.map((message) => (
            <AutoMessageCard key={message.kind} message={message} firstLanguage={lang} samples={samples} />
          ))}
        </div>
      )}
    </section>
  );
}
