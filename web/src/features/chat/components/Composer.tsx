import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { FileText, Info, Lock, MessageSquare, Paperclip, SendHorizontal, Upload, X } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, type Mentionable, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { EmojiButton } from '@/components/EmojiButton';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api-client';
import { uploadErrorText } from '@/lib/upload-errors';
import { currentLanguage } from '@/lib/i18n';
import { randomId } from '@/lib/ids';
import { SlashMenuContext, type SlashMenu } from '@/lib/composer-slash';
import { useNoteMentions } from '@/features/chat/api/get-note-mentions';
import { useSendFile } from '@/features/chat/api/send-file';
import { useSendNote } from '@/features/chat/api/send-note';
import type { FileDrop, PickedFile } from '@/features/chat/hooks/use-file-drop';
import type { ServiceWindow } from '@/features/chat/hooks/use-service-window';
import { fileProblemText } from '@/features/chat/lib/composer-files';
import { filterMentionables, mentionInsert, replaceRange, triggerAt } from '@/features/chat/lib/mentions';
import { insertText } from '@/lib/insert-text';
import { submitOnEnter } from '@/lib/submit-on-enter';
import { FileSize } from './MessageBody';
import { WhatsAppTemplatePicker } from './WhatsAppTemplatePicker';
import styles from './chat.module.css';
import composer from './composer.module.css';
import notes from './notes.module.css';

/** The text area grows with its content up to about six lines, then scrolls. */
const MAX_TEXTAREA_PX = 148;

export type ComposerMode = 'reply' | 'note';

/** The `@` or `/` word being typed at the caret, while its menu is open. */
type Trigger = { kind: '@' | '/'; start: number; end: number; query: string };

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
  /**
   * The mode the box opens in, and switches to when this changes: Note for a colleague who came from a note they
   * were mentioned in (Reply is usually closed to them — the ticket is someone else's).
   */
  startIn?: ComposerMode;
}

