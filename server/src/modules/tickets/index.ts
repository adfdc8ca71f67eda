export { createTicketService, audienceOf, closedByText, OPEN_TICKETS_LIMIT } from './ticket.service';
export type { TicketService } from './ticket.service';
export { isAnswer, ticketRepo } from './ticket.repo';
export type { TicketRow, TicketScope } from './ticket.repo';
export { canHandle, canSee } from './visibility';
export { ticketRoutes } from './ticket.routes';
export { reopenClosedTicket } from './reopen';
