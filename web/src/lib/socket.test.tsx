// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { useSocketEvents, type SocketHandlers } from './socket';

afterEach(cleanup);

/** How many listeners each event has, the empty ones left out. */
const counts = (socket: FakeSocket) =>
  Object.fromEntries([...socket.listeners].filter(([, set]) => set.size).map(([name, set]) => [name, set.size]));

function listen(socket: FakeSocket | null, initial: SocketHandlers) {
  return renderHook(({ handlers, on }) => useSocketEvents(on?.asSocket ?? null, handlers), {
    initialProps: { handlers: initial, on: socket },
  });
}

describe('useSocketEvents', () => {
  it('hands each event its payload, calls connect on every connection, and lets go on unmount', () => {
    const socket = new FakeSocket();
    const heard: string[] = [];
    const { unmount } = listen(socket, {
      newBubble: ({ bubble }) => heard.push(`new ${bubble.bubbleid}`),
      deleteBubble: ({ bubbleid }) => heard.push(`delete ${bubbleid}`),
      connect: () => heard.push('connect'),
    });
    expect(counts(socket)).toEqual({ newBubble: 1, deleteBubble: 1, connect: 1 });

    socket.play('newBubble', { bubble: { bubbleid: 'b1' } });
    socket.play('connect');
    socket.play('deleteBubble', { bubbleid: 'b1' });
    socket.play('connect');
    socket.play('newTicket', { ticket: {} });
    expect(heard).toEqual(['new b1', 'connect', 'delete b1', 'connect']);

    unmount();
    expect(counts(socket)).toEqual({});
    socket.play('newBubble', { bubble: { bubbleid: 'b2' } });
    expect(heard).toHaveLength(4);
  });

  it('subscribes nothing until the socket exists', () => {
    const socket = new FakeSocket();
    const heard: string[] = [];
    const handlers: SocketHandlers = { connect: () => heard.push('connect') };
    const view = listen(null, handlers);
    expect(counts(socket)).toEqual({});

    view.rerender({ handlers, on: socket });
    socket.play('connect');
    expect(heard).toEqual(['connect']);
  });

  it('calls the newest handlers without subscribing again', () => {
    const socket = new FakeSocket();
    const heard: string[] = [];
    const subscribed: string[] = [];
    const on = socket.on.bind(socket);
    socket.on = (name, listener) => {
      subscribed.push(name);
      return on(name, listener);
    };
    const view = listen(socket, { deleteBubble: ({ bubbleid }) => heard.push(`first ${bubbleid}`) });
    view.rerender({ handlers: { deleteBubble: ({ bubbleid }) => heard.push(`second ${bubbleid}`) }, on: socket });

    socket.play('deleteBubble', { bubbleid: 'b1' });
    expect(heard).toEqual(['second b1']);
    expect(subscribed).toEqual(['deleteBubble']);
    expect(counts(socket)).toEqual({ deleteBubble: 1 });
  });

  it('follows a change of the events named', () => {
    const socket = new FakeSocket();
    const heard: string[] = [];
    const view = listen(socket, { connect: () => heard.push('connect') });
    view.rerender({ handlers: { deleteBubble: ({ bubbleid }) => heard.push(`delete ${bubbleid}`) }, on: socket });

    expect(counts(socket)).toEqual({ deleteBubble: 1 });
    socket.play('connect');
    socket.play('deleteBubble', { bubbleid: 'b1' });
    expect(heard).toEqual(['delete b1']);
  });

  it('moves to a new socket and lets go of the old one', () => {
    const first = new FakeSocket();
    const second = new FakeSocket();
    const heard: string[] = [];
    const handlers: SocketHandlers = { deleteBubble: ({ bubbleid }) => heard.push(bubbleid) };
    const view = listen(first, handlers);
    view.rerender({ handlers, on: second });

    expect(counts(first)).toEqual({});
    first.play('deleteBubble', { bubbleid: 'old' });
    second.play('deleteBubble', { bubbleid: 'new' });
    expect(heard).toEqual(['new']);
  });
});
