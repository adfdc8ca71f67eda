import { seesAllDepartments, type Ticket } from '@kreechat/contract';
import type { Principal } from '../../platform/access';
import type { TicketRow } from './ticket.repo';

/** SPEC §4: a ticket is seen by its department, by its handler, and by admins and moderators. */
export function canSee(viewer: Principal, ticket: { departmentId: string; handlerId: string | null }): boolean {
  return (
    seesAllDepartments(viewer.role) || ticket.departmentId === viewer.departmentId || ticket.handlerId === viewer.userId
  );
}

/** May act on a ticket as its handler: the handler itself, or an admin or moderator stepping in. */
export function canHandle(viewer: Principal, ticket: { handlerId: string | null }): boolean {
  return ticket.handlerId === viewer.userId || seesAllDepartments(viewer.role);
}

/** Who a ticket's events reach: its company's room, narrowed to its department and handler (a row or a view). */
export const audienceOf = (t: Pick<TicketRow, 'companyId' | 'departmentId' | 'handlerId'> | Ticket) =>
  'ticketid' in t
    ? { companyId: t.companyid, departmentId: t.departmentid, handlerId: t.userid }
    : { companyId: t.companyId, departmentId: t.departmentId, handlerId: t.handlerId };
