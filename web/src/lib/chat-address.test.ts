import { describe, expect, it } from 'vitest';
import { chatPath, legacyChatPath, messageHash, messageIdOf } from './chat-address';
import { isTicketId } from './ticket-id';

const TICKET = '3f6c1d2e-8a4b-4c7d-9e1f-0a2b3c4d5e6f';
const MESSAGE = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';

describe('chat addresses', () => {
  it('builds a chat path, with the jumped-to message as its hash', () => {
    expect(chatPath(TICKET)).toBe(`/tickets/${TICKET}`);
    expect(chatPath(TICKET, null)).toBe(`/tickets/${TICKET}`);
    expect(chatPath(TICKET, MESSAGE)).toBe(`/tickets/${TICKET}#m-${MESSAGE}`);
  });

  it('escapes what a path or hash cannot hold as it is', () => {
    expect(chatPath('a/b?c')).toBe('/tickets/a%2Fb%3Fc');
    expect(messageHash('x#y')).toBe('#m-x%23y');
  });

  it('reads the message back from the hash, and nothing from another hash', () => {
    expect(messageIdOf(messageHash(MESSAGE))).toBe(MESSAGE);
    expect(messageIdOf(messageHash('x#y'))).toBe('x#y');
    expect(messageIdOf('')).toBeNull();
    expect(messageIdOf('#m-')).toBeNull();
    expect(messageIdOf('#top')).toBeNull();
    expect(messageIdOf('#m-%E0%A4%A')).toBeNull();
  });

  it('tells an id that can name a ticket from one that cannot', () => {
    expect(isTicketId(TICKET)).toBe(true);
    expect(isTicketId('not-a-ticket')).toBe(false);
    expect(isTicketId(`${TICKET}x`)).toBe(false);
  });

  it('turns an old `/?ticket=` link into the chat path, and ignores other queries', () => {
    expect(legacyChatPath(`?ticket=${TICKET}`)).toBe(`/tickets/${TICKET}`);
    expect(legacyChatPath(`?ticket=${TICKET}&x=1`)).toBe(`/tickets/${TICKET}`);
    expect(legacyChatPath('?ticket=')).toBeNull();
    expect(legacyChatPath('?other=1')).toBeNull();
    expect(legacyChatPath('')).toBeNull();
  });
});
