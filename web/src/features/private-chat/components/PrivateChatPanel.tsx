import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { MessagesSquare, SendHorizontal, X } from 'lucide-react';
import { PRIVATE_MESSAGE_MAX_LENGTH, type PresenceStatus, type PrivateChatPeer } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { EmojiButton } from '@/components/EmojiButton';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api-client';
import { clockTime, dayKey, dayTitle } from '@/lib/dates';
import { displayUsername, fullName } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { insertText } from '@/lib/insert-text';
import { submitOnEnter } from '@/lib/submit-on-enter';
import { usePrivateChat } from '@/features/private-chat/api/get-private-chat';
import { useSendPrivateMessage } from '@/features/private-chat/api/send-private-message';
import styles from './private-chat.module.css';

/** The text area grows with its content up to about five lines, then scrolls. */
const MAX_TEXTAREA_PX = 120;

interface PrivateChatPanelProps {
  peer: PrivateChatPeer & { status?: PresenceStatus };
  viewerId: string;
  onClose: () => void;
}

/**
 * The private chat panel (SPEC §2): the colleague, the messages in day sections, a composer where Enter sends,
 * Shift+Enter breaks the line and blank text is ignored (SPEC §5). A region the screen docks in its layout (never
 * over the conversation); Escape closes it.
 */
export function PrivateChatPanel({ peer, viewerId, onClose }: PrivateChatPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const chat = usePrivateChat(peer.id);
  const send = useSendPrivateMessage();
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // The server's copy of the colleague (a notification only knows their full name).
  const shown = chat.data?.pages[0]?.peer ?? peer;
  const name = fullName(shown.firstName, shown.lastName);
  const lang = currentLanguage();
  const today = dayKey(new Date());

  // Pages come newest first; the panel reads oldest first.
  const sections = chat.data ? [...chat.data.pages].reverse().flatMap((page) => page.sections) : [];
  const newestId = sections.at(-1)?.messages.at(-1)?.id;

  // Focus goes to the composer, and back to what opened the panel (a colleague, a notification) when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    textarea.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Follow the conversation: the newest message stays in view (older pages load above without a jump to them).
  useLayoutEffect(() => {
    const element = body.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_TEXTAREA_PX)}px`;
    element.style.overflowY = element.scrollHeight > MAX_TEXTAREA_PX ? 'auto' : 'hidden';
  }, [text]);

  const submit = () => {
    const content = text.trim();
    if (content === '' || send.isPending) return;
    send.mutate({ receiverid: peer.id, content, type: 'text' }, { onSuccess: () => setText('') });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = submitOnEnter(submit);

  const insert = (piece: string) => {
    const element = textarea.current;
    const selection = { start: element?.selectionStart ?? text.length, end: element?.selectionEnd ?? text.length };
    const next = insertText(text, selection, piece, PRIVATE_MESSAGE_MAX_LENGTH);
    setText(next.value);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const titleOf = (day: string) => {
    const title = dayTitle(day, lang, today);
    return title.kind === 'today' ? t('chat.today') : title.kind === 'yesterday' ? t('chat.yesterday') : title.text;
  };

  return (
    <section
      className={styles.panel}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {/* A div: a second header here would be one more banner landmark beside the workspace's. */}
      <div className={styles.header}>
        <Avatar src={shown.profile_pic} alt="" size={32} className={styles.avatar} />
        <div className={styles.who}>
          <h2 id={titleId} className={styles.title} title={name}>
            {displayUsername(name)}
          </h2>
          {peer.status && (
            <span className={styles.status} data-online={peer.status === 'online'}>
              {peer.status === 'online' ? t('colleagues.online') : t('colleagues.offline')}
            </span>
          )}
        </div>
        <IconButton label={t('privateChat.close')} tooltipAlign="end" onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </IconButton>
      </div>

      <div className={styles.body} ref={body} aria-busy={chat.isPending || chat.isFetchingNextPage}>
        {chat.isPending ? (
          <div className={styles.center}>
            <Spinner label={t('privateChat.loading')} />
          </div>
        ) : chat.isError ? (
          <p className={styles.error} role="alert">
            {t('privateChat.loadFailed')}
          </p>
        ) : sections.length === 0 ? (
          <div className={styles.center}>
            <EmptyState
              size="sm"
              icon={<MessagesSquare size={22} />}
              title={t('privateChat.empty')}
              description={t('privateChat.emptyHint', { name: displayUsername(name) })}
            />
          </div>
        ) : (
          <>
            {chat.hasNextPage && (
              <div className={styles.older}>
                <Button
                  size="sm"
                  variant="ghost"
                  busy={chat.isFetchingNextPage}
                  onClick={() => void chat.fetchNextPage()}
                >
                  {t('privateChat.older')}
                </Button>
              </div>
            )}
            <ol className={styles.sections} aria-label={t('privateChat.messages')}>
              {sections.map((section) => (
                <li key={section.date}>
                  <h3 className={styles.day}>
                    <span>{titleOf(section.date)}</span>
                  </h3>
                  <ul className={styles.messages}>
                    {section.messages.map((message) => {
                      const mine = message.senderid === viewerId;
                      return (
                        <li key={message.id} className={styles.row} data-mine={mine}>
                          <div className={styles.bubble}>
                            <span className="visually-hidden">
                              {mine ? t('privateChat.you') : displayUsername(name)}:{' '}
                            </span>
                            <p className={styles.text}>{message.content}</p>
                            <time className={styles.time} dateTime={message.created_on}>
                              {clockTime(message.created_on, lang)}
                            </time>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>

      <form className={styles.composer} onSubmit={onSubmit}>
        <EmojiButton onPick={insert} />
        <textarea
          ref={textarea}
          className={styles.input}
          rows={1}
          value={text}
          maxLength={PRIVATE_MESSAGE_MAX_LENGTH}
          placeholder={t('privateChat.placeholder', { name: displayUsername(name) })}
          aria-label={t('privateChat.inputLabel', { name })}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <IconButton
          type="submit"
          label={t('privateChat.send')}
          tooltipPlacement="top"
          tooltipAlign="end"
          className={styles.send}
          disabled={send.isPending}
        >
          <SendHorizontal size={18} aria-hidden="true" />
        </IconButton>
      </form>
      {send.isError && (
        <p className={styles.sendError} role="alert">
          {errorMessage(send.error, t('privateChat.sendFailed'))}
        </p>
      )}
    </section>
  );
}
