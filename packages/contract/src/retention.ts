import { z } from 'zod';

/**
 * Data retention: a company may have its closed tickets' messages and files deleted once the ticket has been closed
 * this many months (null: kept for ever, the default). The ticket rows stay, so counts, ratings and response times
 * keep working.
 */
export const RETENTION_MIN_MONTHS = 1;
export const RETENTION_MAX_MONTHS = 120;

export const RETENTION_MESSAGES = {
  months: `Enter whole months from ${RETENTION_MIN_MONTHS} to ${RETENTION_MAX_MONTHS}`,
} as const;

/** A number of months in the allowed range; every refusal says the same, so one translation covers it. */
export const retentionMonthsSchema = z
  .number({ message: RETENTION_MESSAGES.months })
  .int({ message: RETENTION_MESSAGES.months })
  .min(RETENTION_MIN_MONTHS, { message: RETENTION_MESSAGES.months })
  .max(RETENTION_MAX_MONTHS, { message: RETENTION_MESSAGES.months });

/**
 * What the next sweep would delete at a setting: the closed tickets past it not yet swept, their messages, the
 * files those messages carry (an attachment with its previews is one file) and the attachments' bytes.
 */
export const retentionPreviewSchema = z.object({
  tickets: z.number().int(),
  messages: z.number().int(),
  files: z.number().int(),
  bytes: z.number().int(),
  /** Tickets closed before this moment are past the setting; null when retention is off. */
  closedBefore: z.string().nullable(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** GET /api/retention and the answer of PUT: the company's setting and what the next sweep would delete at it. */
export const retentionResponseSchema = z.object({
  months: z.number().int().nullable(),
  preview: retentionPreviewSchema,
});
export type RetentionResponse = z.infer<typeof retentionResponseSchema>;

/** PUT /api/retention: null switches retention off. */
export const retentionBodySchema = z.object({ months: retentionMonthsSchema.nullable() });
export type RetentionBody = z.infer<typeof retentionBodySchema>;

/** GET /api/retention/preview?months=6: the dry run of a value before it is saved. */
export const retentionPreviewQuerySchema = z.object({
  months: z.coerce.number({ message: RETENTION_MESSAGES.months }).pipe(retentionMonthsSchema),
});
