import { useId, useState } from 'react';
import type { WhatsAppSetupInfo } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { Spinner } from '@/components/Spinner';
import { useEmbeddedSignup, type EmbeddedSignupConfig } from '@/features/admin-settings/hooks/use-embedded-signup';
import { signupProgress, type SignupFailure, type SignupProgress } from '@/features/admin-settings/lib/embedded-signup';
import { NumberConnected } from './ConnectedNumber';
import { RetryAlert } from './RetryAlert';
import wa from './whatsapp.module.css';

/**
 * The embedded signup path (SPEC §4): "Continue with Facebook" opens Meta's window only once both confirmations
 * are ticked. Without a Meta app on the server it says which variables to set instead.
 */
export function EmbeddedSignup({ signup }: { signup: WhatsAppSetupInfo['embeddedSignup'] }) {
  const { t } = useTranslation();
  return (
    <section className={wa.path} aria-labelledby="wa-signup-title">
      <h5 id="wa-signup-title" className={wa.pathTitle}>
        {t('settings.whatsapp.signup.title')}
      </h5>
      <p className={wa.muted}>{t('settings.whatsapp.signup.intro')}</p>
      {signup.available ? (
        <SignupFlow config={signup} />
      ) : (
        <Alert tone="info" title={t('settings.whatsapp.signup.unavailable')}>
          <p>{t('settings.whatsapp.signup.missing')}</p>
          <ul className={wa.envList}>
            {signup.missing.map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </section>
  );
}

function SignupFlow({ config }: { config: EmbeddedSignupConfig }) {
  const { t } = useTranslation();
  const { state, sdkStatus, start, reset, retrySdk } = useEmbeddedSignup(config, t('settings.whatsapp.signup.failed'));
  const [numberConfirmed, setNumberConfirmed] = useState(false);
  const [adminConfirmed, setAdminConfirmed] = useState(false);
  const whyDisabledId = useId();
  const progress = signupProgress(state);
  const confirmed = numberConfirmed && adminConfirmed;
  const running = progress !== null;

  const progressText: Record<SignupProgress, string> = {
    inFacebook: t('settings.whatsapp.signup.progress.inFacebook'),
    exchanging: t('settings.whatsapp.signup.progress.exchanging'),
    waitingForNumber: t('settings.whatsapp.signup.progress.waitingForNumber'),
    connecting: t('settings.whatsapp.signup.progress.connecting'),
  };

  const failureText = (failure: SignupFailure): string => {
    switch (failure.kind) {
      case 'cancelled':
        return failure.step
          ? t('settings.whatsapp.signup.cancelledAt', { step: failure.step })
          : t('settings.whatsapp.signup.cancelled');
      case 'meta':
        return failure.message
          ? t('settings.whatsapp.signup.metaError', { message: failure.message })
          : t('settings.whatsapp.signup.metaErrorUnknown');
      case 'server':
        return failure.message;
      case 'noNumber':
        return t('settings.whatsapp.signup.noNumber');
      case 'noFinish':
        return t('settings.whatsapp.signup.noFinish');
      default: {
        const unknown: never = failure;
        return unknown;
      }
    }
  };

  const why = !confirmed
    ? t('settings.whatsapp.signup.confirmFirst')
    : sdkStatus === 'loading'
      ? t('settings.whatsapp.signup.sdkLoading')
      : null;

  return (
    <>
      <fieldset className={wa.confirmations} disabled={running}>
        <legend className="visually-hidden">{t('settings.whatsapp.signup.confirmLegend')}</legend>
        <Checkbox
          label={t('settings.whatsapp.signup.confirmNumber')}
          checked={numberConfirmed}
          onChange={(event) => setNumberConfirmed(event.target.checked)}
        />
        <Checkbox
          label={t('settings.whatsapp.signup.confirmAdmin')}
          checked={adminConfirmed}
          onChange={(event) => setAdminConfirmed(event.target.checked)}
        />
      </fieldset>

      {sdkStatus === 'failed' ? (
        <RetryAlert onRetry={retrySdk}>{t('settings.whatsapp.signup.sdkFailed')}</RetryAlert>
      ) : (
        <div className={wa.actions}>
          <Button
            disabled={!confirmed || sdkStatus !== 'ready' || running}
            aria-describedby={why ? whyDisabledId : undefined}
            onClick={start}
          >
            {t('settings.whatsapp.signup.continue')}
          </Button>
          {why && (
            <span id={whyDisabledId} className={wa.hint}>
              {why}
            </span>
          )}
        </div>
      )}

      <div role="status" className={wa.progress}>
        {progress && (
          <>
            <Spinner size="sm" />
            {progressText[progress]}
          </>
        )}
      </div>

      {state.phase === 'connected' && (
        <Alert
          tone="success"
          action={
            <Button size="sm" variant="secondary" onClick={reset}>
              {t('settings.whatsapp.signup.another')}
            </Button>
          }
        >
          <NumberConnected number={state.number} />
        </Alert>
      )}
      {state.phase === 'failed' && (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={reset}>
              {t('common.dismiss')}
            </Button>
          }
        >
          {failureText(state.failure)}
        </Alert>
      )}
    </>
  );
}
