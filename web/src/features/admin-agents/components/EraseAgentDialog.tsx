import { AGENT_ERASE_MESSAGES, ERASE_CONFIRMATION_WORD, type Agent } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EraseDialog } from '@/components/EraseDialog';
import { isApiError } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useEraseAgent } from '@/features/admin-agents/api/erase-agent';

/** The contract's refusals the dialog knows, by the key that says them in the admin's language. */
type RefusalKey = 'agentErase.notDisabled' | 'agentErase.alreadyErased' | 'agentErase.ownAccount' | 'agentErase.failed';
const REFUSALS: Partial<Record<string, RefusalKey>> = {
  [AGENT_ERASE_MESSAGES.notDisabled]: 'agentErase.notDisabled',
  [AGENT_ERASE_MESSAGES.erased]: 'agentErase.alreadyErased',
  [AGENT_ERASE_MESSAGES.ownAccount]: 'agentErase.ownAccount',
};

/** "Erase personal data…" of a disabled agent: confirmed by the agent's e-mail (or ERASE). */
export function EraseAgentDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const { t } = useTranslation();
  const erase = useEraseAgent();
  // A refusal the contract names, in the admin's language; anything else (no answer, a 5xx) as a plain failure.
  const refusal: RefusalKey | null = erase.error
    ? (isApiError(erase.error) && REFUSALS[erase.error.serverMessage]) || 'agentErase.failed'
    : null;

  return (
    <EraseDialog
      title={t('agentErase.title', { name: fullName(agent.first_name, agent.last_name) })}
      intro={t('agentErase.intro')}
      removed={{
        title: t('agentErase.removedTitle'),
        items: [t('agentErase.removedAccount'), t('agentErase.removedAccess'), t('agentErase.removedOwn')],
      }}
      kept={{ title: t('agentErase.keptTitle'), items: [t('agentErase.keptWork'), t('agentErase.keptStats')] }}
      warning={t('agentErase.warning')}
      confirmLabel={t('agentErase.confirmLabel', { email: agent.email, word: ERASE_CONFIRMATION_WORD })}
      expected={agent.email}
      maxLength={300}
      confirmText={t('agentErase.confirm')}
      cancelText={t('common.cancel')}
      busy={erase.isPending}
      problem={refusal && t(refusal)}
      onErase={() => erase.mutate(agent.userid, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
