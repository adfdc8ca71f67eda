import type { Tx } from '../../db/client';
import type { ActionService } from '../actions';
import { clientRepo } from '../clients';
import { ticketRepo, type TicketRow } from './ticket.repo';

/** The 'reopen' note the chat shows; written the same way whoever reopens. */
export type ReopenMessageValues = {
  companyId: string;
  ticketId: string;
  clientId: string;
  type: 'reopen';
  content: string;
  createdAt: Date;
};

/**
 * SPEC §4 "closed → reopened (back to pending)": the one way a closed ticket opens again, whether its client
 * writes in (intake) or an agent presses Reopen. Inside the caller's transaction, with the ticket row locked:
 * pending without a handler, in its department (or the first live one if that was deleted since), the client's
 * reopen count up, a 'reopen' message and a `ticket_reopen` action. The caller emits `newTicket` with
 * `reopenTicket: true` and the message after its commit.
 */
export async function reopenClosedTicket<M>(
  tx: Tx,
  deps: { actions: ActionService; insertMessage: (tx: Tx, values: ReopenMessageValues) => Promise<M> },
  ticket: TicketRow,
  by: {
    now: Date;
    /** The agent reopening it; null when the client's message does. */
    userId: string | null;
    /** The conversation the client now writes from (a channel may move it); unchanged for an agent. */
    channelRef?: string | null;
  },
): Promise<{ ticket: TicketRow; message: M }> {
  const departments = await ticketRepo.liveDepartments(tx, ticket.companyId);
  const departmentId = departments.some((d) => d.id === ticket.departmentId) ? ticket.departmentId : departments[0]!.id;
  const reopened = await ticketRepo.update(tx, ticket.companyId, ticket.id, {
    stage: 'pending',
    handlerId: null,
    departmentId,
    reopenedAt: by.now,
    updatedAt: by.now,
    // A client writing in waits for an answer from now; an agent reopening owes none yet.
    awaitingSince: by.userId === null ? by.now : null,
    // Open again, it is no retention candidate; cleared, its next close is swept like any other (its new messages
    // are deleted once that close is old enough), since the sweep only takes tickets not yet purged.
    purgedAt: null,
    ...(by.channelRef !== undefined ? { channelRef: by.channelRef } : {}),
  });
  await clientRepo.countReopen(tx, ticket.companyId, ticket.clientId);
  const message = await deps.insertMessage(tx, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    clientId: ticket.clientId,
    type: 'reopen',
    content: 'Ticket reopened',
    createdAt: by.now,
  });
  await deps.actions.record(
    {
      companyId: ticket.companyId,
      userId: by.userId,
      clientId: ticket.clientId,
      ticketId: ticket.id,
      actionType: 'ticket_reopen',
    },
    tx,
  );
  return { ticket: reopened, message };
}
