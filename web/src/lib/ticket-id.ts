/**
 * The pattern of the contract's `uuidSchema` (zod's `z.uuid()`: RFC 9562 versions 1–8, the nil and the max id),
 * kept here so that checking an address needs no zod (ticket-id.test.ts holds the two to the same answers).
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * Whether a chat address's id (lib/chat-address.ts) can name a ticket at all; any other is answered "not yours"
 * without asking the server. Apart from the address itself, which the router reads on every screen, /login too,
 * without the contract's schemas.
 */
export const isTicketId = (ticketid: string): boolean => UUID.test(ticketid);
