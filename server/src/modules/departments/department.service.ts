import { DEPARTMENT_HAS_AGENTS, DEPARTMENT_HAS_PENDING, type AdminDepartmentsResponse } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { departmentRepo } from './department.repo';

export const DEPARTMENT_NOT_FOUND = 'Department not found!';
export const DEFAULT_DEPARTMENT_NAME = 'General';

export type DepartmentService = ReturnType<typeof createDepartmentService>;

export function createDepartmentService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    listLive: (companyId: string) => departmentRepo.listLive(db, companyId),

    async adminOverview(companyId: string): Promise<AdminDepartmentsResponse> {
      const all = await departmentRepo.listAll(db, companyId);
      const { agentCounts, ticketStats } = await departmentRepo.statistics(db, companyId);
      const agentsBy = new Map(agentCounts.map((r) => [r.departmentId, r.agentCount]));
      const ticketsBy = new Map(ticketStats.map((r) => [r.departmentId, r]));
      return {
        departments: all.map((d) => ({
          departmentid: d.id,
          department_name: d.name,
          deleted_on: d.deletedAt?.toISOString() ?? null,
        })),
        statistics: all
          .filter((d) => !d.deletedAt)
          .map((d) => {
            const t = ticketsBy.get(d.id);
            return {
              departmentid: d.id,
              department_name: d.name,
              averageRating: t?.averageRating ? Math.round(t.averageRating * 100) / 100 : 0,
              agentCount: agentsBy.get(d.id) ?? 0,
              ticketsCount: t?.ticketsCount ?? 0,
              pendingTicketsCount: t?.pendingTicketsCount ?? 0,
            };
          }),
      };
    },

    /** The live department of this company with that id, or 404: ids of other companies do not exist here. */
    async requireLive(companyId: string, id: string, tx: Tx = db) {
      const department = await departmentRepo.findLive(tx, companyId, id);
      if (!department) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
      return department;
    },

    async create(companyId: string, name: string, tx: Tx = db) {
      if (await departmentRepo.findLiveByName(tx, companyId, name)) {
        throw new ConflictError('A department with this name already exists');
      }
      return departmentRepo.insert(tx, companyId, name);
    },

    /** Soft-deletes a department once nothing holds it; the row lock keeps a concurrent assignment from slipping in. */
    async delete(companyId: string, id: string) {
      await db.transaction(async (tx) => {
        const department = await departmentRepo.findLive(tx, companyId, id, { lock: true });
        if (!department) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
        const holds = await departmentRepo.holds(tx, companyId, id);
        if (holds.agents > 0) throw new ConflictError(DEPARTMENT_HAS_AGENTS);
        if (holds.pendingTickets > 0) throw new ConflictError(DEPARTMENT_HAS_PENDING);
        if ((await departmentRepo.countLive(tx, companyId)) <= 1) {
          throw new ConflictError('A company needs at least one department');
        }
        await departmentRepo.softDelete(tx, companyId, id, clock.now());
      });
    },
  };
}
