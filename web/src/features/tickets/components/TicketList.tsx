import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Ticket } from '@kreechat/contract';
import {
  listHeight,
  rowTop,
  scrollToReveal,
  visibleRows,
  type RowGeometry,
  type RowRange,
} from '@/features/tickets/lib/row-window';
import styles from './tickets.module.css';

/**
 * A compact card (74 px) and the list's gap: every card has this height (an accept error takes the preview's line),
 * so rows are placed by arithmetic, never measured.
 */
const GEOMETRY: RowGeometry = { rowHeight: 82, padding: 8, overscan: 6 };
/** The scrolling column around a ticket list (WorkspaceShell's column body). */
export const TICKET_SCROLL_ATTRIBUTE = 'data-ticket-scroll';

interface TicketListProps {
  tickets: readonly Ticket[];
  selectedId: string | null;
  labelledBy: string;
  renderTicket: (ticket: Ticket, tabbable: boolean) => ReactNode;
}

/**
 * How far the list starts below its scrolling column's top: a notice may sit above it (closed departments). One
 * read of two boxes per scroll frame, not a layout per row.
 */
function listOffset(list: HTMLElement | null, box: HTMLElement): number {
  if (!list) return 0;
  return list.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
}

/**
 * A ticket list that stays fast with a thousand tickets — only the cards in view are rendered — and is driven by
 * the keyboard: one card is in the Tab order, ↑/↓ move between cards, Home/End jump, Enter opens (the card's
 * button). Rows are placed by arithmetic from the list's top, which may sit below a notice in its column.
 */
export function TicketList({ tickets, selectedId, labelledBy, renderTicket }: TicketListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scroller = () => listRef.current?.closest<HTMLElement>(`[${TICKET_SCROLL_ATTRIBUTE}]`) ?? null;
  const count = tickets.length;
  const [range, setRange] = useState<RowRange>(() => visibleRows(0, 900, count, GEOMETRY));

  // The window follows the column's scroll and size; a scroll event comes once a frame, before it is painted.
  useLayoutEffect(() => {
    const box = listRef.current?.closest<HTMLElement>(`[${TICKET_SCROLL_ATTRIBUTE}]`);
    if (!box) return;
    const update = () => {
      const top = box.scrollTop - listOffset(listRef.current, box);
      const next = visibleRows(top, box.clientHeight, count, GEOMETRY);
      setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    // The rows that scroll into view render before this frame is painted, never a frame later (a blank gap).
    const onScroll = () => flushSync(update);
    update();
    box.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [count]);

  // The card in the Tab order: the one moved to, else the open ticket's, else the first.
  const [activeId, setActiveId] = useState<string | null>(null);
  const selectedIndex = selectedId ? tickets.findIndex((t) => t.ticketid === selectedId) : -1;
  const movedIndex = activeId ? tickets.findIndex((t) => t.ticketid === activeId) : -1;
  const activeIndex = movedIndex !== -1 ? movedIndex : selectedIndex !== -1 ? selectedIndex : 0;
  useEffect(() => setActiveId(null), [selectedId]);

  // Focus waits until the card moved to is rendered (it may be scrolled out of the window).
  const pendingFocus = useRef<string | null>(null);
  const focusPending = useCallback(() => {
    const id = pendingFocus.current;
    if (!id) return;
    const button = listRef.current?.querySelector<HTMLButtonElement>(`[data-ticket-open="${CSS.escape(id)}"]`);
    if (!button) return;
    pendingFocus.current = null;
    button.focus({ preventScroll: true });
  }, []);
  useEffect(focusPending);

  const moveTo = (index: number) => {
    const ticket = tickets[index];
    if (!ticket) return;
    setActiveId(ticket.ticketid);
    pendingFocus.current = ticket.ticketid;
    const box = scroller();
    const offset = box ? listOffset(listRef.current, box) : 0;
    const top = box ? scrollToReveal(index, box.scrollTop - offset, box.clientHeight, GEOMETRY) : undefined;
    // The first card brings what sits above the list back into view too.
    if (box && top !== undefined) box.scrollTop = index === 0 ? 0 : top + offset;
    requestAnimationFrame(focusPending);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const openId = event.target instanceof HTMLElement ? event.target.getAttribute('data-ticket-open') : null;
    if (openId === null) return;
    const from = tickets.findIndex((t) => t.ticketid === openId);
    const last = tickets.length - 1;
    const next: Record<string, number> = {
      ArrowDown: Math.min(from + 1, last),
      ArrowUp: Math.max(from - 1, 0),
      Home: 0,
      End: last,
    };
    if (!(event.key in next) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    moveTo(next[event.key]!);
  };

  const rows: ReactNode[] = [];
  for (let index = range.start; index < Math.min(range.end, count); index += 1) {
    const ticket = tickets[index]!;
    rows.push(
      <li
        key={ticket.ticketid}
        className={styles.virtualRow}
        style={{ transform: `translateY(${rowTop(index, GEOMETRY)}px)` }}
        aria-setsize={count}
        aria-posinset={index + 1}
      >
        {renderTicket(ticket, index === activeIndex)}
      </li>,
    );
  }
  return (
    <ul
      ref={listRef}
      className={styles.virtualList}
      aria-labelledby={labelledBy}
      style={{ height: listHeight(count, GEOMETRY) }}
      onKeyDown={onKeyDown}
    >
      {rows}
    </ul>
  );
}
