import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { PageSpinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useDismissChecklist } from '@/features/onboarding/api/dismiss-checklist';
import { useOnboarding } from '@/features/onboarding/api/get-onboarding';
import { Checklist } from './Checklist';

/** Admin panel → Get started: the checklist with its real state, which can be put away and brought back here. */
export function GetStarted() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  const dismiss = useDismissChecklist();
  if (onboarding.isPending) return <PageSpinner label={t('onboarding.loading')} />;
  if (onboarding.isError)
    return <Alert tone="error">{errorMessage(onboarding.error, t('onboarding.loadFailed'))}</Alert>;
  return (
    <>
      {dismiss.isError && <Alert tone="error">{errorMessage(dismiss.error, t('onboarding.dismissFailed'))}</Alert>}
      <Checklist
        status={onboarding.data}
        onDismiss={(dismissed) => dismiss.mutate(dismissed)}
        dismissing={dismiss.isPending}
      />
    </>
  );
}
