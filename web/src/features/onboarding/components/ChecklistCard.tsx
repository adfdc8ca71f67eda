import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { useSession } from '@/lib/session';
import { useOnboarding } from '@/features/onboarding/api/get-onboarding';
import { checklistOpen, GET_STARTED_PATH, nextStep, progressOf } from '@/features/onboarding/lib/checklist';
import styles from './onboarding.module.css';

/**
 * The empty workspace's way forward for an admin: how far the first-run checklist is, its next step, and a link
 * to it. Nothing for agents, nor once every step is done or the admin put the checklist away.
 */
export function ChecklistCard() {
  const { t } = useTranslation();
  const session = useSession();
  const onboarding = useOnboarding({ enabled: session.isAdmin });
  const status = onboarding.data;
  if (!session.isAdmin || !status || !checklistOpen(status)) return null;
  const { done, total } = progressOf(status);
  const next = nextStep(status);
  return (
    <div className={styles.card}>
      <ListChecks size={20} aria-hidden="true" className={styles.cardIcon} />
      <div className={styles.cardText}>
        <p className={styles.cardTitle}>{t('onboarding.cardTitle')}</p>
        <p className={styles.cardProgress}>
          {t('onboarding.progress', { done, total })}
          {next && <> · {t('onboarding.next', { step: t(`onboarding.steps.${next}.title`) })}</>}
        </p>
      </div>
      <ButtonLink to={GET_STARTED_PATH} size="sm" fullWidth className={styles.cardLink}>
        {t('onboarding.open')}
      </ButtonLink>
    </div>
  );
}
