import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, MessageSquareDashed } from 'lucide-react';
import type { Message } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Spinner } from '@/components/Spinner';
import { useListOpening } from '@/features/chat/hooks/use-list-opening';
import { useMessageKeys } from '@/features/chat/hooks/use-message-keys';
import { usePrependAnchor } from '@/features/chat/hooks/use-prepend-anchor';
import { useStickyDay } from '@/features/chat/hooks/use-sticky-day';
import type { ChatRow } from '@/features/chat/lib/chat-pages';
import type { OutboxItem } from '@/features/chat/lib/outbox';
import { renderChatRow, useDayTitle, type RowContext } from './chat-row';
import { MediaViewer } from './MediaViewer';
import type { MediaTarget } from './MessageBody';
import styles from './chat.module.css';
import toolStyles from './ChatTools.module.css';

/** SPEC §9: the scroll-to-bottom button appears when more than 50 px remain below. */
const JUMP_BUTTON_DISTANCE = 50;
/** Older messages load when the reader comes this close to the top. */
const LOAD_OLDER_DISTANCE = 240;
/** A jump opens with this much of the chat above its target (then centres it). */
const OPENING_CONTEXT_PX = 300;

/** The 'pinned-jump' scroll mode (SPEC §4): the list shows a slice around a message instead of the latest. */
export interface JumpMode {
  targetId: string;
  hasNewer: boolean;
  loadingNewer: boolean;
  onLoadNewer: () => void;
  /** The scroll-to-bottom button leaves the mode, back to the latest messages. */
  onLeave: () => void;
}

interface MessageListProps {
  rows: ChatRow[];
  today: string;
  viewerId: string;
  clientName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetryMessage: (message: Message) => void;
  retryingId: string | null;
  onRetryOutbox: (item: OutboxItem) => void;
  onDiscardOutbox: (item: OutboxItem) => void;
  /** Changes whenever the list must go to the latest message (the viewer just sent one). */
  followSignal: number;
  pinnedIds: ReadonlySet<string>;
  /** Right-click, the ContextMenu key or Shift+F10 on a message: its menu, at that point. */
  onMessageMenu: (message: Message, at: { x: number; y: number }, returnTo: HTMLElement) => void;
  /** Set in the jump mode; mount a new list (a new `key`) when entering or leaving it. */
  jump?: JumpMode;
}

/**
 * The messages, virtualised (chats can be long) with measured row heights. Anchored to the end: it opens at the
 * latest message, follows new ones while the reader is at the bottom, keeps the visible message in place when
 * older pages are prepended, and offers a way back down.
 */
