import { z } from 'zod';
import { nullableTimestampSchema, PLATFORMS, timestampSchema, uuidSchema } from './common';
import { MESSAGE_TYPES } from './messages';

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
  /** A preview of the newest message, for the ticket card: its text, or (see the type) the kind of file. */
  last_message: z.string().nullable(),
  last_message_type: z.enum(MESSAGE_TYPES).nullable(),
  last_message_on: nullableTimestampSchema,
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.array(ticketSchema);
export const ticketResponseSchema = z.object({ ticket: ticketSchema });

/** Closed tickets page by 10 (SPEC §9); the counter grows by 10 until a page comes back empty. */
export const CLOSED_TICKETS_PAGE = 10;
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

export const TICKET_ALREADY_ACCEPTED = 'This ticket has already been accepted';
export const TICKET_CLOSED = 'This ticket is closed';
export const NOT_TICKET_HANDLER = 'Only the agent handling this ticket can do this';
export const TICKET_NOT_FOUND = 'Ticket not found';
