import { describe, expect, it } from 'vitest';
import type { Ticket } from '@kreechat/contract';
import { canActOnTicket } from './ticket-actions';

const ticket = (stage: Ticket['stage'], userid: string | null) => ({ stage, userid }) as Ticket;
const agent = { id: 'me', canSeeAll: false };
const admin = { id: 'boss', canSeeAll: true };

describe('reassign and close buttons (SPEC §4)', () => {
  it("show for the handler of an open ticket, not for a colleague's or an unaccepted one", () => {
    expect(canActOnTicket(ticket('accepted', 'me'), agent)).toBe(true);
    expect(canActOnTicket(ticket('accepted', 'colleague'), agent)).toBe(false);
    expect(canActOnTicket(ticket('pending', null), agent)).toBe(false);
  });

  it('show for admins and moderators on any open ticket', () => {
    expect(canActOnTicket(ticket('pending', null), admin)).toBe(true);
    expect(canActOnTicket(ticket('accepted', 'colleague'), admin)).toBe(true);
  });

  it('never show on a closed ticket', () => {
    expect(canActOnTicket(ticket('closed', 'me'), agent)).toBe(false);
    expect(canActOnTicket(ticket('closed', 'me'), admin)).toBe(false);
  });
});
