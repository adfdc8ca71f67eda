import type { Platform } from '@kreechat/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clientIdentities, clients, departments, tickets } from '../../db/schema';

/**
 * Read-only: who a job goes to, for the wording of the bots' texts (the client's language and the values of their
 * variables). One indexed lookup per job.
 */
export const recipientRepo = {
  /** The client and department of a ticket a message belongs to. */
  async ofTicket(tx: Tx, companyId: string, ticketId: string) {
    const [row] = await tx
      .select({ language: clients.language, clientName: clients.name, department: departments.name })
      .from(tickets)
      .innerJoin(clients, eq(clients.id, tickets.clientId))
      .innerJoin(departments, eq(departments.id, tickets.departmentId))
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
    return row;
  },

  /** The name of the client a bot's text goes to, by the channel identity it is addressed to. */
  async clientName(tx: Tx, to: { companyId: string; platform: Platform; recipient: string }) {
    const [row] = await tx
      .select({ name: clients.name })
      .from(clientIdentities)
      .innerJoin(clients, eq(clients.id, clientIdentities.clientId))
      .where(
        and(
          eq(clientIdentities.companyId, to.companyId),
          eq(clientIdentities.platform, to.platform),
          eq(clientIdentities.externalId, to.recipient),
        ),
      );
    return row?.name;
  },
};
