import { z } from 'zod';
import { timestampSchema } from './common';

/** One message between two colleagues (SPEC §2 private chat panel). */
export const privateMessageSchema = z.object({
  id: z.string(),
  chatid: z.string(),
  senderid: z.string(),
  receiverid: z.string(),
  type: z.string(),
  content: z.string(),
  created_on: timestampSchema,
});
export type PrivateMessage = z.infer<typeof privateMessageSchema>;

/** The sender as the receiving panel shows it (SPEC §3 Private chat: id, firstName, lastName, profile_pic). */
export const privateChatPeerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profile_pic: z.string().nullable(),
});
export type PrivateChatPeer = z.infer<typeof privateChatPeerSchema>;

export const PRIVATE_MESSAGE_MAX_LENGTH = 4096;
export const PRIVATE_CHAT_PAGE_SIZE = 50;
export const EMPTY_PRIVATE_MESSAGE = 'Cannot send an empty message';
export const COLLEAGUE_NOT_FOUND = 'Colleague not found';
export const CHAT_WITH_SELF = 'You cannot chat with yourself';

/** One day of a private chat, in the viewer's time zone. */
export const privateChatSectionSchema = z.object({ date: z.string(), messages: z.array(privateMessageSchema) });
export type PrivateChatSection = z.infer<typeof privateChatSectionSchema>;

export const privateChatParamsSchema = z.object({ userId: z.uuid({ message: 'Invalid id' }) });
export const privateChatQuerySchema = z.object({
  /** The `seq` to read before (the previous page's `nextCursor`); absent for the newest page. */
  before: z.coerce.number().int().min(1).optional(),
  /** The viewer's IANA time zone, for the day sections. */
  tz: z.string().max(64).optional(),
});
/** GET /:userId/private-chat: chatid is null while the pair has not written yet. */
export const privateChatResponseSchema = z.object({
  chatid: z.string().nullable(),
  sections: z.array(privateChatSectionSchema),
  /** Pass as `before` for older messages; null when this page reached the first message. */
  nextCursor: z.number().int().nullable(),
  peer: privateChatPeerSchema,
});
export type PrivateChatResponse = z.infer<typeof privateChatResponseSchema>;

/** SPEC §5: private messages are ignored when empty once trimmed. */
export const createPrivateMessageBodySchema = z.object({
  receiverid: z.uuid({ message: 'Invalid id' }),
  content: z
    .string({ message: EMPTY_PRIVATE_MESSAGE })
    .trim()
    .min(1, { message: EMPTY_PRIVATE_MESSAGE })
    .max(PRIVATE_MESSAGE_MAX_LENGTH, {
      message: `A message can have at most ${PRIVATE_MESSAGE_MAX_LENGTH} characters`,
    }),
  type: z.literal('text', { message: 'Only text messages can be sent privately' }).default('text'),
});
export type CreatePrivateMessageBody = z.infer<typeof createPrivateMessageBodySchema>;
export const createPrivateMessageResponseSchema = z.object({ message: privateMessageSchema });
