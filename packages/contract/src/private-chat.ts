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
