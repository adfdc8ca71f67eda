import { useState, type FormEvent } from 'react';
import { confirmsErase, ERASE_CONFIRMATION_WORD, PRIVACY_MESSAGES, type Client } from '@kreechat/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api-client';
import styles from './admin-clients.module.css';

interface EraseClientDialogProps {
  client: Client;
  onClose: () => void;
  /** Erases the client; resolves once the server has, rejects with its refusal. */
  onErase: (clientid: string) => Promise<unknown>;
}

/**
 * "Erase client…": what goes and what stays, then the client's name (or ERASE) typed to arm the red button — an
 * erasure cannot be undone, so one click is not enough.
 */
export function EraseClientDialog({ client, onClose, onErase }: EraseClientDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const armed = confirmsErase(typed, client.client_name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!armed || busy) return;
    setBusy(true);
    setProblem(null);
    onErase(client.clientid).then(onClose, (error: unknown) => {
      setBusy(false);
      const already = isApiError(error) && error.serverMessage === PRIVACY_MESSAGES.alreadyErased;
      setProblem(t(already ? 'adminClients.erase.alreadyErased' : 'adminClients.erase.failed'));
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('adminClients.erase.title', { name: client.client_name })}
      closeLabel={t('adminClients.close')}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>{t('adminClients.erase.intro')}</p>
        <div className={styles.eraseLists}>
          <div>
            <h3 className={styles.eraseListTitle}>{t('adminClients.erase.removedTitle')}</h3>
            <ul className={styles.eraseList}>
              <li>{t('adminClients.erase.removedDetails')}</li>
              <li>{t('adminClients.erase.removedChannels')}</li>
              <li>{t('adminClients.erase.removedMessages')}</li>
            </ul>
          </div>
          <div>
            <h3 className={styles.eraseListTitle}>{t('adminClients.erase.keptTitle')}</h3>
            <ul className={styles.eraseList}>
              <li>{t('adminClients.erase.keptTickets')}</li>
              <li>{t('adminClients.erase.keptEvents')}</li>
            </ul>
          </div>
        </div>
        <p className={styles.eraseWarning}>{t('adminClients.erase.warning')}</p>
        {problem && <Alert tone="error">{problem}</Alert>}
        <TextField
          label={t('adminClients.erase.confirmLabel', { name: client.client_name, word: ERASE_CONFIRMATION_WORD })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
        <div className={styles.formActions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {t('adminClients.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!armed}
            busy={busy}
            icon={<Trash2 size={16} aria-hidden="true" />}
          >
            {t('adminClients.erase.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
