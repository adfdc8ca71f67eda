import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import wa from './whatsapp.module.css';

/** How long "Copied" stays on the button. */
const COPIED_MS = 2_000;

/**
 * What Meta's app settings need for incoming messages: the callback URL to paste (with a copy button), and a
 * warning while the server cannot verify webhook signatures (no WHATSAPP_APP_SECRET).
 */
export function WebhookSettings({ webhookReady, callbackUrl }: { webhookReady: boolean; callbackUrl: string | null }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const onCopy = (url: string) => {
    // The Clipboard API needs a secure context; without it the field stays selectable by hand.
    if (!navigator.clipboard) {
      setCopy('failed');
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <section className={wa.block} aria-labelledby="wa-webhook-title">
      <h4 id="wa-webhook-title" className={wa.blockTitle}>
        {t('settings.whatsapp.webhook.title')}
      </h4>
      {!webhookReady && <Alert tone="warning">{t('settings.whatsapp.webhook.notReady')}</Alert>}
      {callbackUrl ? (
        <div className={wa.copyRow}>
          <TextField
            className={wa.copyField}
            inputClassName={wa.mono}
            label={t('settings.whatsapp.webhook.callbackUrl')}
            hint={t('settings.whatsapp.webhook.callbackHint')}
            value={callbackUrl}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="secondary"
            className={wa.copyButton}
            icon={copy === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
            aria-label={t('settings.whatsapp.webhook.copyLabel')}
            onClick={() => onCopy(callbackUrl)}
          >
            {copy === 'copied' ? t('settings.whatsapp.webhook.copied') : t('settings.whatsapp.webhook.copy')}
          </Button>
        </div>
      ) : (
        <p className={wa.muted}>{t('settings.whatsapp.webhook.noPublicUrl')}</p>
      )}
      <div role="status" className="visually-hidden">
        {copy === 'copied' ? t('settings.whatsapp.webhook.copied') : ''}
      </div>
      {copy === 'failed' && <Alert tone="error">{t('settings.whatsapp.webhook.copyFailed')}</Alert>}
    </section>
  );
}
