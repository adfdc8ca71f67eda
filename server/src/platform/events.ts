import type { Role, ServerEventName, ServerEventPayload } from '@kreechat/contract';

/** Who may see a ticket's events: its department, the company's all-department viewers, and its handler. */
export type TicketAudience = {
  companyId: string;
  departmentId: string;
  handlerId: string | null;
  /** After a move, the department the ticket left, so its viewers drop it. */
  previousDepartmentId?: string | null;
};

/**
 * What services use to tell browsers about a committed change. Only server/src/realtime implements it (over
 * Socket.IO); services call it after their transaction commits, never inside it.
 */
export interface EventPublisher {
  toTicket<E extends ServerEventName>(audience: TicketAudience, event: E, payload: ServerEventPayload<E>): void;
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Everyone of the company who is connected (presence). */
  toCompany<E extends ServerEventName>(companyId: string, event: E, payload: ServerEventPayload<E>): void;
  /** The company's admins only (what only the admin panel shows: channel settings). */
  toAdmins<E extends ServerEventName>(companyId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Drops the live connections of a session that ended (logout) or of a user who was disabled. */
  endSession(sessionId: string): void;
  endUser(userId: string): void;
  /**
   * The user's role or department changed (after commit): their live connections leave the rooms of the old
   * access and join those of the new one, on every process.
   */
  accessChanged(user: LiveUser, before: LiveAccess): void;
}

/** What decides which tickets' events a user receives. */
export type LiveAccess = { role: Role; departmentId: string | null };
export type LiveUser = LiveAccess & { userId: string; companyId: string };
