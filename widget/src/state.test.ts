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
const open: WidgetTicket = { id: 't1', stage: 'accepted', rating: null, closing: null };
const words = { text: 'Closed.', ratingQuestion: 'Rate us?', ratingThanks: 'Thanks!' };

describe('ticketAfter', () => {
  it('closes on a close message; the server’s ticket brings the words that ask for the rating', () => {
    const closed = ticketAfter(open, message(2, { type: 'close', from: 'system' }));
    expect(closed).toEqual({ id: 't1', stage: 'closed', rating: null, closing: null });
    // Before the company's words arrive nothing is asked (no question that would change a moment later).
    expect(ratingStep(closed)).toBeNull();
    const told = { ...closed!, closing: words };
    expect(ratingStep(told)).toEqual({ ask: 'Rate us?' });
    expect(ratingStep({ ...told, rating: 3 })).toEqual({ thanks: 'Thanks!' });
    expect(ratingStep(open)).toBeNull();
    // A close the widget already knows keeps the words it has.
    expect(ticketAfter(told, message(3, { type: 'close', from: 'system' }))).toBe(told);
  });

  it('asks nothing when the company switched the rating question off, and thanks only when that is on', () => {
    const closed: WidgetTicket = {
      id: 't1',
      stage: 'closed',
      rating: null,
      closing: { ...words, ratingQuestion: null },
    };
    expect(ratingStep(closed)).toBeNull();
    expect(ratingStep({ ...closed, rating: 2, closing: { ...words, ratingThanks: null } })).toBeNull();
  });

  it('reopens on a reopen message or when the visitor writes on a closed ticket', () => {
    const closed: WidgetTicket = { id: 't1', stage: 'closed', rating: 2, closing: words };
    expect(ticketAfter(closed, message(3, { type: 'reopen', from: 'system' }))).toEqual({
      id: 't1',
      stage: 'pending',
      rating: null,
      closing: null,
    });
    expect(ticketAfter(closed, message(3, { from: 'visitor' }))).toMatchObject({ stage: 'pending', closing: null });
    expect(ticketAfter(closed, message(3, { type: 'rating', from: 'visitor' }))).toBe(closed);
    expect(ticketAfter(closed, message(3, { from: 'system' }))).toBe(closed);
  });

  it('follows a new ticket and the first one', () => {
    expect(ticketAfter(null, message(1, { from: 'visitor' }))).toEqual({
      id: 't1',
      stage: 'pending',
      rating: null,
      closing: null,
    });
    expect(ticketAfter(open, message(9, { ticketId: 't2' }))).toEqual({
      id: 't2',
      stage: 'pending',
      rating: null,
      closing: null,
    });
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
