import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { randomId } from '@/lib/ids';
import { useSendNote } from '@/features/chat/api/send-note';

/**
 * Sends the composer's text as an internal note: the box empties at once; if the note fails, the draft comes back
 * (unless something new was typed meanwhile) and `error` says why until it is dismissed or another note goes.
 */
export function useNoteSend({
  ticketid,
  text,
  setText,
  onSent,
}: {
  ticketid: string;
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const sendNote = useSendNote();
  const [error, setError] = useState<string | null>(null);

  const send = (content: string) => {
    if (sendNote.isPending) return;
    const draft = text;
    setText('');
    setError(null);
    sendNote.mutate(
      { ticketid, content, idempotencyKey: randomId() },
      {
        onSuccess: () => onSent(),
        onError: (failure) => {
          setText((current) => (current === '' ? draft : current));
          setError(errorMessage(failure, t('notes.failed')));
        },
      },
    );
  };

  return { send, pending: sendNote.isPending, error, dismissError: () => setError(null) };
}
