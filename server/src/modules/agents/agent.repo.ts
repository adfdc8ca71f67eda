import { and, asc, avg, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { ACTION_TYPES, type ActionType, type Agent, type AgentAction } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { actionRecords, bubbles, departments, pushSubscriptions, tickets, users } from '../../db/schema';
import { fileUrl } from '../../files/storage';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const agentRepo = {
  async insert(tx: Tx, values: NewUser): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  },

  async findByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },

  async emailTaken(tx: Tx, email: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
      .limit(1);
    return Boolean(row);
  },

  async findInCompany(tx: Tx, companyId: string, id: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1);
    return row;
  },

  /**
   * Disables or enables a user of the company who has not been erased (an erased account stays disabled for good);
   * undefined when there is no such user.
   */
  async setDisabled(tx: Tx, companyId: string, id: string, disabledAt: Date | null): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ disabledAt })
      .where(and(eq(users.companyId, companyId), eq(users.id, id), isNull(users.erasedAt)))
      .returning();
    return row;
  },

  /**
   * Replaces a disabled, not yet erased user's personal data: the row stays for what points at it. Undefined when
   * the user is no longer disabled or already erased (a concurrent change won).
   */
  async erase(
    tx: Tx,
    companyId: string,
    id: string,
    values: { firstName: string; lastName: string; email: string; passwordHash: string; now: Date },
  ): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        passwordHash: values.passwordHash,
        profilePic: null,
        erasedAt: values.now,
      })
      .where(and(eq(users.companyId, companyId), eq(users.id, id), isNotNull(users.disabledAt), isNull(users.erasedAt)))
      .returning();
    return row;
  },

  async update(tx: Tx, companyId: string, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set(patch)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .returning();
    return row;
  },

  /**
   * The company's agents in the admin table's shape; push state comes from its own table, presence from the
   * caller (the presence rule of platform/presence.ts).
   */
  async listForAdmin(tx: Tx, companyId: string, online: Set<string>, onlyId?: string): Promise<Agent[]> {
    const rows = await tx
      .select({
        userid: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        department_name: departments.name,
        departmentid: users.departmentId,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
        role: users.role,
        disabledAt: users.disabledAt,
        erasedAt: users.erasedAt,
        profile_pic: users.profilePic,
        pushSubscribed: sql<boolean>`exists (select 1 from ${pushSubscriptions} p where p.user_id = ${users.id} and p.enabled)`,
      })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(onlyId ? and(eq(users.companyId, companyId), eq(users.id, onlyId)) : eq(users.companyId, companyId))
      .orderBy(asc(users.createdAt), asc(users.id));
    return rows.map((r) => ({
      userid: r.userid,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      department_name: r.department_name,
      departmentid: r.departmentid,
      created_on: r.createdAt.toISOString(),
      last_logged_on: r.lastLoginAt?.toISOString() ?? null,
      status: online.has(r.userid) && !r.disabledAt ? 'online' : 'offline',
      role: r.role,
      closed_on: r.disabledAt?.toISOString() ?? null,
      erased_on: r.erasedAt?.toISOString() ?? null,
      profile_pic: fileUrl(r.profile_pic),
      push_subscription: r.pushSubscribed ? 'subscribed' : 'not_subscribed',
    }));
  },

  /** The company's enabled users except `exceptId`, with their department's name, for the colleagues sidebar. */
  async listColleagues(tx: Tx, companyId: string, exceptId: string) {
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        department: departments.name,
        profile_pic: users.profilePic,
      })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(and(eq(users.companyId, companyId), ne(users.id, exceptId), isNull(users.disabledAt)));
    return rows.map((r) => ({ ...r, profile_pic: fileUrl(r.profile_pic) }));
  },

  async isPushSubscribed(tx: Tx, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.enabled, true)))
      .limit(1);
    return Boolean(row);
  },

  /** The users of the company whose id starts with `prefix` (at most two: enough to tell unique from ambiguous). */
  async idsStartingWith(tx: Tx, companyId: string, prefix: string): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), sql`${users.id}::text like ${`${prefix.toLowerCase()}%`}`))
      .limit(2);
    return rows.map((r) => r.id);
  },

  /** The profile widgets: tickets the user handles or closed, bubbles, and the average rating of those they closed. */
  async profileStats(tx: Tx, companyId: string, userId: string) {
    const [[handled], [made], [rated]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(tickets)
        .where(
          and(eq(tickets.companyId, companyId), or(eq(tickets.handlerId, userId), eq(tickets.closedById, userId))),
        ),
      tx
        .select({ n: count() })
        .from(bubbles)
        .where(and(eq(bubbles.companyId, companyId), eq(bubbles.userId, userId))),
      tx
        .select({ average: avg(tickets.rating) })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.closedById, userId), isNotNull(tickets.rating))),
    ]);
    return {
      tickets: handled?.n ?? 0,
      bubbles: made?.n ?? 0,
      rating: rated?.average == null ? null : Math.round(Number(rated.average) * 100) / 100,
    };
  },

  /** The user's latest actions of the kinds the profile shows (ACTION_TYPES); other kinds stay in the table. */
  async latestActions(tx: Tx, companyId: string, userId: string, limit: number): Promise<AgentAction[]> {
    const rows = await tx
      .select({
        action_type: actionRecords.actionType,
        createdAt: actionRecords.createdAt,
        ticketid: actionRecords.ticketId,
        rating: actionRecords.rating,
      })
      .from(actionRecords)
      .where(
        and(
          eq(actionRecords.companyId, companyId),
          eq(actionRecords.userId, userId),
          inArray(actionRecords.actionType, [...ACTION_TYPES]),
        ),
      )
      .orderBy(desc(actionRecords.createdAt), desc(actionRecords.id))
      .limit(limit);
    const shown = (type: string): type is ActionType => ACTION_TYPES.some((t) => t === type);
    return rows.flatMap(({ createdAt, action_type, ...r }) =>
      shown(action_type) ? [{ ...r, action_type, action_time: createdAt.toISOString() }] : [],
    );
  },
};
