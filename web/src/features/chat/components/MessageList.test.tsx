// @vitest-environment jsdom
import type { ChatResponse, Message } from '@kreechat/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { buildRows } from '@/features/chat/lib/chat-pages';
import { aMessage } from '@/test/fixtures';
import { MessageList, type JumpMode } from './MessageList';

/*
 * jsdom lays nothing out: the list's scroller gets a 600 px viewport and every row 60 px, so the virtualizer has
 * sizes to work with (its content as tall as the rows' box); scrollTo only records where the list was asked to go.
 */
const VIEWPORT = 600;
const ROW = 60;
const scrolls: number[] = [];
const saved = {
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
  scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
  rect: HTMLElement.prototype.getBoundingClientRect,
  scrollTo: HTMLElement.prototype.scrollTo,
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'log' ? VIEWPORT : this.hasAttribute('data-index') ? ROW : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.getAttribute('role') === 'log' ? VIEWPORT : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  // The log's content: the rows' box, as tall as the virtualizer makes it.
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      const rows = this.getAttribute('role') === 'log' ? (this.firstElementChild as HTMLElement | null) : null;
      return rows ? Number.parseFloat(rows.style.height) || 0 : 0;
    },
  });
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const height = this.offsetHeight;
    return { x: 0, y: 0, top: 0, left: 0, right: 400, bottom: height, width: 400, height, toJSON: () => ({}) };
  };
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'number' ? 0 : (options?.top ?? 0);
    scrolls.push(top);
    this.scrollTop = top;
  } as typeof HTMLElement.prototype.scrollTo;
});
afterAll(() => {
  if (saved.offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', saved.offsetHeight);
  if (saved.clientHeight) Object.defineProperty(Element.prototype, 'clientHeight', saved.clientHeight);
  if (saved.clientWidth) Object.defineProperty(Element.prototype, 'clientWidth', saved.clientWidth);
  if (saved.scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', saved.scrollHeight);
  HTMLElement.prototype.getBoundingClientRect = saved.rect;
  HTMLElement.prototype.scrollTo = saved.scrollTo;
});
afterEach(() => {
  cleanup();
  scrolls.length = 0;
  vi.useRealTimers();
});

const TODAY = '2026-03-10';
const VIEWER = 'agent-1';

let seq = 0;
const message = (day: string, time: string, content: string): Message => {
  seq += 1;
  return aMessage({
    messageid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    content,
    created_on: `${day}T${time}:00Z`,
    created_by: 'Nadia',
  });
};

/** One page of a chat, days oldest first, as GET /api/chat answers. */
const page = (days: Record<string, Message[]>): ChatResponse => ({
  sections: Object.entries(days).map(([date, messages]) => ({ date, messages })),
  nextCursor: null,
});

function renderList(pages: ChatResponse[], options: { jump?: JumpMode; onMessageMenu?: () => void } = {}) {
  const rows = buildRows(pages, [], { today: TODAY, reachedStart: true, viewerId: VIEWER });
  return render(
    <MessageList
      rows={rows}
      today={TODAY}
      viewerId={VIEWER}
      clientName="Nadia"
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      onRetryMessage={() => undefined}
      retryingId={null}
      onRetryOutbox={() => undefined}
      onDiscardOutbox={() => undefined}
      followSignal={0}
      pinnedIds={new Set()}
      onMessageMenu={options.onMessageMenu ?? (() => undefined)}
      jump={options.jump}
    />,
  );
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const rowOf = (text: string) => within(log()).getByText(text).closest<HTMLElement>('[data-index]')!;

describe('MessageList: days', () => {
  it('puts a day title above each day: a date, Yesterday, Today; the chat opens with its beginning', () => {
    renderList([
      page({
        '2026-03-01': [message('2026-03-01', '09:00', 'My parcel is lost')],
        '2026-03-09': [message('2026-03-09', '10:00', 'Any news?')],
        [TODAY]: [message(TODAY, '08:00', 'Hello?'), message(TODAY, '08:01', 'Still waiting')],
      }),
    ]);
    const days = within(log())
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(days).toEqual(['Sunday, March 1', 'Yesterday', 'Today']);
    expect(within(log()).getByText('This is the beginning of the conversation.')).toBeTruthy();
    // Each title sits right above its day's first message.
    const order = [...log().querySelectorAll<HTMLElement>('[data-index]')]
      .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
      .map((row) => row.dataset.kind);
    expect(order).toEqual(['start', 'day', 'message', 'day', 'message', 'day', 'message', 'message']);
  });

  it('says so when the chat has no message yet', () => {
    renderList([page({})]);
    expect(within(log()).getByText('No messages yet')).toBeTruthy();
  });
});

describe('MessageList: a jump to a message', () => {
  const chat = () => {
    const messages = Array.from({ length: 40 }, (_, i) =>
      message(TODAY, `10:${String(i).padStart(2, '0')}`, `Message ${i + 1}`),
    );
    return { pages: [page({ [TODAY]: messages })], target: messages[5]! };
  };
  const jumpTo = (targetId: string, onLeave = vi.fn()): JumpMode => ({
    targetId,
    hasNewer: false,
    loadingNewer: false,
    onLoadNewer: () => undefined,
    onLeave,
  });

  it('opens at the latest message without a jump, with nothing highlighted', () => {
    const { pages } = chat();
    renderList(pages);
    // Start, the day and 40 messages of 60 px, less the viewport: the bottom of the chat.
    expect(scrolls.at(-1)).toBeGreaterThan(40 * ROW - VIEWPORT);
    expect(log().querySelector('[data-highlighted]')).toBeNull();
  });

  it('opens centred on the message the address names, highlighted for 2 seconds, with a way back to the latest', () => {
    vi.useFakeTimers();
    const { pages, target } = chat();
    const onLeave = vi.fn();
    renderList(pages, { jump: jumpTo(target.messageid, onLeave) });

    const row = rowOf('Message 6');
    expect(row.dataset.messageid).toBe(target.messageid);
    expect(row.hasAttribute('data-highlighted')).toBe(true);
    expect(log().querySelectorAll('[data-highlighted]')).toHaveLength(1);
    // Row 7 (start, day, then six messages) centred: far above the bottom of the chat.
    expect(scrolls.at(-1)).toBeLessThan(10 * ROW);

    act(() => vi.advanceTimersByTime(2_000));
    expect(log().querySelector('[data-highlighted]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the latest messages' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});

describe('MessageList: a message menu', () => {
  it('opens on a right-click or Shift+F10 on a message, for that message', () => {
    const onMessageMenu = vi.fn();
    const asked = message(TODAY, '09:00', 'Where is my parcel?');
    renderList([page({ [TODAY]: [asked] })], { onMessageMenu });
    const row = rowOf('Where is my parcel?');

    fireEvent.contextMenu(row, { clientX: 120, clientY: 80 });
    expect(onMessageMenu).toHaveBeenLastCalledWith(asked, { x: 120, y: 80 }, row);

    fireEvent.keyDown(row, { key: 'F10', shiftKey: true });
    expect(onMessageMenu).toHaveBeenCalledTimes(2);
    expect(onMessageMenu.mock.calls[1]![0]).toBe(asked);

    // A day title has no menu.
    fireEvent.contextMenu(within(log()).getByRole('heading', { level: 3 }), { clientX: 1, clientY: 1 });
    expect(onMessageMenu).toHaveBeenCalledTimes(2);
  });
});
