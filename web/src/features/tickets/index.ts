export { OpenTickets, PENDING_SEARCH_ID } from './components/OpenTickets';
export { AcceptTicketButton } from './components/AcceptTicketButton';
export { TicketFilterTabs, TICKET_FILTER_ID_PREFIX } from './components/TicketFilterTabs';
export { ClosedTickets, CLOSED_SEARCH_ID } from './components/ClosedTickets';
export { CloseTicketButton, canCloseTicket } from './components/CloseTicketButton';
export { ReassignTicketButton, canReassignTicket } from './components/ReassignTicket';
export { TicketSearchToggle } from './components/TicketSearchToggle';
export { useOpenTicketCounts } from './api/get-open-tickets';
export { openTicketsQueryKey } from './api/get-open-tickets';
export { TicketsUnreadMark } from './components/TicketsUnreadMark';
export { closedTicketsQueryKey, type ClosedTicketPages } from './api/get-closed-tickets';
export { rememberTicket, useTicket } from './api/get-ticket';
export { TicketSearchBox } from './components/TicketSearchBox';
export { useTicketLiveUpdates } from './hooks/use-ticket-live-updates';
export { useMarkTicketRead } from './hooks/use-unread-tickets';
export { useTicketFromLists } from './hooks/use-ticket-from-lists';
export { useTicketSearch } from './hooks/use-ticket-search';
export {
  countOpenFilters,
  filtersFor,
  flattenPages,
  isVisibleTo,
  neighbour,
  openTicketsOf,
  type TicketFilter,
} from './lib/ticket-lists';
export { showClientChange } from './lib/ticket-cache';
