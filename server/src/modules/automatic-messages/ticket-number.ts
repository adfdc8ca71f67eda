/**
 * `{ticket_number}`: the ticket's number as agents see it on its card (`#` and the id's first 8 characters, web's
 * `shortId`), so a client who quotes it is found by the tickets search.
 */
export const ticketNumber = (ticketId: string): string => ticketId.slice(0, 8);
