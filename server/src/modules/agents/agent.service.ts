import {
  ACCOUNT_MESSAGES,
  AGENT_ERASE_MESSAGES,
  type AgentProfileResponse,
  type AllAgentsResponse,
  type Colleague,
  type RegisterAgentBody,
  type Role,
  type UpdateAccountBody,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { AccountNotices } from '../../mail/account-notices';
import type { Clock } from '../../platform/clock';
import type { EventPublisher } from '../../platform/events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { Presence } from '../../platform/presence';
import type { DepartmentService } from '../departments';
import { agentRepo, type NewUser } from './agent.repo';

export const EMAIL_IN_USE = 'This email is already in use';
export const AGENT_NOT_FOUND = 'Agent not found';
const PROFILE_ACTIONS = 50;

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * The company's agents as an admin manages them. Every id is looked up inside the caller's company, so another
 * company's id answers 404. An admin never changes its own role or disabled state (no self-lockout).
 */
export function createAgentService(deps: {
  db: Db;
  clock: Clock;
  departments: DepartmentService;
  endSessionsOf: (userId: string) => Promise<void>;
  presence: Presence;
  events: EventPublisher;
  notices: AccountNotices;
}) {
  const { db, clock, departments, endSessionsOf, presence, events, notices } = deps;

  async function requireAgent(companyId: string, userId: string) {
    const user = await agentRepo.findInCompany(db, companyId, userId);
    if (!user) throw new NotFoundError(AGENT_NOT_FOUND);
    return user;
  }

  async function setRole(companyId: string, callerId: string, userId: string, roleOf: (user: { role: Role }) => Role) {
    if (userId === callerId) throw new ForbiddenError('You cannot change your own role');
    const user = await requireAgent(companyId, userId);
    if (user.erasedAt) throw new ConflictError(AGENT_ERASE_MESSAGES.erased);
    const role = roleOf(user);
    await agentRepo.update(db, companyId, userId, { role });
    events.accessChanged({ userId, companyId, role, departmentId: user.departmentId }, user);
    return { userid: userId, role };
  }

  async function agentView(companyId: string, userId: string) {
    const [agent] = await agentRepo.listForAdmin(db, companyId, await presence.onlineUserIds(companyId), userId);
    return agent!;
  }

  return {
    /** The account behind an e-mail address, across companies (login is by e-mail alone). */
    findByEmail: (email: string, tx: Tx = db) => agentRepo.findByEmail(tx, email),
    findInCompany: (companyId: string, userId: string, tx: Tx = db) => agentRepo.findInCompany(tx, companyId, userId),
    emailTaken: (email: string, tx: Tx = db, exceptUserId?: string) => agentRepo.emailTaken(tx, email, exceptUserId),
    create: (values: NewUser, tx: Tx = db) => agentRepo.insert(tx, values),
    update: (companyId: string, userId: string, patch: Partial<NewUser>, tx: Tx = db) =>
      agentRepo.update(tx, companyId, userId, patch),
    isPushSubscribed: (userId: string) => agentRepo.isPushSubscribed(db, userId),

    async list(companyId: string): Promise<AllAgentsResponse> {
      const agents = await agentRepo.listForAdmin(db, companyId, await presence.onlineUserIds(companyId));
      return {
        agents,
        onlineAgents: agents.filter((a) => a.status === 'online').length,
        totalAgents: agents.length,
      };
    },

    /**
     * The colleagues sidebar (GET /auth/agents): the company's enabled users except the caller, online first, then
     * by name. Online is the presence rule of platform/presence.ts, the same one the userLogin/userLogout events
     * follow.
     */
    async colleagues(companyId: string, callerId: string): Promise<Colleague[]> {
      const [rows, online] = await Promise.all([
        agentRepo.listColleagues(db, companyId, callerId),
        presence.onlineUserIds(companyId),
      ]);
      const name = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;
      return rows
        .map((row) => ({ ...row, status: online.has(row.id) ? ('online' as const) : ('offline' as const) }))
        .sort(
          (a, b) =>
            Number(b.status === 'online') - Number(a.status === 'online') ||
            name(a).localeCompare(name(b)) ||
            a.id.localeCompare(b.id),
        );
    },

    async register(companyId: string, body: RegisterAgentBody) {
      if (body.pass !== body.confirmPassword) throw new ValidationError('Passwords do not match!');
      const role: Role = body.isAdmin ? 'admin' : body.isModerator ? 'moderator' : 'agent';
      const passwordHash = await hashPassword(body.pass);
      const user = await db.transaction(async (tx) => {
        await departments.requireLive(companyId, body.department, tx);
        if (await agentRepo.emailTaken(tx, body.email)) throw new ConflictError(EMAIL_IN_USE);
        return agentRepo.insert(tx, {
          companyId,
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          role,
          departmentId: body.department,
          createdAt: clock.now(),
        });
      });
      const agent = await agentView(companyId, user.id);
      events.toCompany(companyId, 'newUser', { agent });
      return agent;
    },

    /**
     * The agent profile (GET /admin/{id}/get-user). `id` is the full id or its first 8 characters (the profile
     * address); a prefix shared by two users of the company is as unknown as a missing one.
     */
    async profile(companyId: string, id: string): Promise<AgentProfileResponse> {
      const matches = id.length === 8 ? await agentRepo.idsStartingWith(db, companyId, id) : [id];
      const userId = matches.length === 1 ? matches[0]! : undefined;
      const user =
        userId && (await agentRepo.listForAdmin(db, companyId, await presence.onlineUserIds(companyId), userId))[0];
      if (!userId || !user) throw new NotFoundError(AGENT_NOT_FOUND);
      const [stats, actions] = await Promise.all([
        agentRepo.profileStats(db, companyId, userId),
        agentRepo.latestActions(db, companyId, userId, PROFILE_ACTIONS),
      ]);
      return { user, ...stats, actions };
    },

    /** Toggles admin ⇄ agent for another user of the company (SPEC's switch; a moderator becomes an admin). */
    async toggleAdmin(companyId: string, callerId: string, userId: string) {
      return setRole(companyId, callerId, userId, (user) => (user.role === 'admin' ? 'agent' : 'admin'));
    },

    /**
     * Gives another user of the company a role (agent, moderator, admin). Never one's own: an admin cannot demote
     * themselves, so the company always keeps the admin who is doing it. Their open sockets hear `accessChanged`.
     */
    async setRole(companyId: string, callerId: string, userId: string, role: Role) {
      return setRole(companyId, callerId, userId, () => role);
    },

    /**
     * Toggles disabled ⇄ enabled for another user of the company; disabling ends their sessions at once. An erased
     * former agent stays disabled (409).
     */
    async toggleDisabled(companyId: string, callerId: string, userId: string) {
      if (userId === callerId) throw new ForbiddenError('You cannot disable your own account');
      const user = await requireAgent(companyId, userId);
      const disabledAt = user.disabledAt ? null : clock.now();
      if (!(await agentRepo.setDisabled(db, companyId, userId, disabledAt)))
        throw new ConflictError(AGENT_ERASE_MESSAGES.erased);
      if (disabledAt) await endSessionsOf(userId);
      return { userid: userId, closed_on: disabledAt?.toISOString() ?? null };
    },

    /**
     * An admin edits an account of the company. A new e-mail address is mailed to the old one, so its owner hears
     * of it. The admin's own e-mail is changed only on the profile, which asks for the current password: here a
     * stolen admin session would otherwise move the account without it.
     */
    async updateAccount(companyId: string, callerId: string, body: UpdateAccountBody) {
      const before = await db.transaction(async (tx) => {
        const user = await agentRepo.findInCompany(tx, companyId, body.userid);
        if (!user) throw new NotFoundError(AGENT_NOT_FOUND);
        if (user.erasedAt) throw new ConflictError(AGENT_ERASE_MESSAGES.erased);
        if (user.id === callerId && user.email !== body.email)
          throw new ForbiddenError(ACCOUNT_MESSAGES.ownEmailOnProfile);
        await departments.requireLive(companyId, body.departmentid, tx);
        if (await agentRepo.emailTaken(tx, body.email, body.userid)) throw new ConflictError(EMAIL_IN_USE);
        await agentRepo.update(tx, companyId, body.userid, {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          departmentId: body.departmentid,
        });
        return user;
      });
      events.accessChanged(
        { userId: body.userid, companyId, role: before.role, departmentId: body.departmentid },
        before,
      );
      if (before.email !== body.email) {
        await notices.emailChanged({
          oldEmail: before.email,
          newEmail: body.email,
          name: `${body.first_name} ${body.last_name}`.trim(),
          byAdmin: true,
          at: clock.now(),
        });
      }
      return agentView(companyId, body.userid);
    },
  };
}
