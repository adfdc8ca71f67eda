import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, departments, departmentSettings, messages, tickets } from '../../db/schema';

/** Where the still-waiting sweep stopped: tickets after this one (by creation, then id) come next. */
export type SweepCursor = { createdAt: Date; id: string };

export type StillWaitingCandidate = Awaited<ReturnType<typeof autoSendRepo.stillWaitingCandidates>>[number];

/**
 * What sending automatic messages reads: the still-waiting sweep's candidates, the client's last message, a department's
 * name. Read only: the marks they keep on a ticket are set through the tickets module's repo.
 */
export const autoSendRepo = {
  /**
   * Pending tickets not yet told they are still waiting, whose department has a still-waiting delay, in creation
   * order after `after` (tickets_still_waiting_idx), with what the message needs. Whether the delay has passed is
   * working time by the department's schedule, so the caller decides that.
   */
  async stillWaitingCandidates(tx: Tx, after: SweepCursor | null, limit: number) {
    return tx
      .select({
        id: tickets.id,
        companyId: tickets.companyId,
        departmentId: tickets.departmentId,
        departmentName: departments.name,
        clientId: tickets.clientId,
        clientName: clients.name,
        clientLanguage: clients.language,
        platform: tickets.platform,
        channelRef: tickets.channelRef,
        createdAt: tickets.createdAt,
        awaitingSince: tickets.awaitingSince,
        reopenedAt: tickets.reopenedAt,
      })
      .from(tickets)
      .innerJoin(departmentSettings, eq(departmentSettings.departmentId, tickets.departmentId))
      .innerJoin(departments, eq(departments.id, tickets.departmentId))
      .innerJoin(clients, eq(clients.id, tickets.clientId))
      .where(
        and(
          eq(tickets.stage, 'pending'),
          isNull(tickets.stillWaitingAt),
          isNull(tickets.handlerId),
          isNotNull(departmentSettings.stillWaitingMin),
          eq(clients.blocked, false),
          after
            ? or(
                gt(tickets.createdAt, after.createdAt),
                and(eq(tickets.createdAt, after.createdAt), gt(tickets.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(limit);
  },

  /** When the client last wrote in this ticket (a channel's free-form window counts from it). */
  async lastClientMessageAt(tx: Tx, ticketId: string): Promise<Date | null> {
    const [row] = await tx
      .select({ at: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.ticketId, ticketId),
          eq(messages.isAgent, false),
          inArray(messages.type, ['text', 'image', 'video', 'audio', 'document', 'location']),
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(1);
    return row?.at ?? null;
  },

  async departmentName(tx: Tx, departmentId: string): Promise<string> {
    const [row] = await tx
      .select({ name: departments.name })
      .from(departments)
      .where(eq(departments.id, departmentId))
      .limit(1);
    return row?.name ?? '';
  },
};
