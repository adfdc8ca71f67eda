import { z } from 'zod';
import { timestampSchema } from './common';

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
