export { closedByText, createTicketAssignment } from './assignment.service';
export type { CloseMessages, CloseOutbox, TicketAssignment, TicketDeps } from './assignment.service';
