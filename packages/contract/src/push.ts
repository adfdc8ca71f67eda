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

/** A browser's PushSubscription as `toJSON()` gives it (keys in base64url): what /subscribe and /check-subscription take. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().trim().min(1, { message: 'The push endpoint is missing' }).max(2000),
  keys: z.object({
    // A P-256 public key (65 bytes) and a 16-byte secret, as RFC 8291 requires.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, { message: 'The p256dh key is not a P-256 public key' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, { message: 'The auth secret must be 16 bytes' }),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const updateSubscriptionBodySchema = z.object({ subscription: z.boolean() });
export type UpdateSubscriptionBody = z.infer<typeof updateSubscriptionBodySchema>;

/** Whether the caller (or, for /check-subscription, that browser) receives pushes now. */
export const pushStateResponseSchema = z.object({ subscribed: z.boolean() });
export type PushState = z.infer<typeof pushStateResponseSchema>;

/** GET /push/public-key (not named by SPEC §7): the VAPID key the browser subscribes with. */
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

export const PUSH_ENDPOINT_NOT_HTTPS = 'The push endpoint must use https';
export const PUSH_SERVICE_NOT_ALLOWED = 'This push service is not allowed';
