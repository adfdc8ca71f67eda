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

/** `agent=none`: the tickets nobody accepted yet. */
export const NOT_ACCEPTED_AGENT = 'none';

/**
 * The columns the table sorts by; each maps to one SQL expression in the ticket-table repo, so nothing the caller
 * sends reaches the ORDER BY but these names. `updated` is the default (newest activity first).
 */
export const ADMIN_TICKETS_SORTS = [
  'updated',
  'created',
  'accepted',
  'closed',
  'stage',
  'department',
  'handler',
  'client',
  'account',
  'platform',
] as const;
export type AdminTicketsSort = (typeof ADMIN_TICKETS_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * Which timestamp `from`/`to` bound. `created` (the default) never moves, so a ticket stays in or out of a range
 * while the table is paged; `updated` follows every message and answers "what was active on those days".
 */
export const ADMIN_TICKETS_DATE_FIELDS = ['created', 'updated'] as const;
export type AdminTicketsDateField = (typeof ADMIN_TICKETS_DATE_FIELDS)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD that exists (2026-02-30 does not); bounds are whole UTC days. */
const isoDay = (name: string) =>
  z.string().refine((value) => ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: `Invalid ${name}: expected a date as YYYY-MM-DD`,
  });

const INVALID_AGENT = `Invalid agent: expected an agent id or "${NOT_ACCEPTED_AGENT}"`;

/** One value or several: `stage=pending,closed` and `stage=pending&stage=closed` read alike. */
const listOf = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((raw) => [...new Set((Array.isArray(raw) ? raw : [raw]).flatMap((part) => part.split(',')))])
    .pipe(z.array(z.enum(values, { message: `Invalid ${name}: expected ${values.join(', ')}` })).min(1));

/**
 * The table's filters and order (query string of both GET /get-tickets and GET /{offset}/get-tickets). Every filter
 * narrows the caller's own scope (company, and for an agent their department plus own tickets), so an id of
 * another company's department or agent matches nothing. Unknown keys are refused, so a misspelt filter cannot
 * silently show everything.
 */
export const adminTicketsQuerySchema = z
  .strictObject(
    {
      stage: listOf(TICKET_STAGES, 'stage').optional(),
      platform: listOf(PLATFORMS, 'platform').optional(),
      department: z.uuid({ message: 'Invalid department: expected a department id' }).optional(),
      agent: z
        .union([z.literal(NOT_ACCEPTED_AGENT, { message: INVALID_AGENT }), z.uuid({ message: INVALID_AGENT })])
        .optional(),
      date_field: z
        .enum(ADMIN_TICKETS_DATE_FIELDS, { message: 'Invalid date_field: expected created or updated' })
        .default('created'),
      from: isoDay('from').optional(),
      to: isoDay('to').optional(),
      sort: z
        .enum(ADMIN_TICKETS_SORTS, { message: `Invalid sort: expected ${ADMIN_TICKETS_SORTS.join(', ')}` })
        .default('updated'),
      dir: z.enum(SORT_DIRECTIONS, { message: 'Invalid dir: expected asc or desc' }).default('desc'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys.join(', ')}` : undefined) },
  )
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Invalid date range: from is after to' });
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;
/** What a caller may send: every key optional, lists as arrays (the web app writes them comma-joined). */
export type AdminTicketsFilters = z.input<typeof adminTicketsQuerySchema>;

// Response times -----------------------------------------------------------------------------------

/** GET /api/get-response-times?from=&to= (admins): tickets created in [from, to], days in the company's zone. */
export const responseTimesQuerySchema = z
  .strictObject({ from: isoDay('from'), to: isoDay('to') })
  .refine((q) => q.from <= q.to, { message: 'Invalid date range: from is after to' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Invalid date range: at most a year',
  });
export type ResponseTimesQuery = z.infer<typeof responseTimesQuerySchema>;

/**
 * One department's first responses over the period, in working seconds (only its opening hours count). `within`
 * counts answered tickets at or under the target, plus none of the unanswered: a ticket still waiting past its
 * target is a miss, one still inside it is not counted yet.
 */
export const departmentResponseTimesSchema = z.object({
  departmentid: z.string(),
  department_name: z.string(),
  tickets: z.number().int(),
  answered: z.number().int(),
  median_sec: z.number().nullable(),
  p90_sec: z.number().nullable(),
  target_min: z.number().int().nullable(),
  /** Share (0–1) of tickets answered within the target, of those decided; null without a target or tickets. */
  within_target: z.number().nullable(),
});
export type DepartmentResponseTimes = z.infer<typeof departmentResponseTimesSchema>;

export const responseTimesResponseSchema = z.object({
  time_zone: z.string(),
  departments: z.array(departmentResponseTimesSchema),
});
export type ResponseTimesResponse = z.infer<typeof responseTimesResponseSchema>;
