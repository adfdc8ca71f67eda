import { updateClientNumberBodySchema, type Ticket } from '@kreechat/contract';
import type { Viewer } from '@/lib/session';

/**
 * Whether the viewer may set the client's account number from this ticket's chat: like the server, the ticket's
 * handler, or anyone who sees every department (admins, moderators). Closed tickets included: the number belongs to
 * the client, not to the conversation.
 */
export const canEditClientNumber = (ticket: Ticket, viewer: Pick<Viewer, 'id' | 'canSeeAll'>): boolean =>
  viewer.canSeeAll || (ticket.userid !== null && ticket.userid === viewer.id);

export type ClientNumberProblem = 'required' | 'tooLong';

/** What keeps `text` from being sent, by the contract's own rule for `client_number` (trimmed, 1 to 100). */
export function clientNumberProblem(text: string): ClientNumberProblem | null {
  const result = updateClientNumberBodySchema.shape.client_number.safeParse(text);
  if (result.success) return null;
  return result.error.issues.some((issue) => issue.code === 'too_big') ? 'tooLong' : 'required';
}
