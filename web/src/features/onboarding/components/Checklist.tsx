import type { ReactNode } from 'react';
import type { OnboardingStatus, OnboardingStep } from '@kreechat/contract';
import { Check, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/Button';
import { ChannelStatus } from '@/components/ChannelStatus';
import { PLATFORM_NAMES, PlatformIcon } from '@/components/PlatformIcon';
import { channelSettingsLink, progressOf, STEP_LINKS, STEPS, testRoutes } from '@/features/onboarding/lib/checklist';
import styles from './onboarding.module.css';

interface ChecklistProps {
  status: OnboardingStatus;
  /** Put away (true) or bring back (false) for this admin. */
  onDismiss: (dismissed: boolean) => void;
  dismissing?: boolean;
}

/**
 * The first-run checklist (admin panel → Get started): connect a channel (each with its state and address), invite
 * an agent, set opening hours, send yourself a test message. Each step is ticked by the server from what the company
 * has; each links to the screen where it is done.
 */
export function Checklist({ status, onDismiss, dismissing = false }: ChecklistProps) {
  const { t } = useTranslation();
  const { done, total, complete } = progressOf(status);
  const routes = testRoutes(status.channels);

  const bodies: Record<OnboardingStep, ReactNode> = {
    channel: (
      <ul className={styles.channels}>
        {status.channels.map((channel) => (
          <li key={channel.platform} className={styles.channel}>
            <PlatformIcon platform={channel.platform} size={32} />
            <span className={styles.channelText}>
              <span className={styles.channelName}>{PLATFORM_NAMES[channel.platform]}</span>
              <ChannelStatus state={channel} />
            </span>
            <ButtonLink to={channelSettingsLink(channel.platform)} variant="secondary" size="sm">
              {channel.connected ? t('onboarding.manage') : t('onboarding.connect')}{' '}
              <span className="visually-hidden">{PLATFORM_NAMES[channel.platform]}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
    ),
    agent: (
      <ButtonLink to={STEP_LINKS.agent} variant="secondary" size="sm">
        {t('onboarding.steps.agent.action')}
      </ButtonLink>
    ),
    hours: (
      <ButtonLink to={STEP_LINKS.hours} variant="secondary" size="sm">
        {t('onboarding.steps.hours.action')}
      </ButtonLink>
    ),
    testMessage:
      routes.length > 0 ? (
        <ul className={styles.routes}>
          {routes.map((route) => (
            <li key={`${route.platform}:${route.address}`}>
              <a href={route.href} target="_blank" rel="noopener noreferrer" className={styles.route}>
                <PlatformIcon platform={route.platform} size={18} />
                {t(`onboarding.steps.testMessage.via.${route.platform}`, { address: route.address })}
                <ExternalLink size={14} aria-hidden="true" />
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.note}>
          {t('onboarding.steps.testMessage.connectFirst')}{' '}
          <Link to={STEP_LINKS.channel}>{t('onboarding.steps.channel.title')}</Link>
        </p>
      ),
  };

  return (
    <section className={styles.checklist} aria-labelledby="get-started-title">
      <header className={styles.header}>
        <h1 id="get-started-title" className={styles.title}>
          {t('onboarding.title')}
        </h1>
        <p className={styles.intro}>{t('onboarding.intro')}</p>
        <div className={styles.progress}>
          <progress
            className={styles.bar}
            max={total}
            value={done}
            aria-label={t('onboarding.progress', { done, total })}
          />
          <span className={styles.progressText} aria-hidden="true">
            {t('onboarding.progress', { done, total })}
          </span>
        </div>
      </header>

      {complete && (
        <p className={styles.complete} role="status">
          <Check size={18} aria-hidden="true" /> {t('onboarding.complete')}
        </p>
      )}

      <ol className={styles.steps}>
        {STEPS.map((step, index) => {
          const ticked = status.steps[step];
          return (
            <li key={step} className={ticked ? `${styles.step} ${styles.done}` : styles.step}>
              <span className={styles.marker} aria-hidden="true">
                {ticked ? <Check size={16} strokeWidth={3} /> : index + 1}
              </span>
              <div className={styles.stepBody}>
                <h2 className={styles.stepTitle}>
                  {t(`onboarding.steps.${step}.title`)}
                  <span className={ticked ? styles.badgeDone : styles.badgeTodo}>
                    {ticked ? t('onboarding.done') : t('onboarding.todo')}
                  </span>
                </h2>
                <p className={styles.stepText}>{t(`onboarding.steps.${step}.text`)}</p>
                {bodies[step]}
              </div>
            </li>
          );
        })}
      </ol>

      <footer className={styles.footer}>
        {status.dismissed ? (
          <>
            <p className={styles.note}>{t('onboarding.hidden')}</p>
            <Button variant="secondary" size="sm" onClick={() => onDismiss(false)} busy={dismissing}>
              {t('onboarding.showAgain')}
            </Button>
          </>
        ) : (
          <>
            <p className={styles.note}>{t('onboarding.dismissHint')}</p>
            <Button variant="ghost" size="sm" onClick={() => onDismiss(true)} busy={dismissing}>
              {t('onboarding.dismiss')}
            </Button>
          </>
        )}
      </footer>
    </section>
  );
}
