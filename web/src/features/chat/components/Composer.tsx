import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Info, Paperclip, SendHorizontal, X } from 'lucide-react';
import { MAX_UPLOAD_BYTES, MESSAGE_MAX_LENGTH, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { IconButton } from '../../../components/IconButton';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { randomId } from '../../../lib/ids';
import { fitsUpload, useSendFile } from '../api/send-file';
import styles from './chat.module.css';

/** The text area grows with its content up to about six lines, then scrolls. */
const MAX_TEXTAREA_PX = 148;

type Upload =
  | { status: 'sending'; file: File; key: string }
  | { status: 'failed'; file: File; key: string; error: string }
  | { status: 'rejected'; file: File };

interface ComposerProps {
  ticket: Ticket;
  /** Why the viewer cannot reply; null when they can. */
  disabledReason: string | null;
  onSendText: (content: string) => void;
  /** After the viewer's own text or file went out. */
  onSent: () => void;
}

/**
 * The reply box (SPEC §2, §5): Enter sends, Shift+Enter breaks the line, blank text is ignored; a paperclip
 * sends one file. Disabled, with the reason, unless the viewer handles the open ticket.
 */
export function Composer({ ticket, disabledReason, onSendText, onSent }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const sendFile = useSendFile();
  const disabled = disabledReason !== null;

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, MAX_TEXTAREA_PX);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > MAX_TEXTAREA_PX ? 'auto' : 'hidden';
  }, [text]);

  const submit = () => {
    const content = text.trim();
    if (disabled || content === '') return;
    onSendText(content);
    setText('');
    onSent();
    // After a click on Send, typing goes on where it was.
    textarea.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const startUpload = (file: File, key: string) => {
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
            error: errorMessage(error, t('chat.uploadFailed', { name: file.name })),
          }),
      },
    );
  };

  const onFileChosen = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file || disabled) return;
    if (!fitsUpload(file)) {
      setUpload({ status: 'rejected', file });
      return;
    }
    startUpload(file, randomId());
  };

  const uploading = upload?.status === 'sending';

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      {disabledReason && (
        <p id={hintId} className={styles.composerHint}>
          <Info size={15} aria-hidden="true" />
          {disabledReason}
        </p>
      )}
      {upload && (
        <div
          className={styles.upload}
          data-status={upload.status}
          role={upload.status === 'sending' ? 'status' : 'alert'}
        >
          {upload.status === 'sending' && <Spinner size="sm" />}
          <span className={styles.uploadText}>
            {upload.status === 'sending'
              ? t('chat.uploading', { name: upload.file.name })
              : upload.status === 'rejected'
                ? t('chat.fileTooLarge', { name: upload.file.name, max: Math.round(MAX_UPLOAD_BYTES / (1024 * 1024)) })
                : upload.error}
          </span>
          {upload.status === 'failed' && (
            <Button size="sm" variant="secondary" onClick={() => startUpload(upload.file, upload.key)}>
              {t('chat.retry')}
            </Button>
          )}
          {upload.status !== 'sending' && (
            <IconButton label={t('common.dismiss')} tooltipPlacement="top" onClick={() => setUpload(null)}>
              <X size={16} aria-hidden="true" />
            </IconButton>
          )}
        </div>
      )}
      <div className={styles.composerRow} data-disabled={disabled || undefined}>
        <IconButton
          label={t('chat.attachFile')}
          tooltipPlacement="top"
          tooltipAlign="start"
          disabled={disabled || uploading}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip size={19} aria-hidden="true" />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          hidden
          tabIndex={-1}
          onChange={(event) => onFileChosen(event.target.files?.[0])}
        />
        <textarea
          ref={textarea}
          className={styles.textarea}
          aria-label={t('chat.message')}
          aria-describedby={disabledReason ? hintId : undefined}
          placeholder={disabled ? '' : t('chat.placeholder')}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <IconButton
          type="submit"
          label={t('chat.send')}
          tooltip={t('chat.sendHint')}
          tooltipPlacement="top"
          tooltipAlign="end"
          className={styles.send}
          disabled={disabled || text.trim() === ''}
        >
          <SendHorizontal size={19} aria-hidden="true" />
        </IconButton>
      </div>
    </form>
  );
}
