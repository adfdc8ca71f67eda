import { useState } from 'react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { uploadErrorText } from '@/lib/upload-errors';
import { useSendFile } from '@/features/chat/api/send-file';

/** The file going out from the composer, or the one that failed (kept with its key, so a retry is the same send). */
export type Upload =
  { status: 'sending'; file: File; key: string } | { status: 'failed'; file: File; key: string; error: string };

/**
 * Sends one file into the ticket at a time and remembers how it went: while it goes, and why it failed (to retry
 * with the same idempotency key, or dismiss). `onSent` runs once the server has it.
 */
export function useFileUpload(ticket: Pick<Ticket, 'ticketid' | 'platform'>, onSent: () => void) {
  const { t } = useTranslation();
  const sendFile = useSendFile();
  const [upload, setUpload] = useState<Upload | null>(null);

  const start = (file: File, key: string) => {
    setUpload({ status: 'sending', file, key });
    sendFile.mutate(
      { file, ticketid: ticket.ticketid, platform: ticket.platform, idempotencyKey: key },
      {
        onSuccess: () => {
          setUpload(null);
          onSent();
        },
        onError: (error) =>
          setUpload({
            status: 'failed',
            file,
            key,
            error: uploadErrorText(error, t, t('chat.uploadFailed', { name: file.name })),
          }),
      },
    );
  };

  return {
    upload,
    uploading: upload?.status === 'sending',
    start,
    retry: () => {
      if (upload) start(upload.file, upload.key);
    },
    dismiss: () => setUpload(null),
  };
}
