import { seesAllDepartments, type AdminTicketsPage, type AdminTicketsResponse } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import { ticketTableRepo, type TableScope } from './ticket-table.repo';

export type TicketTableService = ReturnType<typeof createTicketTableService>;

/**
 * The admin panel's tickets table (SPEC §2, §7). Admins and moderators see the whole company; an agent sees what
 * the workspace shows them (SPEC §4): their department's tickets plus the ones they handle. Widgets count the
 * same scope as the rows, so the numbers always describe the table below them.
 */
export function createTicketTableService(deps: { db: Db }) {
  const { db } = deps;

  const scopeOf = (viewer: Principal): TableScope =>
    seesAllDepartments(viewer.role)
      ? { companyId: viewer.companyId, all: true }
      : { companyId: viewer.companyId, all: false, departmentId: viewer.departmentId, userId: viewer.userId };

  return {
    async first(viewer: Principal): Promise<AdminTicketsResponse> {
      const scope = scopeOf(viewer);
      const [widgetData, tickets] = await Promise.all([
        ticketTableRepo.widgets(db, scope),
        ticketTableRepo.page(db, scope, 0),
      ]);
      return { widgetData, tickets };
    },

    async page(viewer: Principal, offset: number): Promise<AdminTicketsPage> {
      return { tickets: await ticketTableRepo.page(db, scopeOf(viewer), offset) };
    },
  };
}
