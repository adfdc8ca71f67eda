import { z } from 'zod';
import { nullableTimestampSchema, PLATFORMS, requiredText, timestampSchema, uuidSchema } from './common';
import { DELIVERY_STATUSES, MESSAGE_TYPES } from './messages';

export { CLOSED_TICKETS_PAGE, NOT_TICKET_HANDLER, TICKET_ALREADY_ACCEPTED, TICKET_CLOSED } from './constants';

export const TICKET_STAGES = ['pending', 'accepted', 'closed'] as const;
export type TicketStage = (typeof TICKET_STAGES)[number];

/** A ticket as both sides see it (SPEC §3 field names). */
export const ticketSchema = z.object({
  ticketid: z.string(),
  platform: z.enum(PLATFORMS),
  stage: z.enum(TICKET_STAGES),
  clientid: z.string(),
  client_name: z.string(),
  client_short_id: z.string(),
  client_email: z.string().nullable(),
  /** The client's `verified` (clients.ts): false for a WordPress guest, whose name and e-mail are only typed. */
  client_verified: z.boolean(),
  account_number: z.string().nullable(),
  departmentid: z.string(),
  department_name: z.string(),
  /** The handler; null while pending. */
  userid: z.string().nullable(),
  user_name: z.string().nullable(),
  accepted: z.boolean(),
  created_on: timestampSchema,
  updated_on: timestampSchema,
  accepted_on: nullableTimestampSchema,
  closed_on: nullableTimestampSchema,
  closed_by_name: z.string().nullable(),
  reopened_on: nullableTimestampSchema,
  rating: z.number().int().nullable(),
  companyid: z.string(),
  /**
   * A preview of the newest message, internal notes included, for the ticket card: its text (a note's with its
   * mention tokens), or (see the type) the kind of file.
   */
  last_message: z.string().nullable(),
  last_message_type: z.enum(MESSAGE_TYPES).nullable(),
  /** That message's id and delivery state: the card marks a reply that failed (kept current by `messageStatus`). */
  last_message_id: z.string().nullable(),
  last_message_status: z.enum(DELIVERY_STATUSES).nullable(),
  /**
   * When the newest message of the conversation was written, notes aside: a note is no activity of the client's
   * conversation, so it neither dates the card nor moves it up the lists.
   */
  last_message_on: nullableTimestampSchema,
  /**
   * Since when the client waits for an answer (their oldest message no agent message followed); null when they
   * do not wait. With `first_response_on` null the department's first-response target applies, else the next one.
   */
  awaiting_since: nullableTimestampSchema,
  /** When an agent first answered (the end of the first response). */
  first_response_on: nullableTimestampSchema,
  /** The ticket started (or came back) while its department was closed. */
  arrived_closed: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.array(ticketSchema);
export const ticketResponseSchema = z.object({ ticket: ticketSchema });
/**
 * GET /api/ticket/{ticketid} (not in SPEC's API list): one ticket the viewer may see, for a chat's address
 * (`/tickets/{ticketid}`) opened by a link or a reload; another company's or department's ticket is 404, as is none.
 */
export const ticketParamsSchema = z.object({ ticketid: uuidSchema });

export const closedTicketsParamsSchema = z.object({
  /** A department id, or `all` for viewers who see every department. */
  department: z.union([z.literal('all'), uuidSchema]),
});
export const closedTicketsQuerySchema = z.object({
  count: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const acceptTicketBodySchema = z.object({
  ticketid: uuidSchema,
  userid: z.string().optional(),
  created_on: z.string().optional(),
});
export type AcceptTicketBody = z.infer<typeof acceptTicketBodySchema>;

export const closeTicketBodySchema = z.object({
  ticketid: uuidSchema,
  userid: z.string().optional(),
  departmentid: z.string().optional(),
  closed_by_name: z.string().optional(),
  created_on: z.string().optional(),
});
export type CloseTicketBody = z.infer<typeof closeTicketBodySchema>;

/** POST /api/reopen-ticket (not in SPEC's API list; SPEC §4 "Closed tickets can be reopened"): back to pending. */
export const reopenTicketBodySchema = z.object({ ticketid: uuidSchema });
export type ReopenTicketBody = z.infer<typeof reopenTicketBodySchema>;

export const TICKET_NOT_FOUND = 'Ticket not found';
export const TICKET_NOT_CLOSED = 'This ticket is not closed';

/** GET /search-ticket/{keyword}/{open|closed}: a client name, the start of a ticket id or an account number. */
export const TICKET_SEARCH_SCOPES = ['open', 'closed'] as const;
export type TicketSearchScope = (typeof TICKET_SEARCH_SCOPES)[number];
/** A search answers at most this many tickets, newest first: enough to pick from, bounded for a big company. */
export const TICKET_SEARCH_LIMIT = 50;
export const searchTicketParamsSchema = z.object({
  // Below the router's own 100-character cap on a path parameter, so a long keyword gets this message, not a 414.
  keyword: requiredText('Search text', 80),
  scope: z.enum(TICKET_SEARCH_SCOPES, { message: 'Search scope must be open or closed' }),
});

/** An agent who could take a ticket (the reassign modal's list, filtered by the chosen department). */
export const assignableAgentSchema = z.object({
  userid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  departmentid: z.string(),
  department_name: z.string(),
});
export type AssignableAgent = z.infer<typeof assignableAgentSchema>;
export const assignableAgentListSchema = z.array(assignableAgentSchema);
export const getAgentsParamsSchema = z.object({ ticketid: uuidSchema });
export const getAgentsQuerySchema = z.object({ departmentid: uuidSchema.optional() });

/** The names are the screen's; the server trusts only the ids and reads the names from the database. */
export const reassignUserBodySchema = z.object({
  ticketid: uuidSchema,
  newDepartment: uuidSchema,
  newDepartmentName: z.string().optional(),
  newUser: uuidSchema,
  newUserName: z.string().optional(),
  created_on: z.string().optional(),
});
export type ReassignUserBody = z.infer<typeof reassignUserBodySchema>;

export const changeDepartmentBodySchema = z.object({
  ticketid: uuidSchema,
  newDepartment: uuidSchema,
  newDepartmentName: z.string().optional(),
  created_on: z.string().optional(),
});
export type ChangeDepartmentBody = z.infer<typeof changeDepartmentBodySchema>;

export const AGENT_NOT_ASSIGNABLE = 'This agent cannot take tickets of that department';
export const AGENT_ALREADY_HANDLES = 'This agent already handles the ticket';
