import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, MessageSquareDashed } from 'lucide-react';
import type { Message } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Spinner } from '@/components/Spinner';
import { dayTitle } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { SYSTEM_TYPES, type ChatRow } from '@/features/chat/lib/chat-pages';
import type { OutboxItem } from '@/features/chat/lib/outbox';
import { MediaViewer } from './MediaViewer';
import type { MediaTarget } from './MessageBody';
import { MessageBubble, OutboxBubble, SystemNote } from './MessageRow';
import styles from './chat.module.css';
import toolStyles from './ChatTools.module.css';

/** SPEC §9: the scroll-to-bottom button appears when more than 50 px remain below. */
const JUMP_BUTTON_DISTANCE = 50;
/** Older messages load when the reader comes this close to the top. */
const LOAD_OLDER_DISTANCE = 240;
/** SPEC §9: the sticky date title hides 1.5 s after scrolling stops. */
const STICKY_DATE_MS = 1_500;
/**
 * Scroll events this soon after the reader's own wheel, touch, key or pointer count as the reader's scrolling (a
 * touch fling goes on after the finger lifts); later ones are the list's own (a row measured, a page prepended).
 */
const READER_SCROLL_MS = 1_000;
/** Until the first jump to the latest message has settled, the top of the list must not trigger a load. */
const SETTLE_MS = 300;
/** A jump opens with this much of the chat above its target (then centres it). */
const OPENING_CONTEXT_PX = 300;
/** SPEC §9: a jumped-to message is highlighted for 2 s. */
const HIGHLIGHT_MS = 2_000;

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

