import { z } from 'zod';

/** The languages the interface is translated into; the first is the fallback. */
export const LANGUAGES = ['en', 'af', 'bg', 'tr', 'es', 'ru', 'nl', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES, { message: 'Unsupported language' });

export const ROLES = ['admin', 'moderator', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Admins and moderators see every department's tickets; agents see their own department's. */
export const seesAllDepartments = (role: Role) => role === 'admin' || role === 'moderator';

export const PLATFORMS = ['telegram', 'whatsapp', 'wordpress', 'viber'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PRODUCT_NAME = 'KreeChat';
export const ACCENT_COLOUR = '#5cf6fc';
export const APP_VERSION = '1.0.0';
export const USER_GUIDE_PATH = '/user-guide/kreechat_user_guide_v1.0.pdf';

/** SPEC §9 timings shared by both sides. */
export const SESSION_RECHECK_MS = 10_000;
export const SESSION_WARNING_MS = 600_000;
export const RESET_REDIRECT_MS = 1_500;

export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const okSchema = z.object({ message: z.string() });

/** The body of a state-changing call that carries nothing: `{}` (a JSON body, so the same-origin rules apply). */
export const emptyBodySchema = z.object({});

export const uuidSchema = z.uuid({ message: 'Invalid id' });

/** Trimmed, non-empty text; `label` names the field in the error message. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} is too long` });

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Invalid email address' }).max(254));

/** ISO timestamp as sent over the wire; null means "never" (SPEC's 1970 epoch sentinel). */
export const timestampSchema = z.string();
export const nullableTimestampSchema = z.string().nullable();
