import { z } from 'zod';
import { nullableTimestampSchema, PLATFORMS, timestampSchema } from './common';

export const NOTIFICATION_TYPES = ['text', 'rating'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** SPEC §3 Notification: a message that arrived while away, a private message, or a received rating. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Who it is about: the client's or the colleague's name. */
  name: z.string(),
  content: z.string().nullable(),
  created_on: timestampSchema,
  ticketid: z.string().nullable(),
  ticket_created_on: nullableTimestampSchema,
  ticket_platform: z.enum(PLATFORMS).nullable(),
  /** The colleague who sent a private message; null otherwise. */
  senderid: z.string().nullable(),
  /** The rating (1–3) of a rating notification. */
  rating: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
