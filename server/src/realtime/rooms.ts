/**
 * The rooms a live connection is in, derived from its user as they are now (ARCHITECTURE §4). Every handshake, a
 * recovered one too, joins exactly `roomsOf(user)`; a change of role or department moves the user's sockets from
 * the old set to the new one.
 */
import { seesAllDepartments } from '@kreechat/contract';
import type { LiveUser } from '../platform/events';

export const rooms = {
  user: (id: string) => `user:${id}`,
  department: (id: string) => `dept:${id}`,
  allDepartments: (companyId: string) => `all:${companyId}`,
  session: (id: string) => `session:${id}`,
  company: (id: string) => `company:${id}`,
  /** The company's admins: the only ones who may read the agents list (GET /admin/get-all-agents). */
  admins: (companyId: string) => `admins:${companyId}`,
};

/** The rooms that follow from the user's role and department (not the per-connection ones). */
export function accessRooms(user: LiveUser): string[] {
  return [
    seesAllDepartments(user.role)
      ? rooms.allDepartments(user.companyId)
      : // An agent without a department sees only the tickets they handle (their user room): a room nobody else joins.
        rooms.department(user.departmentId ?? `none:${user.userId}`),
    ...(user.role === 'admin' ? [rooms.admins(user.companyId)] : []),
  ];
}

/** Every room a socket of this user and session joins. */
export function roomsOf(user: LiveUser, sessionId: string): string[] {
  return [rooms.user(user.userId), rooms.session(sessionId), rooms.company(user.companyId), ...accessRooms(user)];
}
