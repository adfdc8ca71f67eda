import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FileText, Info, Paperclip, SendHorizontal, Upload, X } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { EmojiButton } from '../../../components/EmojiButton';
import { IconButton } from '../../../components/IconButton';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { randomId } from '../../../lib/ids';
import { useSendFile } from '../api/send-file';
import type { FileDrop, PickedFile } from '../hooks/use-file-drop';
import type { ServiceWindow } from '../hooks/use-service-window';
import { fileProblemText } from '../lib/composer-files';
import { insertText } from '../../../lib/insert-text';
import { submitOnEnter } from '../../../lib/submit-on-enter';
import { FileSize } from './MessageBody';
import { WhatsAppTemplatePicker } from './WhatsAppTemplatePicker';
import styles from './chat.module.css';
import composer from './composer.module.css';

/** The text area grows with its content up to about six lines, then scrolls. */
const MAX_TEXTAREA_PX = 148;

type Upload =
  { status: 'sending'; file: File; key: string } | { status: 'failed'; file: File; key: string; error: string };

/**
 * Extra buttons beside the emoji button, composed by the screen (the bubbles picker): they get the function that
 * puts text at the caret, and whether the composer is disabled.
 */
export type ComposerTools = (insert: (text: string) => void, disabled: boolean) => ReactNode;

interface ComposerProps {
  ticket: Ticket;
  /** Why the viewer cannot reply; null when they can. */
  disabledReason: string | null;
  onSendText: (content: string) => void;
  /** After the viewer's own text or file went out. */
  onSent: () => void;
  /** The pane's drop target: the file dropped or chosen with the attach button. */
  drop: FileDrop;
  /** The channel's customer-service window (WhatsApp's 24 hours): while it is closed only a template can go. */
  serviceWindow: ServiceWindow;
  tools?: ComposerTools;
}

