import {
  CLOSED_TICKETS_PAGE,
  seesAllDepartments,
  TICKET_NOT_FOUND,
  TICKET_SEARCH_LIMIT,
  type Ticket,
  type TicketSearchScope,
} from '@kreechat/contract';
import type { Tx } from '../../db/client';
import type { Principal } from '../../platform/access';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { DEPARTMENT_NOT_FOUND } from '../departments';
import { createTicketAssignment, type TicketDeps } from '../ticket-assignment';
import { canSee, ticketRepo, type TicketScope } from '../tickets';
import { ticketViewRepo } from './ticket-view.repo';

/**
 * The open list is what an agent works through; it is capped so one company's backlog cannot stall a page. The list
 * renders only the cards in view (virtualised), so the cap bounds the payload (~0.6 kB a ticket), not the rendering.
 */
export const OPEN_TICKETS_LIMIT = 2_000;

export type TicketService = ReturnType<typeof createTicketService>;

/**
 * The tickets as agents see them (SPEC §4): one by id, the lists (Pending · Mine · All · Closed) and search, each
 * limited to what the viewer may see; with ticket-assignment's calls (accept, close, reopen, reassign), this is the
 * one ticket service app.ts wires and the routes call.
 */
export function createTicketService(deps: TicketDeps) {
  const { db } = deps;

  /** The ticket if the viewer may see it; another company's or another department's ticket is 404. */
  async function visibleRow(viewer: Principal, ticketId: string, tx: Tx = db, lock = false) {
    const ticket = await ticketRepo.find(tx, viewer.companyId, ticketId, { lock });
    if (!ticket || !canSee(viewer, ticket)) throw new NotFoundError(TICKET_NOT_FOUND);
    return ticket;
  }

  /** What of the company's tickets the viewer sees (SPEC §4, the same rule as {@link canSee}). */
  const scopeOf = (viewer: Principal): TicketScope =>
    seesAllDepartments(viewer.role) ? null : { departmentId: viewer.departmentId, userId: viewer.userId };

  async function view(companyId: string, ticketId: string) {
    const ticket = await ticketViewRepo.view(db, companyId, ticketId);
    if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND);
    return ticket;
  }

  return {
    visibleRow,
    view,

    /** One ticket the viewer may see (a chat's address); another company's or department's, or none, is 404. */
    async get(viewer: Principal, ticketId: string): Promise<Ticket> {
      await visibleRow(viewer, ticketId);
      return view(viewer.companyId, ticketId);
    },

    /** The open tickets the viewer works on: every department's, or their department's and the ones they handle. */
    async listOpen(viewer: Principal): Promise<Ticket[]> {
      return ticketViewRepo.listOpen(db, viewer.companyId, scopeOf(viewer), OPEN_TICKETS_LIMIT);
    },

    /**
     * One page (10) of closed tickets of a department (for an agent: their own, with the tickets they handled), or
     * of all departments for those who see them all. Another company's department is 404.
     */
    async listClosed(viewer: Principal, department: string, offset: number): Promise<Ticket[]> {
      const all = seesAllDepartments(viewer.role);
      let scope: TicketScope;
      if (department === 'all') {
        if (!all) throw new ForbiddenError('You can only see your own department');
        scope = null;
      } else {
        if (!(await ticketRepo.hasDepartment(db, viewer.companyId, department))) {
          throw new NotFoundError(DEPARTMENT_NOT_FOUND);
        }
        if (!all && department !== viewer.departmentId) {
          throw new ForbiddenError('You can only see your own department');
        }
        scope = all ? { departmentId: department } : scopeOf(viewer);
      }
      return ticketViewRepo.listClosed(db, viewer.companyId, scope, offset, CLOSED_TICKETS_PAGE);
    },

    /**
     * Up to TICKET_SEARCH_LIMIT tickets of a scope (open or closed) matching the keyword by client name, account
     * number or the start of the ticket id, among those the viewer may see, newest first.
     */
    async search(viewer: Principal, keyword: string, scope: TicketSearchScope): Promise<Ticket[]> {
      return ticketViewRepo.search(db, viewer.companyId, scope, keyword, scopeOf(viewer), TICKET_SEARCH_LIMIT);
    },

    ...createTicketAssignment({ ...deps, visibleRow, view }),
  };
}
