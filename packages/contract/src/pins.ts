import { z } from 'zod';
import { timestampSchema } from './common';
import { MESSAGE_TYPES } from './messages';

/** A message pinned in a ticket's chat (SPEC §3 Pinned message), with what the pinned panel and the jump need. */
export const pinnedMessageSchema = z.object({
  pinid: z.string(),
  ticketid: z.string(),
  messageid: z.string(),
  /** The pinned message's own cursor and time: the jump to it asks for the chat slice around them. */
  message_seq: z.number().int(),
  message_created_on: timestampSchema,
  type: z.enum(MESSAGE_TYPES),
  content: z.string(),
  fileName: z.string().nullable(),
  /** Who pinned it, and when. */
  username: z.string(),
  created_on: timestampSchema,
});
export type PinnedMessage = z.infer<typeof pinnedMessageSchema>;
