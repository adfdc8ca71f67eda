import { useEffect, useRef } from 'react';
import { BadgeCheck, Building2, PhoneCall, PhoneOff, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/Skeleton';
import { errorMessage } from '@/lib/api-client';
import { useWhatsAppSetup } from '@/features/admin-settings/api/get-whatsapp-setup';
import { ConnectedNumber } from './ConnectedNumber';
import { EmbeddedSignup } from './EmbeddedSignup';
import { ManualConnectForm } from './ManualConnectForm';
import { WebhookSettings } from './WebhookSettings';
import { RetryAlert } from './RetryAlert';
import wa from './whatsapp.module.css';

/**
 * WhatsApp → home_page (SPEC §2): what is connected, what setup requires, and the two ways to connect a number:
 * Meta's embedded signup and the manual form. `focusConnect` moves focus to the ways to connect once they show.
 */
export function WhatsAppHome({
  focusConnect,
  onConnectFocused,
}: {
  focusConnect: boolean;
  onConnectFocused: () => void;
}) {
  const { t } = useTranslation();
  const setup = useWhatsAppSetup();
  const connectHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const heading = connectHeading.current;
    if (!focusConnect || !heading) return;
    heading.focus();
    heading.scrollIntoView({ block: 'start' });
    onConnectFocused();
  }, [focusConnect, onConnectFocused]);

  const numbers = setup.data?.numbers ?? [];

  return (
    <div className={wa.view}>
      <section className={wa.block} aria-labelledby="wa-connected-title" aria-busy={setup.isPending || undefined}>
        <h4 id="wa-connected-title" className={wa.blockTitle}>
          {t('settings.whatsapp.home.connectedTitle')}
        </h4>
        {setup.isPending ? (
          <Skeleton width="60%" height={18} />
        ) : setup.isError ? (
          <RetryAlert onRetry={() => void setup.refetch()}>
            {errorMessage(setup.error, t('settings.whatsapp.home.loadFailed'))}
          </RetryAlert>
        ) : numbers.length === 0 ? (
          <p className={wa.emptyLine}>
            <PhoneOff size={16} aria-hidden="true" className={wa.inlineIcon} />
            {t('settings.whatsapp.home.noneConnected')}
          </p>
        ) : (
          <ul className={wa.numbers} aria-labelledby="wa-connected-title">
            {numbers.map((number) => (
              <li key={number.phoneNumberId} className={wa.number}>
                <Smartphone size={18} aria-hidden="true" />
                <span className={wa.numberText}>
                  <span className={wa.numberName}>
                    <ConnectedNumber number={number} />
                  </span>
                  <span className={wa.mono}>
                    {t('settings.whatsapp.home.numberIds', { phone: number.phoneNumberId, waba: number.wabaId })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={wa.block} aria-labelledby="wa-requirements-title">
        <h4 id="wa-requirements-title" className={wa.blockTitle}>
          {t('settings.whatsapp.home.requirementsTitle')}
        </h4>
        <ul className={wa.requirements}>
          <li>
            <PhoneOff size={18} aria-hidden="true" />
            {t('settings.whatsapp.home.requirementNumber')}
          </li>
          <li>
            <Building2 size={18} aria-hidden="true" />
            {t('settings.whatsapp.home.requirementBusiness')}
          </li>
          <li>
            <PhoneCall size={18} aria-hidden="true" />
            {t('settings.whatsapp.home.requirementCall')}
          </li>
        </ul>
      </section>

      <section className={wa.block} aria-labelledby="wa-connect-title">
        <h4 id="wa-connect-title" ref={connectHeading} tabIndex={-1} className={wa.blockTitle}>
          <BadgeCheck size={18} aria-hidden="true" className={wa.inlineIcon} />
          {t('settings.whatsapp.home.connectTitle')}
        </h4>
        <div className={wa.paths}>
          {setup.isPending ? (
            <div className={wa.path} aria-busy="true">
              <Skeleton width="50%" height={18} />
              <Skeleton width="100%" height={60} radius="md" />
            </div>
          ) : (
            setup.data && <EmbeddedSignup signup={setup.data.embeddedSignup} />
          )}
          <ManualConnectForm />
        </div>
      </section>

      {setup.data && <WebhookSettings webhookReady={setup.data.webhookReady} callbackUrl={setup.data.callbackUrl} />}
    </div>
  );
}
