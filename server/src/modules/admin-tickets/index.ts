export { createTicketTableService } from './ticket-table.service';
export type { TicketTableService } from './ticket-table.service';
export { ticketTableRoutes } from './ticket-table.routes';