export function MessageList({
  rows,
  today,
  viewerId,
  clientName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetryMessage,
  retryingId,
  onRetryOutbox,
  onDiscardOutbox,
  followSignal,
  pinnedIds,
  onMessageMenu,
  jump,
}: MessageListProps) {
  const { t } = useTranslation();
  const titleOf = useDayTitle();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [media, setMedia] = useState<MediaTarget | null>(null);
  const [showJump, setShowJump] = useState(false);
  const sticky = useStickyDay();
  const { noteReaderInput } = sticky;

  /*
   * Stable between renders of the same rows: the virtualizer recomputes every row's position whenever
   * `getItemKey` changes, which a new function each render (each scroll frame) turned into O(rows) per frame.
   */
  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row || row.kind === 'day' || row.kind === 'start') return 44;
      if (row.kind === 'message' && (row.message.type === 'image' || row.message.type === 'video')) return 230;
      return 64;
    },
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const targetId = jump?.targetId ?? null;
  /*
   * Where the first render looks (estimated): at the latest message, or just above the jump's target. Without it
   * the first render mounts the top rows of the loaded pages, only for the opening scroll to replace them.
   */
  const openingOffset = () => {
    const targetIndex = targetId ? rows.findIndex((row) => row.key === `m:${targetId}`) : -1;
    const stop = targetIndex >= 0 ? targetIndex : rows.length;
    let offset = 0;
    for (let i = 0; i < stop; i++) offset += estimateSize(i);
    return targetIndex >= 0 ? Math.max(0, offset - OPENING_CONTEXT_PX) : offset;
  };

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    initialOffset: openingOffset,
    anchorTo: 'end',
    // In the jump mode newer pages are appended under the reader: they must not pull the view down.
    followOnAppend: !jump,
    scrollEndThreshold: JUMP_BUTTON_DISTANCE,
    overscan: 8,
    paddingStart: 8,
    paddingEnd: 12,
  });

  // Open at the latest message, or in the jump mode at the target, highlighted for 2 s.
  const { settled, highlightId } = useListOpening(rows, targetId, virtualizer);

  // Own messages always bring the reader down, wherever they were.
  useLayoutEffect(() => {
    if (followSignal > 0) virtualizer.scrollToEnd();
  }, [followSignal, virtualizer]);

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    setShowJump(element.scrollHeight - element.scrollTop - element.clientHeight > JUMP_BUTTON_DISTANCE);
  }, []);

  const recordAnchor = usePrependAnchor(rows, virtualizer, scrollRef);

  const hasNewer = jump?.hasNewer ?? false;
  const loadingNewer = jump?.loadingNewer ?? false;
  const onLoadNewer = jump?.onLoadNewer;
  const nearBottom = () => {
    const element = scrollRef.current;
    return element !== null && element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_OLDER_DISTANCE;
  };

  // Near the top (or in a chat too short to scroll), older pages load until there is something to scroll up to.
  useEffect(() => {
    const element = scrollRef.current;
    measure();
    recordAnchor();
    if (!element || !settled || !hasOlder || loadingOlder) return;
    if (element.scrollTop < LOAD_OLDER_DISTANCE) onLoadOlder();
  }, [rows, settled, hasOlder, loadingOlder, onLoadOlder, measure, recordAnchor]);

  // In the jump mode, newer pages load as the reader nears the bottom of the slice.
  useEffect(() => {
    if (settled && hasNewer && !loadingNewer && nearBottom()) onLoadNewer?.();
  });

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    measure();
    recordAnchor();
    if (settled && hasOlder && !loadingOlder && element.scrollTop < LOAD_OLDER_DISTANCE) onLoadOlder();
    if (settled && hasNewer && !loadingNewer && nearBottom()) onLoadNewer?.();
    sticky.onScroll(() => {
      const top = virtualizer.getVirtualItemForOffset(element.scrollTop + 8);
      const row = top ? rows[top.index] : undefined;
      return row && row.kind !== 'start' ? row.day : null;
    });
  };

  const rowContext: RowContext = {
    today,
    viewerId,
    clientName,
    titleOf,
    startText: t('chat.start'),
    onOpenMedia: setMedia,
    onRetryMessage,
    retryingId,
    pinnedIds,
    onRetryOutbox,
    onDiscardOutbox,
  };
  const { onRowContextMenu, onRowKeyDown, onListKeyDown } = useMessageKeys({
    rows,
    virtualizer,
    scrollRef,
    onMessageMenu,
  });

  const items = virtualizer.getVirtualItems();
  const onlyStart = rows.every((row) => row.kind === 'start');

  return (
    <div className={styles.listFrame}>
      {loadingOlder && (
        <div className={styles.loadingOlder}>
          <Spinner size="sm" label={t('chat.loadingOlder')} />
        </div>
      )}
      {sticky.day && !loadingOlder && (
        <div className={styles.stickyDay} aria-hidden="true" data-sticky-day>
          <span className={styles.dayPill}>{titleOf(sticky.day, today)}</span>
        </div>
      )}
      <div
        ref={scrollRef}
        className={styles.scroller}
        role="log"
        aria-label={t('chat.messages')}
        aria-busy={loadingOlder || undefined}
        tabIndex={0}
        aria-keyshortcuts="ArrowUp ArrowDown"
        onScroll={onScroll}
        onWheel={noteReaderInput}
        onTouchMove={noteReaderInput}
        onPointerDown={noteReaderInput}
        onKeyDown={(event) => {
          noteReaderInput();
          onListKeyDown(event);
        }}
      >
        {onlyStart ? (
          <EmptyState size="sm" icon={<MessageSquareDashed size={22} />} title={t('chat.empty')} />
        ) : (
          <div className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const isMessage = row.kind === 'message';
              const highlighted = isMessage && row.message.messageid === highlightId;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={[styles.rowSlot, isMessage && toolStyles.focusable, highlighted && toolStyles.highlight]
                    .filter(Boolean)
                    .join(' ')}
                  data-kind={row.kind}
                  data-messageid={isMessage ? row.message.messageid : undefined}
                  data-highlighted={highlighted || undefined}
                  tabIndex={isMessage ? -1 : undefined}
                  aria-keyshortcuts={isMessage ? 'Shift+F10' : undefined}
                  onContextMenu={isMessage ? (event) => onRowContextMenu(event, item.index) : undefined}
                  onKeyDown={isMessage ? (event) => onRowKeyDown(event, item.index) : undefined}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {renderChatRow(row, rowContext)}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {loadingNewer && (
        <div className={styles.loadingNewer}>
          <Spinner size="sm" label={t('chatTools.loadingNewer')} />
        </div>
      )}
      {(showJump || jump) && (
        <button
          type="button"
          className={styles.jump}
          aria-label={jump ? t('chatTools.backToLatest') : t('chat.scrollToLatest')}
          title={jump ? t('chatTools.backToLatest') : t('chat.scrollToLatest')}
          onClick={() => {
            if (jump) {
              jump.onLeave();
              return;
            }
            virtualizer.scrollToEnd();
            setShowJump(false);
          }}
        >
          <ArrowDown size={18} aria-hidden="true" />
        </button>
      )}
      <MediaViewer target={media} onClose={() => setMedia(null)} />
    </div>
  );
}
