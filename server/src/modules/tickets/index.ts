export { isAnswer, ticketRepo } from './ticket.repo';
export type { TicketRow, TicketScope } from './ticket.repo';
export { audienceOf, canHandle, canSee } from './visibility';
export { reopenClosedTicket } from './reopen';
export type { ReopenMessageValues } from './reopen';
