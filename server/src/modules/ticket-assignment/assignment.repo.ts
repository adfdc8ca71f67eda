import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { AssignableAgent } from '@kreechat/contract';
import type { Tx } from '../../db/client';
import { departments, users } from '../../db/schema';

/** What handing a ticket to someone reads: live departments and the agents in them. Read only. */
export const assignmentRepo = {
  /** A live department of the company, share-locked so a concurrent deletion waits for the move to commit. */
  async lockLiveDepartment(tx: Tx, companyId: string, id: string) {
    const [row] = await tx
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(and(eq(departments.companyId, companyId), eq(departments.id, id), isNull(departments.deletedAt)))
      .limit(1)
      .for('share');
    return row;
  },

  /** An enabled user of the company in a live department: who may be handed a ticket. */
  async assignable(tx: Tx, companyId: string, userId: string) {
    const [row] = await tx
      .select({ id: users.id, departmentId: users.departmentId })
      .from(users)
      .innerJoin(departments, eq(departments.id, users.departmentId))
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.id, userId),
          isNull(users.disabledAt),
          isNull(departments.deletedAt),
        ),
      )
      .limit(1)
      .for('share', { of: users });
    return row;
  },

  /** The enabled users of live departments (of one, when given) except `exceptUserId`, by department then name. */
  async assignableAgents(
    tx: Tx,
    companyId: string,
    departmentId: string | null,
    exceptUserId: string | null,
  ): Promise<AssignableAgent[]> {
    return tx
      .select({
        userid: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        departmentid: departments.id,
        department_name: departments.name,
      })
      .from(users)
      .innerJoin(departments, eq(departments.id, users.departmentId))
      .where(
        and(
          eq(users.companyId, companyId),
          isNull(users.disabledAt),
          isNull(departments.deletedAt),
          departmentId ? eq(users.departmentId, departmentId) : undefined,
          exceptUserId ? ne(users.id, exceptUserId) : undefined,
        ),
      )
      .orderBy(asc(departments.createdAt), asc(users.firstName), asc(users.lastName), asc(users.id));
  },
};
