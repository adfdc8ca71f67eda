import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Info, Lock, Paperclip, SendHorizontal, Upload, X } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { EmojiButton } from '@/components/EmojiButton';
import { IconButton } from '@/components/IconButton';
import { randomId } from '@/lib/ids';
import { SlashMenuContext } from '@/lib/composer-slash';
import { submitOnEnter } from '@/lib/submit-on-enter';
import { useComposerText } from '@/features/chat/hooks/use-composer-text';
import type { FileDrop } from '@/features/chat/hooks/use-file-drop';
import { useFileUpload } from '@/features/chat/hooks/use-file-upload';
import { useNoteSend } from '@/features/chat/hooks/use-note-send';
import type { ServiceWindow } from '@/features/chat/hooks/use-service-window';
import { useTriggerMenu } from '@/features/chat/hooks/use-trigger-menu';
import { ComposerModeBar, isModeShortcut, type ComposerMode } from './ComposerModeBar';
import { MentionMenu } from './MentionMenu';
import { PickedFileCard } from './PickedFileCard';
import { UploadStatus } from './UploadStatus';
import { WhatsAppTemplatePicker } from './WhatsAppTemplatePicker';
import styles from './chat.module.css';
import composer from './composer.module.css';
import notes from './notes.module.css';

export type { ComposerMode } from './ComposerModeBar';

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
  /**
   * The mode the box opens in, and switches to when this changes: Note for a colleague who came from a note they
   * were mentioned in (Reply is usually closed to them — the ticket is someone else's).
   */
  startIn?: ComposerMode;
}

/**
 * The reply box (SPEC §2, §5): Enter sends, Shift+Enter breaks the line, blank text is ignored; emoji and the
 * screen's tools insert at the caret; a file (attached or dropped on the pane) shows its details first and
 * goes with Send. Disabled, with the reason, unless the viewer handles the open ticket. While WhatsApp's 24-hour
 * window is closed, a notice takes the place of the text box and files, and the handler picks a template instead;
 * the draft is kept for when the client writes again.
 *
 * Reply / Note (above the text box, Alt+Shift+N): a note is internal — anyone who sees the ticket writes one, the
 * client never gets it. Note mode turns the box yellow with a lock, sends with "Add note", takes no files, and `@`
 * opens the colleagues who may see the ticket (arrows, Enter or Tab, Escape). In Reply mode `/` at the start or
 * after a space opens the `/` menu the screen's tools answer (the bubbles); the menus render above the box, so
 * the composer keeps its height.
 */
