import { z } from 'zod';
import { nullableTimestampSchema, PLATFORMS, timestampSchema } from './common';
import { TICKET_STAGES } from './tickets';

/** The admin tickets table pages by 10 from offset 10, 20, … until a page is empty (SPEC §9). */
export const ADMIN_TICKETS_PAGE = 10;
/** Deeper than any company's history; keeps a typo from asking the database for a billion-row skip. */
export const ADMIN_TICKETS_MAX_OFFSET = 10_000_000;
export const INVALID_TICKETS_OFFSET = 'Invalid offset';

/** SPEC §3 "Tickets widget data", names as the original spells them (telegramClosedTicketscount included). */
export const ticketWidgetDataSchema = z.object({
  totalTicketsCount: z.number().int(),
  whatsappTicketsCount: z.number().int(),
  telegramTicketsCount: z.number().int(),
  pendingTicketsCount: z.number().int(),
  /** Minutes from creation to acceptance over accepted tickets, 2 decimals; 0 when not positive. */
  averageAcceptanceTime: z.number(),
  closedTicketsCount: z.number().int(),
  whatsappClosedTicketsCount: z.number().int(),
  telegramClosedTicketscount: z.number().int(),
});
export type TicketWidgetData = z.infer<typeof ticketWidgetDataSchema>;

/** One row of the admin tickets table (SPEC §2); null dates mean "never". */
export const adminTicketRowSchema = z.object({
  ticketid: z.string(),
  stage: z.enum(TICKET_STAGES),
  platform: z.enum(PLATFORMS),
  department_name: z.string(),
  /** The handler's name; null while nobody accepted it. */
  user_name: z.string().nullable(),
  client_name: z.string(),
  account_number: z.string().nullable(),
  updated_on: timestampSchema,
  reopened_on: nullableTimestampSchema,
  accepted_on: nullableTimestampSchema,
  closed_on: nullableTimestampSchema,
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;

export const adminTicketsResponseSchema = z.object({
  widgetData: ticketWidgetDataSchema,
  tickets: z.array(adminTicketRowSchema),
});
export type AdminTicketsResponse = z.infer<typeof adminTicketsResponseSchema>;

export const adminTicketsPageSchema = z.object({ tickets: z.array(adminTicketRowSchema) });
export type AdminTicketsPage = z.infer<typeof adminTicketsPageSchema>;

export const adminTicketsOffsetParamsSchema = z.object({
  offset: z.coerce
    .number({ message: INVALID_TICKETS_OFFSET })
    .int({ message: INVALID_TICKETS_OFFSET })
    .min(0, { message: INVALID_TICKETS_OFFSET })
    .max(ADMIN_TICKETS_MAX_OFFSET, { message: INVALID_TICKETS_OFFSET }),
});
