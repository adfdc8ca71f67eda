import { z } from 'zod';
import { nullableTimestampSchema, PLATFORMS, timestampSchema } from './common';
import { TICKET_STAGES } from './tickets';

export const clientSchema = z.object({
  clientid: z.string(),
  short_id: z.string(),
  client_name: z.string(),
  account_number: z.string().nullable(),
  address: z.string().nullable(),
  note: z.string().nullable(),
  blocked_on: z.boolean(),
  count_ticket_reopened: z.number().int(),
  created_on: timestampSchema,
  /**
   * A channel vouches for one of the client's identities (see `clientIdentitySchema.verified`). False for a WordPress
   * guest: their name and e-mail are only what they typed, so anyone may have typed the same.
   */
  verified: z.boolean(),
  /** When an admin erased the client (name "Erased client", no details, identities or message texts); null: never. */
  erased_on: nullableTimestampSchema,
});
export type Client = z.infer<typeof clientSchema>;

export const clientIdParamsSchema = z.object({ clientid: z.uuid({ message: 'Invalid client ID!' }) });
export const blockClientResponseSchema = z.object({ clientid: z.string(), blocked_on: z.boolean() });

/** What the admin panel's client list asks for first, then page by page. */
export const CLIENTS_FIRST_PAGE = 20;
export const CLIENTS_PAGE = 10;
export const CLIENT_SEARCH_LIMIT = 50;
export const CLIENT_NOT_FOUND = 'Client not found';

export const clientsOverviewSchema = z.object({ totalClients: z.number().int(), clients: z.array(clientSchema) });
export const clientsOffsetParamsSchema = z.object({
  offset: z.coerce.number({ message: 'Invalid offset' }).int({ message: 'Invalid offset' }).min(0, {
    message: 'Invalid offset',
  }),
});
export const clientSearchParamsSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { message: 'Search text is required' })
    .max(80, { message: 'Search text is too long' }),
});
/** A client's profile is addressed by its uuid or by its short id (the profile URL carries the short id). */
export const clientRefParamsSchema = z.object({
  id: z.string().trim().min(1, { message: 'Invalid client ID!' }).max(64, { message: 'Invalid client ID!' }),
});

export const clientActionSchema = z.object({
  actionid: z.string(),
  action_type: z.string(),
  userid: z.string().nullable(),
  user_name: z.string().nullable(),
  ticketid: z.string().nullable(),
  rating: z.number().int().nullable(),
  created_on: timestampSchema,
});
export type ClientAction = z.infer<typeof clientActionSchema>;
export const clientProfileSchema = z.object({ client: clientSchema, client_actions: z.array(clientActionSchema) });
export type ClientProfile = z.infer<typeof clientProfileSchema>;

const requiredText = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(max, { message: `${field} is too long` });

/** The longest account number either edit accepts (after trimming). */
export const CLIENT_ACCOUNT_NUMBER_MAX = 100;

export const updateClientBodySchema = z.object({
  client_name: requiredText('Client name', 200),
  address: requiredText('Address', 500),
  account_number: requiredText('Account number', CLIENT_ACCOUNT_NUMBER_MAX),
  note: requiredText('Note', 2000),
  clientid: z.uuid({ message: 'Invalid client ID!' }),
});
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

export const updateClientNumberBodySchema = z.object({
  client_number: requiredText('Account number', CLIENT_ACCOUNT_NUMBER_MAX),
  clientid: z.uuid({ message: 'Invalid client ID!' }),
  departmentId: z.uuid({ message: 'Department not found!' }),
  created_on: z.iso.datetime({ offset: true, message: 'Invalid account creation date!' }),
  ticketid: z.uuid({ message: 'Invalid ticket ID' }),
});
export type UpdateClientNumberBody = z.infer<typeof updateClientNumberBodySchema>;

/** "Who the client is": the chat's side panel and the admin client profile read it in one call. */
export const CLIENT_PANEL_TICKETS_PAGE = 20;

/**
 * How the client is reached on a channel, ready to show: a Telegram chat id, a WhatsApp number in international
 * form, the e-mail a WordPress visitor gave. `value` is null where the channel told us nothing showable (a WordPress
 * guest who typed no e-mail).
 */
export const CLIENT_IDENTITY_KINDS = ['chat_id', 'phone', 'email', 'id'] as const;
export const clientIdentitySchema = z.object({
  platform: z.enum(PLATFORMS),
  kind: z.enum(CLIENT_IDENTITY_KINDS),
  value: z.string().nullable(),
  /**
   * The public handle the channel last reported (Telegram's @username, without the @; it may change or be removed,
   * and is kept current from every update); null when there is none.
   */
  username: z.string().nullable(),
  since: timestampSchema,
  /**
   * The channel vouches for it: a Telegram chat, a WhatsApp number, an e-mail the WordPress site signed. False for a
   * WordPress guest's, whose name and e-mail are only what they typed.
   */
  verified: z.boolean(),
});
export type ClientIdentity = z.infer<typeof clientIdentitySchema>;

export const clientPanelTicketSchema = z.object({
  ticketid: z.string(),
  stage: z.enum(TICKET_STAGES),
  platform: z.enum(PLATFORMS),
  department_name: z.string(),
  /** The handler's name; null while nobody accepted it. */
  user_name: z.string().nullable(),
  created_on: timestampSchema,
  closed_on: nullableTimestampSchema,
  /** 1–3 as the client rated it (widget and bot buttons); null when not rated. */
  rating: z.number().int().nullable(),
});
export type ClientPanelTicket = z.infer<typeof clientPanelTicketSchema>;

export const clientPanelSchema = z.object({
  client: clientSchema,
  identities: z.array(clientIdentitySchema),
  /** Over the tickets the caller may see (an agent: their department's and their own). */
  counts: z.object({ tickets: z.number().int(), open: z.number().int(), rated: z.number().int() }),
  /** The average of the ratings given, 2 decimals; null when none. */
  average_rating: z.number().nullable(),
  /** Newest first, CLIENT_PANEL_TICKETS_PAGE at a time. */
  tickets: z.array(clientPanelTicketSchema),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.string().nullable(),
});
export type ClientPanel = z.infer<typeof clientPanelSchema>;

export const clientPanelQuerySchema = z.object({
  /** The last ticket of the previous page: the page holds the tickets created before it. */
  before: z.uuid({ message: 'Invalid ticket ID' }).optional(),
});
export type ClientPanelQuery = z.infer<typeof clientPanelQuerySchema>;
