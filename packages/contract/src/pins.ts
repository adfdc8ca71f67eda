import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
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

export const pinnedMessageListSchema = z.array(pinnedMessageSchema);

export const pinParamsSchema = z.object({ ticketid: uuidSchema });

/**
 * POST /{ticketid}/pin-message (SPEC §7). Only `messageid` is trusted: everything else the original client sent
 * (content, type, author…) is read from the database, so a pin can never show text the chat does not hold.
 */
export const pinMessageBodySchema = z.object({
  messageid: uuidSchema,
  ticketid: uuidSchema.optional(),
  agentid: z.string().nullish(),
  content: z.string().nullish(),
  clientid: z.string().nullish(),
  created_on: z.string().nullish(),
  type: z.string().nullish(),
  fileName: z.string().nullish(),
  ticket_created_on: z.string().nullish(),
});
export type PinMessageBody = z.infer<typeof pinMessageBodySchema>;
export const pinResponseSchema = z.object({ pin: pinnedMessageSchema });

/**
 * POST /{ticketid}/unpin-message. SPEC §7 names the message by its creation time (`createdOn`); `messageid` is
 * preferred when given, since two messages can share an instant.
 */
export const unpinMessageBodySchema = z
  .object({
    messageid: uuidSchema.optional(),
    createdOn: z.iso.datetime({ offset: true, message: 'Invalid createdOn' }).optional(),
    ticket_created_on: z.string().nullish(),
  })
  .refine((body) => body.messageid !== undefined || body.createdOn !== undefined, {
    message: 'Name the message to unpin (messageid or createdOn)',
  });
export type UnpinMessageBody = z.infer<typeof unpinMessageBodySchema>;
export const unpinResponseSchema = z.object({ ticketid: z.string(), messageid: z.string() });

export const pinnedListQuerySchema = z.object({ created_on: z.string().optional() });

export const MESSAGE_NOT_FOUND = 'Message not found';
