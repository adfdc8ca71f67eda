import { z } from 'zod';
import { nullableTimestampSchema, PLATFORMS, timestampSchema } from './common';

/** `mention`: a colleague mentioned the user in an internal note (`name` is the colleague, `content` the note). */
export const NOTIFICATION_TYPES = ['text', 'rating', 'mention'] as const;
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
  /** The colleague who sent a private message or wrote the note; null otherwise. */
  senderid: z.string().nullable(),
  /** The rating (1–3) of a rating notification. */
  rating: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications returns at most this many, the newest (older ones stay stored until cleared). */
export const NOTIFICATIONS_LIMIT = 200;

/** One day of the notifications panel, newest first, in the viewer's time zone. */
export const notificationSectionSchema = z.object({ date: z.string(), notifications: z.array(notificationSchema) });
export type NotificationSection = z.infer<typeof notificationSectionSchema>;

export const notificationsQuerySchema = z.object({ tz: z.string().max(64).optional() });
export const notificationsResponseSchema = z.object({
  sections: z.array(notificationSectionSchema),
  /** How many are unseen. */
  count: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
export const notificationCountSchema = z.object({ count: z.number().int() });

export const saveNotificationParamsSchema = z.object({ receiverid: z.uuid({ message: 'Invalid id' }) });
/** POST /:receiverid/save-notification: the caller tells the receiver's inbox about the private message it sent. */
export const saveNotificationBodySchema = z.object({
  senderid: z.uuid({ message: 'Invalid id' }),
  chatid: z.uuid({ message: 'Invalid id' }),
  content: z
    .string({ message: 'Cannot send an empty message' })
    .trim()
    .min(1, { message: 'Cannot send an empty message' })
    .max(4096, { message: 'A message can have at most 4096 characters' }),
  type: z.literal('text', { message: 'Only text notifications can be saved' }).default('text'),
});
export type SaveNotificationBody = z.infer<typeof saveNotificationBodySchema>;
export const saveNotificationResponseSchema = z.object({ notification: notificationSchema });