function useDayTitle() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (day: string, today: string) => {
    const title = dayTitle(day, lang, today);
    return title.kind === 'today' ? t('chat.today') : title.kind === 'yesterday' ? t('chat.yesterday') : title.text;
  };
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
  const [settled, setSettled] = useState(false);
  const [showJump, setShowJump] = useState(false);
  const [stickyDay, setStickyDay] = useState<string | null>(null);
  const stickyTimer = useRef<number | undefined>(undefined);
  const readerInputAt = useRef(Number.NEGATIVE_INFINITY);
  const noteReaderInput = () => {
    readerInputAt.current = performance.now();
  };

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
  const [opened, setOpened] = useState(false);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (opened || rows.length === 0) return;
    const targetIndex = targetId ? rows.findIndex((row) => row.key === `m:${targetId}`) : -1;
    if (targetIndex >= 0) {
      virtualizer.scrollToIndex(targetIndex, { align: 'center' });
      setHighlightId(targetId);
    } else {
      virtualizer.scrollToEnd();
    }
    setOpened(true);
  }, [opened, rows, targetId, virtualizer]);
  useEffect(() => {
    if (!highlightId) return;
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightId]);
  useEffect(() => {
    if (!opened) return;
    const timer = window.setTimeout(() => setSettled(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [opened]);

  // Own messages always bring the reader down, wherever they were.
  useLayoutEffect(() => {
    if (followSignal > 0) virtualizer.scrollToEnd();
  }, [followSignal, virtualizer]);

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    setShowJump(element.scrollHeight - element.scrollTop - element.clientHeight > JUMP_BUTTON_DISTANCE);
  }, []);

  const hasNewer = jump?.hasNewer ?? false;
  const loadingNewer = jump?.loadingNewer ?? false;
  const onLoadNewer = jump?.onLoadNewer;
  const nearBottom = () => {
    const element = scrollRef.current;
    return element !== null && element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_OLDER_DISTANCE;
  };

  /*
   * Older pages are prepended. The virtualizer keeps the row at the top edge in place, but at the very top that
   * row is the first day title, whose key survives the prepend (the day just gains older messages) — so it would
   * stay at the top and the reader would jump to the oldest loaded message. Keep the first visible message in
   * place instead; when the virtualizer already did, the difference is nil and nothing moves.
   */
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const recordAnchor = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const atTop = virtualizer.getVirtualItemForOffset(top);
    if (!atTop) {
      anchor.current = null;
      return;
    }
    // A day title's key survives a prepend: hold on to the row below it instead.
    const index = rows[atTop.index]?.kind === 'day' ? atTop.index + 1 : atTop.index;
    const row = rows[index];
    const start = row ? virtualizer.getOffsetForIndex(index, 'start')?.[0] : undefined;
    anchor.current = row && start !== undefined ? { key: row.key, offset: start - top } : null;
  }, [virtualizer, rows]);

  const firstMessageKey = rows.find((row) => row.kind === 'message')?.key ?? null;
  const previousFirst = useRef(firstMessageKey);
  useLayoutEffect(() => {
    const prepended = previousFirst.current !== null && previousFirst.current !== firstMessageKey;
    previousFirst.current = firstMessageKey;
    const held = anchor.current;
    const element = scrollRef.current;
    if (!prepended || !held || !element) return;
    const index = rows.findIndex((row) => row.key === held.key);
    const offset = index >= 0 ? virtualizer.getOffsetForIndex(index, 'start')?.[0] : undefined;
    if (offset === undefined) return;
    const target = offset - held.offset;
    if (Math.abs(target - element.scrollTop) > 1) virtualizer.scrollToOffset(target);
  }, [firstMessageKey, rows, virtualizer]);

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

  useEffect(() => () => window.clearTimeout(stickyTimer.current), []);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    measure();
    recordAnchor();
    if (settled && hasOlder && !loadingOlder && element.scrollTop < LOAD_OLDER_DISTANCE) onLoadOlder();
    if (settled && hasNewer && !loadingNewer && nearBottom()) onLoadNewer?.();
    // The list's own scrolls must not keep the title up: on a busy machine they went on for seconds.
    if (performance.now() - readerInputAt.current > READER_SCROLL_MS) return;
    const top = virtualizer.getVirtualItemForOffset(element.scrollTop + 8);
    const row = top ? rows[top.index] : undefined;
    setStickyDay(row && row.kind !== 'start' ? row.day : null);
    window.clearTimeout(stickyTimer.current);
    stickyTimer.current = window.setTimeout(() => setStickyDay(null), STICKY_DATE_MS);
  };

  const renderRow = (row: ChatRow) => {
    switch (row.kind) {
      case 'start':
        return <p className={styles.start}>{t('chat.start')}</p>;
      case 'day':
        return (
          <div className={styles.dayRow}>
            <h3 className={styles.dayPill}>
              <time dateTime={row.day}>{titleOf(row.day, today)}</time>
            </h3>
          </div>
        );
      case 'message':
        return SYSTEM_TYPES.has(row.message.type) ? (
          <SystemNote message={row.message} />
        ) : (
          <MessageBubble
            message={row.message}
            continued={row.continued}
            viewerId={viewerId}
            clientName={clientName}
            onOpenMedia={setMedia}
            onRetry={onRetryMessage}
            retrying={retryingId === row.message.messageid}
            pinned={pinnedIds.has(row.message.messageid)}
          />
        );
      case 'outbox':
        return (
          <OutboxBubble item={row.item} continued={row.continued} onRetry={onRetryOutbox} onDiscard={onDiscardOutbox} />
        );
      default: {
        const unknown: never = row;
        return unknown;
      }
    }
  };

  const messageOf = (index: number) => {
    const row = rows[index];
    return row?.kind === 'message' ? row.message : null;
  };
  // A keyboard-made menu (and a contextmenu event without a pointer) opens at the message, not at the corner.
  const besideRow = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + Math.min(box.height, 40) };
  };
  const onRowContextMenu = (event: MouseEvent<HTMLDivElement>, index: number) => {
    const message = messageOf(index);
    if (!message) return;
    event.preventDefault();
    const fromPointer = event.clientX !== 0 || event.clientY !== 0;
    const at = fromPointer ? { x: event.clientX, y: event.clientY } : besideRow(event.currentTarget);
    onMessageMenu(message, at, event.currentTarget);
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const message = messageOf(index);
    if (!message || event.target !== event.currentTarget) return;
    if (event.key !== 'ContextMenu' && !(event.key === 'F10' && event.shiftKey)) return;
    event.preventDefault();
    onMessageMenu(message, besideRow(event.currentTarget), event.currentTarget);
  };

  /*
   * The keyboard walks the messages one by one (ArrowUp / ArrowDown, from the list or from a message) instead of
   * Tab stopping at each of them; Escape goes back to the list. The focused message opens its menu as above.
   */
  const focusRow = (index: number) => {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const focus = (attempt: number) => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      if (row) row.focus({ preventScroll: true });
      else if (attempt < 5) requestAnimationFrame(() => focus(attempt + 1));
    };
    requestAnimationFrame(() => focus(0));
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = scrollRef.current;
    if (!element) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (event.key === 'Escape' && from) {
      event.preventDefault();
      element.focus({ preventScroll: true });
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    if (from === null && event.target !== element) return;
    const step = event.key === 'ArrowUp' ? -1 : 1;
    let index: number;
    if (from) {
      index = Number(from.dataset.index) + step;
    } else {
      // From the list itself: the message at the bottom (going up) or at the top (going down) of the view.
      const edge = step < 0 ? element.scrollTop + element.clientHeight - 1 : element.scrollTop + 1;
      index = virtualizer.getVirtualItemForOffset(edge)?.index ?? (step < 0 ? rows.length - 1 : 0);
    }
    while (index >= 0 && index < rows.length && rows[index]?.kind !== 'message') index += step;
    if (index < 0 || index >= rows.length) return;
    event.preventDefault();
    focusRow(index);
  };

  const items = virtualizer.getVirtualItems();
  const onlyStart = rows.every((row) => row.kind === 'start');

  return (
    <div className={styles.listFrame}>
      {loadingOlder && (
        <div className={styles.loadingOlder}>
          <Spinner size="sm" label={t('chat.loadingOlder')} />
        </div>
      )}
      {stickyDay && !loadingOlder && (
        <div className={styles.stickyDay} aria-hidden="true" data-sticky-day>
          <span className={styles.dayPill}>{titleOf(stickyDay, today)}</span>
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
                  {renderRow(row)}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {loadingNewer && (
        <div className={toolStyles.loadingNewer}>
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
