import { seesAllDepartments } from '@kreechat/contract';
import type { Principal } from '../../platform/access';

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
