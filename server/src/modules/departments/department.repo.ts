import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { departments, tickets, users } from '../../db/schema';

export type DepartmentRow = typeof departments.$inferSelect;

export const departmentRepo = {
  async insert(tx: Tx, companyId: string, name: string): Promise<DepartmentRow> {
    const [row] = await tx.insert(departments).values({ companyId, name }).returning();
    return row!;
  },

  /** Every department of the company, deleted ones included (their tickets still name them), oldest first. */
  listAll: (tx: Tx, companyId: string) =>
    tx.select().from(departments).where(eq(departments.companyId, companyId)).orderBy(asc(departments.createdAt)),

  listLive: (tx: Tx, companyId: string) =>
    tx
      .select({ departmentid: departments.id, department_name: departments.name })
      .from(departments)
      .where(and(eq(departments.companyId, companyId), isNull(departments.deletedAt)))
      .orderBy(asc(departments.createdAt)),

  async findLive(tx: Tx, companyId: string, id: string, options: { lock?: boolean } = {}) {
    const query = tx
      .select()
      .from(departments)
      .where(and(eq(departments.companyId, companyId), eq(departments.id, id), isNull(departments.deletedAt)))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async findLiveByName(tx: Tx, companyId: string, name: string) {
    const [row] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          eq(departments.companyId, companyId),
          isNull(departments.deletedAt),
          sql`lower(${departments.name}) = lower(${name})`,
        ),
      )
      .limit(1);
    return row;
  },

  async countLive(tx: Tx, companyId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(departments)
      .where(and(eq(departments.companyId, companyId), isNull(departments.deletedAt)));
    return row?.n ?? 0;
  },

  async softDelete(tx: Tx, companyId: string, id: string, now: Date) {
    await tx
      .update(departments)
      .set({ deletedAt: now })
      .where(and(eq(departments.companyId, companyId), eq(departments.id, id)));
  },

  /** Per live department: enabled agents, all tickets, pending tickets and the average rating, in two grouped scans. */
  async statistics(tx: Tx, companyId: string) {
    const agentCounts = await tx
      .select({ departmentId: users.departmentId, agentCount: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.disabledAt)))
      .groupBy(users.departmentId);
    const ticketStats = await tx
      .select({
        departmentId: tickets.departmentId,
        ticketsCount: sql<number>`count(*)::int`,
        pendingTicketsCount: sql<number>`(count(*) filter (where ${tickets.stage} = 'pending'))::int`,
        averageRating: sql<number | null>`avg(${tickets.rating})::float8`,
      })
      .from(tickets)
      .where(eq(tickets.companyId, companyId))
      .groupBy(tickets.departmentId);
    return { agentCounts, ticketStats };
  },

  /** What still holds a department: its enabled agents and its pending tickets. */
  async holds(tx: Tx, companyId: string, id: string) {
    const [agents] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.departmentId, id), isNull(users.disabledAt)));
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.departmentId, id), eq(tickets.stage, 'pending')));
    return { agents: agents?.n ?? 0, pendingTickets: pending?.n ?? 0 };
  },
};
