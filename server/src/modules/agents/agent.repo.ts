import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Agent } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { departments, pushSubscriptions, sessions, users } from '../../db/schema';
import { fileUrl } from '../../files/storage';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A user counts as online while one of their sessions was used within this window (the guard polls every 10 s). */
export const ONLINE_WINDOW_MS = 90_000;

const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();

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

  async update(tx: Tx, companyId: string, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set(patch)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .returning();
    return row;
  },

  /** The company's agents in the admin table's shape; presence and push state come from their own tables. */
  async listForAdmin(tx: Tx, companyId: string, now: Date, onlyId?: string): Promise<Agent[]> {
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
        profile_pic: users.profilePic,
        online: sql<boolean>`exists (select 1 from ${sessions} s where s.user_id = ${users.id}
          and s.last_seen_at > ${onlineSince(now)} and s.expires_at > ${now.toISOString()})`,
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
      status: r.online && !r.disabledAt ? 'online' : 'offline',
      role: r.role,
      closed_on: r.disabledAt?.toISOString() ?? null,
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
};
