import { z } from 'zod';

/**
 * GET /api/storage/usage (admins): how much of the company's file storage is used, what came in over the last day
 * and through which channel account, and the limits (QUOTA_SESSION_DAY, QUOTA_SITE_DAY, QUOTA_COMPANY). Sizes
 * are bytes; thumbnails count with their files. "The last day" is the quotas' own window: the 24 hours up to now.
 */

/** Where an upload came from: agents' own files (replies, profile pictures), or a channel account's clients. */
export const STORAGE_SOURCES = ['agents', 'wordpress', 'telegram', 'whatsapp', 'other'] as const;
export type StorageSource = (typeof STORAGE_SOURCES)[number];

export const storageLimitsSchema = z.object({
  /** What one widget session, or one Telegram/WhatsApp client, may upload in 24 hours. */
  senderDayBytes: z.number().int().positive(),
  /** What one WordPress site, Telegram bot or WhatsApp number may take in from its clients in 24 hours. */
  channelDayBytes: z.number().int().positive(),
  /** What the company may keep in all. */
  companyBytes: z.number().int().positive(),
});
export type StorageLimits = z.infer<typeof storageLimitsSchema>;

export const storageChannelUsageSchema = z.object({
  source: z.enum(STORAGE_SOURCES),
  /** The site's token id, the bot's or number's id; null for agents and for files stored before quotas. */
  channelRef: z.string().nullable(),
  /** The site's token name, the bot's username, the number as shown; null where there is none. */
  name: z.string().nullable(),
  bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
});
export type StorageChannelUsage = z.infer<typeof storageChannelUsageSchema>;

export const storageUsageSchema = z.object({
  limits: storageLimitsSchema,
  usedBytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  lastDayBytes: z.number().int().nonnegative(),
  /** The last 24 hours by channel account, largest first. */
  lastDay: z.array(storageChannelUsageSchema),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;
