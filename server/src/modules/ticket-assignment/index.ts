export { closedByText, createTicketAssignment } from './assignment.service';
export type { CloseMessages, CloseOutbox, TicketAssignment } from './assignment.service';
