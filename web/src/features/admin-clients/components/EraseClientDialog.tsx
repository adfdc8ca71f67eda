import { useState } from 'react';
import { ERASE_CONFIRMATION_WORD, PRIVACY_MESSAGES, type Client } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EraseDialog } from '@/components/EraseDialog';
import { isApiError } from '@/lib/api-client';

interface EraseClientDialogProps {
  client: Client;
  onClose: () => void;
  /** Erases the client; resolves once the server has, rejects with its refusal. */
  onErase: (clientid: string) => Promise<unknown>;
}

/** "Erase client…": confirmed by the client's name (or ERASE). */
export function EraseClientDialog({ client, onClose, onErase }: EraseClientDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const erase = () => {
    setBusy(true);
    setProblem(null);
    onErase(client.clientid).then(onClose, (error: unknown) => {
      setBusy(false);
      const already = isApiError(error) && error.serverMessage === PRIVACY_MESSAGES.alreadyErased;
      setProblem(t(already ? 'adminClients.erase.alreadyErased' : 'adminClients.erase.failed'));
    });
  };

  return (
    <EraseDialog
      title={t('adminClients.erase.title', { name: client.client_name })}
      intro={t('adminClients.erase.intro')}
      removed={{
        title: t('adminClients.erase.removedTitle'),
        items: [
          t('adminClients.erase.removedDetails'),
          t('adminClients.erase.removedChannels'),
          t('adminClients.erase.removedMessages'),
        ],
      }}
      kept={{
        title: t('adminClients.erase.keptTitle'),
        items: [t('adminClients.erase.keptTickets'), t('adminClients.erase.keptEvents')],
      }}
      warning={t('adminClients.erase.warning')}
      confirmLabel={t('adminClients.erase.confirmLabel', {
        name: client.client_name,
        word: ERASE_CONFIRMATION_WORD,
      })}
      expected={client.client_name}
      maxLength={200}
      confirmText={t('adminClients.erase.confirm')}
      cancelText={t('adminClients.cancel')}
      busy={busy}
      problem={problem}
      onErase={erase}
      onClose={onClose}
    />
  );
}