/** The details of a picked file (SPEC §2: name, size, type) with Send and Cancel, or why it cannot go. */
function PickedFileCard({
  picked,
  busy,
  blocked,
  onSend,
  onCancel,
}: {
  picked: PickedFile;
  /** Another file is still going out. */
  busy: boolean;
  /** Why this file cannot go now although it is fine (the composer writes a note); null when it can. */
  blocked: string | null;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const lang = currentLanguage();
  const { file } = picked;
  const problems = blocked ? [...picked.problems, { code: 'note' as const }] : picked.problems;
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
                <li key={problem.code}>{problem.code === 'note' ? blocked : fileProblemText(t, problem, lang)}</li>
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

/** Alt+Shift+N switches between Reply and Note (Ctrl/⌘+Shift+N belongs to the browser: a private window). */
const isModeShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN';

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
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ComposerMode>(startIn);
  const [startedIn, setStartedIn] = useState(startIn);
  if (startedIn !== startIn) {
    setStartedIn(startIn);
    setMode(startIn);
  }
  const [upload, setUpload] = useState<Upload | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once an insertion has rendered.
  const caretAfterInsert = useRef<number | null>(null);
  const hintId = useId();
  const modeName = useId();
  const menuId = useId();
  const sendFile = useSendFile();
  const sendNote = useSendNote();
  const noting = mode === 'note';
  // Anyone who sees the ticket may write a note, so the reasons a reply is blocked do not apply to notes.
  const disabled = noting ? false : disabledReason !== null;

  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [active, setActive] = useState(0);
  // The trigger the viewer closed with Escape stays closed until another one is typed.
  const dismissed = useRef<number | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLDivElement | null>(null);
  const slashOptions = useRef<{ count: number; pick: (index: number) => void } | null>(null);
  const [slashCount, setSlashCount] = useState(0);
  const mentionables = useNoteMentions(ticket.ticketid, noting && trigger?.kind === '@');
  const mentionMatches = useMemo(
    () => (trigger?.kind === '@' ? filterMentionables(mentionables.data ?? [], trigger.query) : []),
    [mentionables.data, trigger],
  );

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

  /** Reads the `@` (notes) or `/` (replies) word at the caret, after every change of text or caret. */
  const readTrigger = (element: HTMLTextAreaElement) => {
    const caret = element.selectionStart;
    if (caret !== element.selectionEnd) return setTrigger(null);
    const found = triggerAt(element.value, caret, noting ? '@' : '/');
    if (!found || found.start === dismissed.current) {
      if (!found) dismissed.current = null;
      return setTrigger(null);
    }
    // A new word, or a new query for it, starts again at the first option.
    if (trigger?.start !== found.start || trigger.query !== found.query) setActive(0);
    setTrigger({ kind: noting ? '@' : '/', start: found.start, end: caret, query: found.query });
  };

  const closeMenu = useCallback(() => {
    setTrigger((current) => {
      if (current) dismissed.current = current.start;
      return null;
    });
  }, []);

  /** Puts `snippet` in place of the typed trigger word, closes its menu and focuses the text box. */
  const replaceTrigger = useCallback(
    (snippet: string) => {
      const element = textarea.current;
      if (!element || !trigger) return;
      const next = replaceRange(element.value, trigger.start, trigger.end, snippet);
      caretAfterInsert.current = Math.min(next.caret, MESSAGE_MAX_LENGTH);
      setText(next.value.slice(0, MESSAGE_MAX_LENGTH));
      setTrigger(null);
      element.focus();
    },
    [trigger],
  );

  const pickMention = (agent: Mentionable) => replaceTrigger(mentionInsert(agent));

  const slash = useMemo<SlashMenu | null>(
    () =>
      trigger?.kind === '/'
        ? {
            query: trigger.query,
            anchor: menuAnchor,
            listId: menuId,
            optionId: (index) => `${menuId}-${index}`,
            active: Math.min(active, Math.max(slashCount - 1, 0)),
            register: (options) => {
              slashOptions.current = options;
              setSlashCount(options?.count ?? 0);
            },
            insert: replaceTrigger,
            close: closeMenu,
          }
        : null,
    [trigger, menuAnchor, menuId, active, slashCount, replaceTrigger, closeMenu],
  );

  const optionCount = trigger?.kind === '@' ? mentionMatches.length : trigger ? slashCount : 0;
  const activeIndex = optionCount > 0 ? Math.min(active, optionCount - 1) : -1;

  const switchMode = (next: ComposerMode) => {
    setMode(next);
    setTrigger(null);
    setNoteError(null);
  };

  const submitNote = (content: string) => {
    const draft = text;
    setText('');
    setNoteError(null);
    sendNote.mutate(
      { ticketid: ticket.ticketid, content, idempotencyKey: randomId() },
      {
        onSuccess: () => onSent(),
        onError: (error) => {
          // The draft comes back unless something new was typed meanwhile.
          setText((current) => (current === '' ? draft : current));
          setNoteError(errorMessage(error, t('notes.failed')));
        },
      },
    );
  };

  const submit = () => {
    const content = text.trim();
    if (disabled || content === '') return;
    if (noting) {
      if (!sendNote.isPending) submitNote(content);
    } else {
      onSendText(content);
      setText('');
      onSent();
    }
    // After a click on Send, typing goes on where it was.
    textarea.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const submitKeys = submitOnEnter(submit);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (trigger && !event.nativeEvent.isComposing) {
      if (event.key === 'Escape') {
        // The menu closes, not whatever the page does with Escape.
        event.preventDefault();
        event.stopPropagation();
        closeMenu();
        return;
      }
      if (optionCount > 0) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((activeIndex + step + optionCount) % optionCount);
          return;
        }
        if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
          event.preventDefault();
          if (trigger.kind === '@') pickMention(mentionMatches[activeIndex]!);
          else slashOptions.current?.pick(activeIndex);
          return;
        }
      }
    }
    submitKeys(event);
  };

  const onFormKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isModeShortcut(event)) return;
    event.preventDefault();
    switchMode(noting ? 'reply' : 'note');
    textarea.current?.focus();
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
            error: uploadErrorText(error, t, t('chat.uploadFailed', { name: file.name })),
          }),
      },
    );
  };

  const uploading = upload?.status === 'sending';
  const { picked, clear } = drop;

  const sendPicked = () => {
    if (!picked || picked.problems.length > 0 || disabled || noting || uploading) return;
    clear();
    startUpload(picked.file, randomId());
    textarea.current?.focus();
  };

  const cancelPicked = () => {
    clear();
    textarea.current?.focus();
  };

  const hint = !noting && disabledReason && (
    <p id={hintId} className={styles.composerHint}>
      <Info size={15} aria-hidden="true" />
      {disabledReason}
    </p>
  );

  const menuOpen = trigger !== null;
  const modeBar = (
    <div className={notes.modeBar}>
      <div role="radiogroup" aria-label={t('notes.modeLabel')} className={notes.modes}>
        {(['reply', 'note'] as const).map((value) => (
          <label key={value} className={notes.mode} data-mode={value}>
            <input
              type="radio"
              name={modeName}
              value={value}
              className={notes.modeInput}
              checked={mode === value}
              onChange={() => switchMode(value)}
              aria-keyshortcuts="Alt+Shift+N"
            />
            {value === 'note' ? <Lock size={14} aria-hidden="true" /> : <MessageSquare size={14} aria-hidden="true" />}
            {t(value === 'note' ? 'notes.noteMode' : 'notes.reply')}
          </label>
        ))}
      </div>
      <span className={notes.modeHint} data-mode={mode}>
        {noting ? t('notes.onlyColleagues') : t('notes.shortcut')}
      </span>
    </div>
  );

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

  let mentionMenu: ReactNode = null;
  if (trigger?.kind === '@') {
    mentionMenu = (
      <div className={notes.menu}>
        <p className={notes.menuTitle} id={`${menuId}-title`}>
          {t('notes.mentionsLabel')}
        </p>
        {mentionables.isPending ? (
          <p className={notes.menuState} role="status">
            {t('notes.mentionsLoading')}
          </p>
        ) : mentionables.isError ? (
          <p className={notes.menuState} role="alert">
            {t('notes.mentionsFailed')}
          </p>
        ) : mentionMatches.length === 0 ? (
          <p className={notes.menuState} role="status">
            {t('notes.mentionsEmpty')}
          </p>
        ) : (
          <ul id={menuId} role="listbox" aria-labelledby={`${menuId}-title`} className={notes.menuList}>
            {mentionMatches.map((agent, index) => (
              <li
                key={agent.userid}
                id={`${menuId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={notes.menuOption}
                // Keeps the caret in the text box: the click picks, the focus stays.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pickMention(agent)}
              >
                <span className={notes.menuName}>{agent.name}</span>
                {agent.department_name && <span className={notes.menuDetail}>{agent.department_name}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <form
      className={`${styles.composer} ${notes.composer}`}
      data-mode={mode}
      onSubmit={onSubmit}
      onKeyDown={onFormKeyDown}
    >
      <div ref={setMenuAnchor} className={notes.menuAnchor}>
        {mentionMenu}
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
      {noteError && (
        <Alert
          tone="error"
          action={
            <IconButton label={t('common.dismiss')} tooltipPlacement="top" onClick={() => setNoteError(null)}>
              <X size={16} aria-hidden="true" />
            </IconButton>
          }
        >
          {noteError}
        </Alert>
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
            disabled={disabled || noting || uploading}
            onClick={drop.openDialog}
          >
            <Paperclip size={19} aria-hidden="true" />
          </IconButton>
          <input {...drop.inputProps()} />
          <EmojiButton onPick={insert} disabled={disabled} />
          <SlashMenuContext.Provider value={slash}>{tools?.(insert, disabled || noting)}</SlashMenuContext.Provider>
        </div>
        <textarea
          ref={textarea}
          className={`${styles.textarea} ${notes.textarea}`}
          aria-label={noting ? t('notes.noteLabel') : t('chat.message')}
          aria-describedby={hint ? hintId : undefined}
          aria-autocomplete="list"
          aria-controls={menuOpen && optionCount > 0 ? menuId : undefined}
          aria-activedescendant={menuOpen && activeIndex >= 0 ? `${menuId}-${activeIndex}` : undefined}
          placeholder={disabled ? '' : noting ? t('notes.placeholder') : t('chat.placeholder')}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            readTrigger(event.target);
          }}
          onSelect={(event) => readTrigger(event.currentTarget)}
          onBlur={() => setTrigger(null)}
          onKeyDown={onKeyDown}
        />
        <IconButton
          type="submit"
          label={noting ? t('notes.send') : t('chat.send')}
          tooltip={noting ? t('notes.sendHint') : t('chat.sendHint')}
          tooltipPlacement="top"
          tooltipAlign="end"
          className={`${styles.send} ${notes.send}`}
          disabled={disabled || text.trim() === '' || (noting && sendNote.isPending)}
        >
          {noting ? <Lock size={18} aria-hidden="true" /> : <SendHorizontal size={19} aria-hidden="true" />}
        </IconButton>
      </div>
    </form>
  );
}
