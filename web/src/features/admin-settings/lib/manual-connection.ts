import { connectWhatsAppNumberBodySchema } from '@kreechat/contract';
import type { z } from 'zod';

export type ManualConnection = z.infer<typeof connectWhatsAppNumberBodySchema>;
export type ManualField = keyof ManualConnection;
export type ManualProblem = 'required' | 'notANumber' | 'tooLong';

/**
 * The manual connection form checked with the contract's schema before sending: each field's problem (missing,
 * not the digits Meta shows, a token too long), or the trimmed values.
 */
export function checkManualConnection(
  values: Record<ManualField, string>,
): { ok: true; body: ManualConnection } | { ok: false; problems: Partial<Record<ManualField, ManualProblem>> } {
  const parsed = connectWhatsAppNumberBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Partial<Record<ManualField, ManualProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = (['wabaId', 'phoneNumberId', 'accessToken'] as const).find((name) => name === issue.path[0]);
    if (!field || problems[field]) continue;
    problems[field] = values[field].trim() === '' ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'notANumber';
  }
  return { ok: false, problems };
}
