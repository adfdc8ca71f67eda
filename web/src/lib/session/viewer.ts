import type { Role } from '@kreechat/contract';

/** Who is looking at the workspace, as the ticket and chat rules need it (SPEC §4, §6). */
export interface Viewer {
  id: string;
  username: string;
  role: Role;
  /** Admins and moderators see every department's tickets. */
  canSeeAll: boolean;
  /** The viewer's own department; null when they have none, undefined while it loads. */
  departmentId: string | null | undefined;
}

export const canSeeAllTickets = (role: Role): boolean => role === 'admin' || role === 'moderator';
