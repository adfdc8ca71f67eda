import { createContext, useContext } from 'react';
import type { Role } from '@kreechat/contract';

/** The signed-in user as the session guard last saw them (SPEC §3 Session). */
export interface Session {
  id: string;
  username: string;
  role: Role;
  isAdmin: boolean;
  isPushSubscribed: boolean;
  /** ISO time the session ends unless used again. */
  expires: string;
  /** The session ends within SESSION_WARNING_MS (SPEC §4). */
  expiringSoon: boolean;
}

export const SessionContext = createContext<Session | null>(null);

/** The current session; only usable below the session guard. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() used outside the session guard');
  return session;
}

/** Who is looking at the workspace, as the ticket and chat rules need it (SPEC §4, §6). */
export interface Viewer {
  id: string;
  username: string;
  role: Role;
  /** Admins and moderators see every department's tickets (contract `seesAllDepartments`). */
  canSeeAll: boolean;
  /** The viewer's own department; null when they have none, undefined while it loads. */
  departmentId: string | null | undefined;
}
