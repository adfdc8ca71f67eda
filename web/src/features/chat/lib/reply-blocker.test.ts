// @vitest-environment jsdom
import type { Ticket } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { replyBlocker, replyBlockerText } from './reply-blocker';

const me = 'agent-me';
const ticket = (patch: Partial<Ticket>) =>
  ({ stage: 'accepted', userid: me, user_name: 'Maria Lopez', ...patch }) as Ticket;

describe('replyBlocker', () => {
  it('lets only the handler of an open ticket reply, and says why not to everyone else', () => {
    const t = i18n.t.bind(i18n);
    expect(replyBlocker(ticket({}), me)).toBeNull();
    expect(replyBlockerText(t, ticket({}), me)).toBeNull();
    expect(replyBlockerText(t, ticket({ stage: 'closed' }), me)).toBe('This ticket is closed');
    expect(replyBlockerText(t, ticket({ stage: 'pending', userid: null }), me)).toBe('Accept the ticket to reply');
    expect(replyBlockerText(t, ticket({ userid: 'someone-else' }), me)).toMatch(/^Handled by Maria/);
  });
});
