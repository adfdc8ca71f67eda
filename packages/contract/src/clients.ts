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
