import { z } from 'zod';
import { timestampSchema } from './common';

/**
 * Data protection for clients: an admin exports everything held about a client (a ZIP of JSON and their files),
 * or erases the client. Erasure keeps the rows that counts and reports read (the client, their tickets, the
 * messages' places in each chat) and removes what says who they are and what they wrote: names, contact details,
 * channel identities, message texts and files.
 */

/** The name an erased client keeps (the web shows its own translation of it when `erased_on` is set). */
export const ERASED_CLIENT_NAME = 'Erased client';

/** What the admin types to confirm an erasure when the client's name does not suit (the name always works too). */
export const ERASE_CONFIRMATION_WORD = 'ERASE';

export const PRIVACY_MESSAGES = {
  alreadyErased: 'This client has already been erased',
  erasedNoExport: 'This client has been erased: there is nothing left to export',
  erasedNoReopen: 'This client has been erased: their tickets cannot be reopened',
} as const;

/** DELETE /api/clients/:clientid: when it happened (the client row stays, renamed). */
export const clientEraseResponseSchema = z.object({ clientid: z.string(), erased_on: timestampSchema });
export type ClientEraseResponse = z.infer<typeof clientEraseResponseSchema>;

/** The ZIP's name for a client's export: their short id, which names no one. */
export const clientExportFileName = (shortId: string) => `client-${shortId}-export.zip`;

/**
 * Whether what the admin typed confirms an erasure: `expected` itself (a client's name, an agent's e-mail; spaces
 * around it and letter case aside) or the word {@link ERASE_CONFIRMATION_WORD}.
 */
export function confirmsErase(typed: string, expected: string): boolean {
  const text = typed.trim();
  if (!text) return false;
  return text === ERASE_CONFIRMATION_WORD || text.toLocaleLowerCase() === expected.trim().toLocaleLowerCase();
}