/** The details of a picked file (SPEC §2: name, size, type) with Send and Cancel, or why it cannot go. */
function PickedFileCard({
  picked,
  busy,
  onSend,
  onCancel,
}: {
  picked: PickedFile;
  /** Another file is still going out. */
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const lang = currentLanguage();
  const { file, problems } = picked;
  const sendButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  // The choice is the next thing to make: focus lands on Send (or on Cancel when the file cannot go).
  useLayoutEffect(() => {
    (problems.length === 0 ? sendButton : cancelButton).current?.focus();
  }, [picked, problems.length]);

  return (
    <div
      className={composer.picked}
      role="group"
      aria-labelledby={titleId}
      data-invalid={problems.length > 0 || undefined}
    >
      <span className={composer.pickedIcon} aria-hidden="true">
        <FileText size={20} />
      </span>
      <div className={composer.pickedText}>
        <p id={titleId} className="visually-hidden">
          {t('composer.fileDetails')}
        </p>
        <p className={composer.pickedName} title={file.name}>
          {file.name}
        </p>
        <dl className={composer.pickedMeta}>
          <dt className="visually-hidden">{t('composer.fileSize')}</dt>
          <dd>
            <FileSize bytes={file.size} />
          </dd>
          <dt className="visually-hidden">{t('composer.fileType')}</dt>
          <dd className={composer.pickedType}>{file.type || t('composer.unknownType')}</dd>
        </dl>
        {/* The alert around the list, not on it: role="alert" on the <ul> would take its list role from the items. */}
        {problems.length > 0 && (
          <div role="alert">
            <ul className={composer.problems}>
              {problems.map((problem) => (
                <li key={problem.code}>{fileProblemText(t, problem, lang)}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className={composer.pickedActions}>
        <Button ref={cancelButton} size="sm" variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {problems.length === 0 && (
          <Button ref={sendButton} size="sm" disabled={busy} onClick={onSend}>
            {t('composer.sendFile')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The reply box (SPEC §2, §5): Enter sends, Shift+Enter breaks the line, blank text is ignored; emoji and the
 * screen's tools insert at the caret; a file (attached or dropped on the pane) shows its details first and
 * goes with Send. Disabled, with the reason, unless the viewer handles the open ticket. While WhatsApp's 24-hour
 * window is closed, a notice takes the place of the text box and files, and the handler picks a template instead;
 * the draft is kept for when the client writes again.
 */
export function Composer({ ticket, disabledReason, onSendText, onSent, drop, serviceWindow, tools }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once an insertion has rendered.
  const caretAfterInsert = useRef<number | null>(null);
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
    const caret = caretAfterInsert.current;
    if (caret !== null) {
      caretAfterInsert.current = null;
      element.setSelectionRange(caret, caret);
    }
  }, [text]);

  /** Puts `snippet` in place of the selection (at the caret), as far as the length limit allows, and focuses. */
  const insert = useCallback((snippet: string) => {
    const element = textarea.current;
    if (!element || element.disabled) return;
    const next = insertText(
      element.value,
      { start: element.selectionStart, end: element.selectionEnd },
      snippet,
      MESSAGE_MAX_LENGTH,
    );
    caretAfterInsert.current = next.caret;
    setText(next.value);
    element.focus();
  }, []);

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

  const onKeyDown = submitOnEnter(submit);

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

  const uploading = upload?.status === 'sending';
  const { picked, clear } = drop;

  const sendPicked = () => {
    if (!picked || picked.problems.length > 0 || disabled || uploading) return;
    clear();
    startUpload(picked.file, randomId());
    textarea.current?.focus();
  };

  const cancelPicked = () => {
    clear();
    textarea.current?.focus();
  };

  const hint = disabledReason && (
    <p id={hintId} className={styles.composerHint}>
      <Info size={15} aria-hidden="true" />
      {disabledReason}
    </p>
  );

  const { view } = serviceWindow;
  if (view.state === 'closed') {
    return (
      <div className={styles.composer}>
        {hint}
        <Alert tone="warning">{t('composer.windowClosed')}</Alert>
        {!disabled && (
          <WhatsAppTemplatePicker
            ticketid={ticket.ticketid}
            templates={view.templates}
            loadFailed={serviceWindow.failed}
            onRetry={serviceWindow.retry}
            onSent={onSent}
          />
        )}
      </div>
    );
  }

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      {drop.isDragActive && (
        <div className={composer.overlay} aria-hidden="true">
          <span className={composer.overlayBox}>
            <Upload size={28} />
            <span className={composer.overlayTitle}>{t('composer.dropTitle')}</span>
            <span className={composer.overlayHint}>{t('composer.dropHint')}</span>
          </span>
        </div>
      )}
      {hint}
      {picked && !disabled && (
        <PickedFileCard picked={picked} busy={uploading} onSend={sendPicked} onCancel={cancelPicked} />
      )}
      {upload && (
        <div
          className={styles.upload}
          data-status={upload.status}
          role={upload.status === 'sending' ? 'status' : 'alert'}
        >
          {upload.status === 'sending' && <Spinner size="sm" />}
          <span className={styles.uploadText}>
            {upload.status === 'sending' ? t('chat.uploading', { name: upload.file.name }) : upload.error}
          </span>
          {upload.status === 'failed' && (
            <>
              <Button size="sm" variant="secondary" onClick={() => startUpload(upload.file, upload.key)}>
                {t('chat.retry')}
              </Button>
              <IconButton label={t('common.dismiss')} tooltipPlacement="top" onClick={() => setUpload(null)}>
                <X size={16} aria-hidden="true" />
              </IconButton>
            </>
          )}
        </div>
      )}
      <div className={styles.composerRow} data-disabled={disabled || undefined}>
        <div className={composer.tools}>
          <IconButton
            label={t('chat.attachFile')}
            tooltipPlacement="top"
            tooltipAlign="start"
            disabled={disabled || uploading}
            onClick={drop.openDialog}
          >
            <Paperclip size={19} aria-hidden="true" />
          </IconButton>
          <input {...drop.inputProps()} />
          <EmojiButton onPick={insert} disabled={disabled} />
          {tools?.(insert, disabled)}
        </div>
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
