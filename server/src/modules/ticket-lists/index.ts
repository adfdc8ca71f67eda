export { createTicketService, OPEN_TICKETS_LIMIT } from './ticket.service';
export type { TicketService } from './ticket.service';
export { ticketViewRepo } from './ticket-view.repo';
export { ticketRoutes } from './ticket.routes';
