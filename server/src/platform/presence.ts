/**
 * Who is online (SPEC §4: users flip online/offline). Only server/src/realtime implements it; services read it.
 *
 * The rule, one for the list and the events alike: a user is online while at least one of their live sockets (workspace, admin panel or user panel)
 * is connected to any process of the deployment, and for a short grace period after their last one closed (a page
 * reload reconnects within it, so colleagues see no flicker). `userLogin` goes to the company when a user goes
 * from no socket to one; `userLogout` when the grace period ends with no socket back, or at once on logout or
 * when the account is disabled.
 */
export interface Presence {
  /** The users of the company who are online now. */
  onlineUserIds(companyId: string): Promise<Set<string>>;
  isOnline(companyId: string, userId: string): Promise<boolean>;
}
