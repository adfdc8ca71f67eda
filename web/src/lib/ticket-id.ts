import { uuidSchema } from '@kreechat/contract';

/**
 * Whether a chat address's id (lib/chat-address.ts) can name a ticket at all; any other is answered "not yours"
 * without asking the server. Apart from the address itself, which the router reads on every screen, /login too,
 * without the contract's schemas.
 */
export const isTicketId = (ticketid: string): boolean => uuidSchema.safeParse(ticketid).success;
