import type { WidgetMessage, WidgetTicket } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { departmentChoice, ratingStep, ticketAfter, ticketAfterAll } from './state';

const message = (seq: number, fields: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id: `m${seq}`,
  seq,
  ticketId: 't1',
  type: 'text',
  text: 'x',
  from: 'agent',
  agentName: 'Ann',
  createdAt: '2026-03-01T10:00:00.000Z',
  file: null,
  clientMessageId: null,
  ...fields,
});
const open: WidgetTicket = { id: 't1', stage: 'accepted', rating: null };

describe('ticketAfter', () => {
  it('closes on a close message and asks for the rating', () => {
    const closed = ticketAfter(open, message(2, { type: 'close', from: 'system' }));
    expect(closed).toEqual({ id: 't1', stage: 'closed', rating: null });
    expect(ratingStep(closed)).toBe('ask');
    expect(ratingStep({ ...closed!, rating: 3 })).toBe('thanks');
    expect(ratingStep(open)).toBeNull();
  });

  it('reopens on a reopen message or when the visitor writes on a closed ticket', () => {
    const closed: WidgetTicket = { id: 't1', stage: 'closed', rating: 2 };
    expect(ticketAfter(closed, message(3, { type: 'reopen', from: 'system' }))).toEqual({
      id: 't1',
      stage: 'pending',
      rating: null,
    });
    expect(ticketAfter(closed, message(3, { from: 'visitor' }))?.stage).toBe('pending');
    expect(ticketAfter(closed, message(3, { type: 'rating', from: 'visitor' }))).toBe(closed);
    expect(ticketAfter(closed, message(3, { from: 'system' }))).toBe(closed);
  });

  it('follows a new ticket and the first one', () => {
    expect(ticketAfter(null, message(1, { from: 'visitor' }))).toEqual({ id: 't1', stage: 'pending', rating: null });
    expect(ticketAfter(open, message(9, { ticketId: 't2' }))).toEqual({ id: 't2', stage: 'pending', rating: null });
    expect(ticketAfter(open, message(4))).toBe(open);
  });

  it('reads only messages newer than those shown, in seq order', () => {
    const shown = [message(5)];
    const incoming = [message(7, { type: 'reopen', from: 'system' }), message(6, { type: 'close', from: 'system' })];
    expect(ticketAfterAll(open, shown, incoming)?.stage).toBe('pending');
    // An old close (a page of history) says nothing of now.
    expect(ticketAfterAll(open, shown, [message(2, { type: 'close', from: 'system' })])).toBe(open);
  });
});

describe('departmentChoice', () => {
  const departments = [
    { id: 'd1', name: 'Sales' },
    { id: 'd2', name: 'Support' },
  ];
  const base = { departments: [], noticeDepartments: [], held: [], ticket: null };

  it('asks before the first message when the company has several departments', () => {
    expect(departmentChoice({ ...base, departments })).toEqual({ mode: 'before', departments });
    expect(departmentChoice({ ...base, departments: [departments[0]!] })).toBeNull();
    expect(departmentChoice({ ...base, departments, ticket: open })).toBeNull();
  });

  it('asks for held messages, from the notice or after a reload', () => {
    expect(departmentChoice({ ...base, noticeDepartments: departments })).toEqual({ mode: 'held', departments });
    const held = [{ text: 'hi', createdAt: '' }];
    expect(departmentChoice({ ...base, departments, held, ticket: open })).toEqual({ mode: 'held', departments });
  });
});
