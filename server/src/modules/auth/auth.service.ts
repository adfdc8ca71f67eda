import type { Language, LoginBody, LoginResponse, Profile, UpdateProfileBody } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../platform/errors';
import type { FailureLimiter } from '../../platform/failure-limiter';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords';
import type { ActionService } from '../actions';
import type { AgentService } from '../agents';
import { EMAIL_IN_USE } from '../agents';
import type { CompanyService } from '../companies';
import type { DepartmentService } from '../departments';
import type { SessionService } from './session.service';

export const INVALID_LOGIN = 'Invalid email or password. Try again!';
export const ACCOUNT_DISABLED = 'This account is disabled. Ask your administrator to enable it.';
export const LOGIN_FAILURES = {
  max: 10,
  windowMs: 15 * 60_000,
  message: 'Too many failed login attempts. Try again in 15 minutes.',
};

export type AuthService = ReturnType<typeof createAuthService>;

const asLanguage = (lang: string) => lang as Language;

/** Login, logout and the caller's own account. */
export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  agents: AgentService;
  companies: CompanyService;
  departments: DepartmentService;
  actions: ActionService;
  failures: FailureLimiter;
  /** Told the hashed id of a session that ended, so its live connections close. */
  onSessionEnded: (sessionId: string) => void;
}) {
  const { db, clock, sessions, agents, companies, departments, actions, failures } = deps;

  return {
    /**
     * Checks the password (a wrong e-mail costs as long as a wrong password), counts failures per e-mail so a
     * guesser spread over many addresses is still stopped, and opens a session. A disabled account is refused
     * only after a right password, so the refusal tells nothing to a guesser.
     */
    async login(body: LoginBody, meta: { userAgent?: string; ip?: string }) {
      const key = `login:${body.email}`;
      await failures.assertBelow(key, LOGIN_FAILURES);
      const user = await agents.findByEmail(body.email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!user || !ok) {
        await failures.hit(key, LOGIN_FAILURES);
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      if (user.disabledAt) throw new ForbiddenError(ACCOUNT_DISABLED);
      await failures.reset(key);

      const now = clock.now();
      const session = await db.transaction(async (tx) => {
        const created = await sessions.create(user, meta, tx);
        await agents.update(user.companyId, user.id, { lastLoginAt: now }, tx);
        await actions.record({ companyId: user.companyId, userId: user.id, actionType: 'user_login' }, tx);
        return created;
      });
      const response: LoginResponse = {
        user: {
          id: user.id,
          username: `${user.firstName} ${user.lastName}`.trim(),
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: user.role,
          companyId: user.companyId,
        },
        isPushSubscribed: await agents.isPushSubscribed(user.id),
        lang: asLanguage(user.language),
      };
      return { session, response };
    },

    async logout(token: string | undefined) {
      const ended = await sessions.end(token);
      if (!ended) return;
      deps.onSessionEnded(ended.sessionId);
      await actions.record({ companyId: ended.companyId, userId: ended.userId, actionType: 'user_logout' });
    },

    async validate(principal: Principal | undefined) {
      if (!principal) return { status: 'invalid' as const };
      return {
        status: 'valid' as const,
        role: principal.role,
        username: `${principal.firstName} ${principal.lastName}`.trim(),
        id: principal.userId,
        isPushSubscribed: await agents.isPushSubscribed(principal.userId),
        expires: principal.expiresAt.toISOString(),
      };
    },

    async profile(principal: Principal): Promise<Profile> {
      const user = await agents.findInCompany(principal.companyId, principal.userId);
      if (!user) throw new UnauthorizedError();
      const company = await companies.get(principal.companyId);
      const department = user.departmentId
        ? (await departments.listLive(principal.companyId)).find((d) => d.departmentid === user.departmentId)
        : undefined;
      return {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        profilePic: user.profilePic,
        departmentName: department?.department_name ?? null,
        license: company.license,
        companyName: company.name,
        lang: asLanguage(user.language),
      };
    },

    async department(principal: Principal) {
      if (!principal.departmentId) return { departmentid: null, department_name: null };
      const live = await departments.listLive(principal.companyId);
      const department = live.find((d) => d.departmentid === principal.departmentId);
      return department ?? { departmentid: null, department_name: null };
    },

    async updateProfile(principal: Principal, body: UpdateProfileBody) {
      await db.transaction(async (tx) => {
        if (await agents.emailTaken(body.email, tx, principal.userId)) throw new ConflictError(EMAIL_IN_USE);
        await agents.update(
          principal.companyId,
          principal.userId,
          { firstName: body.first_name, lastName: body.last_name, email: body.email },
          tx,
        );
      });
    },

    languageOf: (principal: Principal) => asLanguage(principal.language),

    changeLanguage: (principal: Principal, lang: Language) =>
      agents.update(principal.companyId, principal.userId, { language: lang }),
  };
}
