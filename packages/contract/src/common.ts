import { z } from 'zod';
import { LANGUAGES, ROLES } from './constants';

export {
  LANGUAGES,
  type Language,
  PRODUCT_NAME,
  ACCENT_COLOUR,
  APP_VERSION,
  USER_GUIDE_PATH,
  SESSION_RECHECK_MS,
  SESSION_WARNING_MS,
  RESET_REDIRECT_MS,
  ROLES,
  type Role,
  seesAllDepartments,
} from './constants';

export const languageSchema = z.enum(LANGUAGES, { message: 'Unsupported language' });

export const roleSchema = z.enum(ROLES);

export const PLATFORMS = ['telegram', 'whatsapp', 'wordpress', 'viber'] as const;
export type Platform = (typeof PLATFORMS)[number];

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
