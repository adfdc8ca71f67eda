export { PendingTickets } from './components/PendingTickets';
export { ClosedTickets } from './components/ClosedTickets';
export { CloseTicketButton, canCloseTicket } from './components/CloseTicketButton';
export { useOpenTickets } from './api/get-open-tickets';
export { useTicketLiveUpdates } from './hooks/use-ticket-live-updates';
export { useUnreadTickets } from './hooks/use-unread-tickets';
export { useTicketFromLists } from './hooks/use-ticket-from-lists';
