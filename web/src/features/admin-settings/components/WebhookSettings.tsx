import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { CopyField } from './CopyField';
import wa from './whatsapp.module.css';

/**
 * What Meta's app settings need for incoming messages: the callback URL to paste (with a copy button), and a
 * warning while the server cannot verify webhook signatures (no WHATSAPP_APP_SECRET).
 */
export function WebhookSettings({ webhookReady, callbackUrl }: { webhookReady: boolean; callbackUrl: string | null }) {
  const { t } = useTranslation();

  return (
    <section className={wa.block} aria-labelledby="wa-webhook-title">
      <h4 id="wa-webhook-title" className={wa.blockTitle}>
        {t('settings.whatsapp.webhook.title')}
      </h4>
      {!webhookReady && <Alert tone="warning">{t('settings.whatsapp.webhook.notReady')}</Alert>}
      {callbackUrl ? (
        <CopyField
          label={t('settings.whatsapp.webhook.callbackUrl')}
          hint={t('settings.whatsapp.webhook.callbackHint')}
          value={callbackUrl}
          copyLabel={t('settings.whatsapp.webhook.copyLabel')}
          words={{
            copy: t('settings.whatsapp.webhook.copy'),
            copied: t('settings.whatsapp.webhook.copied'),
            failed: t('settings.whatsapp.webhook.copyFailed'),
          }}
        />
      ) : (
        <p className={wa.muted}>{t('settings.whatsapp.webhook.noPublicUrl')}</p>
      )}
    </section>
  );
}
