import { z } from 'zod';

/** What a web push carries to the service worker, which shows it as a system notification. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a click on the notification leads (same origin). */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per ticket or chat). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
