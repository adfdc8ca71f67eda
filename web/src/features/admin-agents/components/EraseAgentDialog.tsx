import { useState, type FormEvent } from 'react';
import { AGENT_ERASE_MESSAGES, ERASE_CONFIRMATION_WORD, type Agent } from '@kreechat/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { useEraseAgent } from '../api/erase-agent';
import { eraseArmed } from '../lib/agents';
import styles from './agents.module.css';

/** The contract's refusals the dialog knows, by the key that says them in the admin's language. */
type RefusalKey = 'agentErase.notDisabled' | 'agentErase.alreadyErased' | 'agentErase.ownAccount' | 'agentErase.failed';
const REFUSALS: Partial<Record<string, RefusalKey>> = {
  [AGENT_ERASE_MESSAGES.notDisabled]: 'agentErase.notDisabled',
  [AGENT_ERASE_MESSAGES.erased]: 'agentErase.alreadyErased',
  [AGENT_ERASE_MESSAGES.ownAccount]: 'agentErase.ownAccount',
};

/**
 * "Erase personal data…" of a disabled agent: what goes and what stays, then the agent's e-mail (or ERASE) typed
 * to arm the red button — it cannot be undone, so one click is not enough.
 */
export function EraseAgentDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const { t } = useTranslation();
  const erase = useEraseAgent();
  const [typed, setTyped] = useState('');
  const name = fullName(agent.first_name, agent.last_name);
  const armed = eraseArmed(typed, agent.email);
  // A refusal the contract names, in the admin's language; anything else (no answer, a 5xx) as a plain failure.
  const refusal: RefusalKey | null = erase.error
    ? (isApiError(erase.error) && REFUSALS[erase.error.serverMessage]) || 'agentErase.failed'
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!armed || erase.isPending) return;
    erase.mutate(agent.userid, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !erase.isPending && onClose()}
      title={t('agentErase.title', { name })}
      closeLabel={t('common.cancel')}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>{t('agentErase.intro')}</p>
        <div className={styles.eraseLists}>
          <div>
            <h3 className={styles.eraseListTitle}>{t('agentErase.removedTitle')}</h3>
            <ul className={styles.eraseList}>
              <li>{t('agentErase.removedAccount')}</li>
              <li>{t('agentErase.removedAccess')}</li>
              <li>{t('agentErase.removedOwn')}</li>
            </ul>
          </div>
          <div>
            <h3 className={styles.eraseListTitle}>{t('agentErase.keptTitle')}</h3>
            <ul className={styles.eraseList}>
              <li>{t('agentErase.keptWork')}</li>
              <li>{t('agentErase.keptStats')}</li>
            </ul>
          </div>
        </div>
        <p className={styles.eraseWarning}>{t('agentErase.warning')}</p>
        {refusal && <Alert tone="error">{t(refusal)}</Alert>}
        <TextField
          label={t('agentErase.confirmLabel', { email: agent.email, word: ERASE_CONFIRMATION_WORD })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
        />
        <div className={styles.formActions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={erase.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!armed}
            busy={erase.isPending}
            icon={<Trash2 size={16} aria-hidden="true" />}
          >
            {t('agentErase.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