export function Composer({
  ticket,
  disabledReason,
  onSendText,
  onSent,
  drop,
  serviceWindow,
  tools,
  startIn = 'reply',
}: ComposerProps) {
  const { t } = useTranslation();
  const { text, setText, textarea, insert, replace, focus } = useComposerText();
  const [mode, setMode] = useState<ComposerMode>(startIn);
  const [startedIn, setStartedIn] = useState(startIn);
  if (startedIn !== startIn) {
    setStartedIn(startIn);
    setMode(startIn);
  }
  const hintId = useId();
  const note = useNoteSend({ ticketid: ticket.ticketid, text, setText, onSent });
  const files = useFileUpload(ticket, onSent);
  const noting = mode === 'note';
  // Anyone who sees the ticket may write a note, so the reasons a reply is blocked do not apply to notes.
  const disabled = noting ? false : disabledReason !== null;
  const menu = useTriggerMenu({ ticketid: ticket.ticketid, noting, textarea, replace });

  const switchMode = (next: ComposerMode) => {
    setMode(next);
    menu.reset();
    note.dismissError();
  };

  const submit = () => {
    const content = text.trim();
    if (disabled || content === '') return;
    if (noting) {
      note.send(content);
    } else {
      onSendText(content);
      setText('');
      onSent();
    }
    // After a click on Send, typing goes on where it was.
    focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const submitKeys = submitOnEnter(submit);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!menu.onKeyDown(event)) submitKeys(event);
  };

  const onFormKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isModeShortcut(event)) return;
    event.preventDefault();
    switchMode(noting ? 'reply' : 'note');
    focus();
  };

  const { uploading } = files;
  const { picked, clear } = drop;

  const sendPicked = () => {
    if (!picked || picked.problems.length > 0 || disabled || noting || uploading) return;
    clear();
    files.start(picked.file, randomId());
    focus();
  };

  const cancelPicked = () => {
    clear();
    focus();
  };

  const hint = !noting && disabledReason && (
    <p id={hintId} className={styles.composerHint}>
      <Info size={15} aria-hidden="true" />
      {disabledReason}
    </p>
  );

  const modeBar = <ComposerModeBar mode={mode} onChange={switchMode} />;

  const { view } = serviceWindow;
  // WhatsApp's window closed: only a template may go to the client, but a note can still be written.
  if (view.state === 'closed' && !noting) {
    return (
      <div className={`${styles.composer} ${notes.composer}`} data-mode={mode} onKeyDown={onFormKeyDown}>
        {modeBar}
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

  const { menuId, activeIndex, optionCount } = menu;
  return (
    <form
      className={`${styles.composer} ${notes.composer}`}
      data-mode={mode}
      onSubmit={onSubmit}
      onKeyDown={onFormKeyDown}
    >
      <div ref={menu.setMenuAnchor} className={notes.menuAnchor}>
        {menu.mentioning && (
          <MentionMenu
            menuId={menuId}
            state={menu.mentionables.status}
            matches={menu.mentionMatches}
            activeIndex={activeIndex}
            onPick={menu.pickMention}
          />
        )}
      </div>
      {modeBar}
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
        <PickedFileCard
          picked={picked}
          busy={uploading}
          blocked={noting ? t('notes.noFiles') : null}
          onSend={sendPicked}
          onCancel={cancelPicked}
        />
      )}
      {note.error && (
        <Alert
          tone="error"
          action={
            <IconButton label={t('common.dismiss')} tooltipPlacement="top" onClick={note.dismissError}>
              <X size={16} aria-hidden="true" />
            </IconButton>
          }
        >
          {note.error}
        </Alert>
      )}
      {files.upload && <UploadStatus upload={files.upload} onRetry={files.retry} onDismiss={files.dismiss} />}
      <div className={styles.composerRow} data-disabled={disabled || undefined}>
        <div className={composer.tools}>
          <IconButton
            label={t('chat.attachFile')}
            tooltipPlacement="top"
            tooltipAlign="start"
            disabled={disabled || noting || uploading}
            onClick={drop.openDialog}
          >
            <Paperclip size={19} aria-hidden="true" />
          </IconButton>
          <input {...drop.inputProps()} />
          <EmojiButton onPick={insert} disabled={disabled} />
          <SlashMenuContext.Provider value={menu.slash}>
            {tools?.(insert, disabled || noting)}
          </SlashMenuContext.Provider>
        </div>
        <textarea
          ref={textarea}
          className={`${styles.textarea} ${notes.textarea}`}
          aria-label={noting ? t('notes.noteLabel') : t('chat.message')}
          aria-describedby={hint ? hintId : undefined}
          aria-autocomplete="list"
          aria-controls={menu.open && optionCount > 0 ? menuId : undefined}
          aria-activedescendant={menu.open && activeIndex >= 0 ? `${menuId}-${activeIndex}` : undefined}
          placeholder={disabled ? '' : noting ? t('notes.placeholder') : t('chat.placeholder')}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            menu.read(event.target);
          }}
          onSelect={(event) => menu.read(event.currentTarget)}
          onBlur={menu.reset}
          onKeyDown={onKeyDown}
        />
        <IconButton
          type="submit"
          label={noting ? t('notes.send') : t('chat.send')}
          tooltip={noting ? t('notes.sendHint') : t('chat.sendHint')}
          tooltipPlacement="top"
          tooltipAlign="end"
          className={`${styles.send} ${notes.send}`}
          disabled={disabled || text.trim() === '' || (noting && note.pending)}
        >
          {noting ? <Lock size={18} aria-hidden="true" /> : <SendHorizontal size={19} aria-hidden="true" />}
        </IconButton>
      </div>
    </form>
  );
}
