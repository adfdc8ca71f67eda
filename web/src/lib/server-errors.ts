import i18next from 'i18next';
import { formatDuration } from './format';

/**
 * The reader's words for a coded error answer (`{ message, code, params }`, SERVER_ERRORS in the contract), or null
 * when the answer has no code or this build has no text for it: the caller then shows the server's English.
 * A wait (`params.seconds`) is worded in the reader's language as `wait`.
 */
export function serverErrorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !/^\w+$/.test(code)) return null;
  const key = `serverErrors.${code}`;
  if (!i18next.exists(key)) return null;
  const values: Record<string, unknown> = params && typeof params === 'object' ? { ...params } : {};
  if (typeof values.seconds === 'number') values.wait = formatDuration(values.seconds, i18next.language);
  return i18next.t(key as never, values as never) as unknown as string;
}
