import {
  PROFILE_PIC_NOT_IMAGE,
  PROFILE_PIC_TYPES,
  type Language,
  type LoginBody,
  type LoginResponse,
  type Profile,
  type UpdateProfileBody,
} from '@kreechat/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { fileUrl, type FileStorage } from '../../files/storage';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../platform/errors';
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
  /** Ends every session of a user and drops their live connections. */
  endSessionsOf: (userId: string) => Promise<void>;
  storage: FileStorage;
}) {
  const { db, clock, sessions, agents, companies, departments, actions, failures, storage } = deps;

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
        profilePic: fileUrl(user.profilePic),
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

    /**
     * Changes the caller's names and e-mail, then ends all of the caller's sessions (SPEC §5: updating one's own
     * account forces a new login, so every tab and device picks up the new identity).
     */
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
      await deps.endSessionsOf(principal.userId);
    },

    /**
     * Replaces the caller's picture. The upload is typed by its bytes, never its name, and only the raster types
     * every browser shows are taken; what is kept and shown is the stored WebP thumbnail (an avatar is small), and
     * the previous picture is deleted.
     */
    async changeProfilePic(principal: Principal, bytes: Buffer): Promise<{ profilePic: string }> {
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !(PROFILE_PIC_TYPES as readonly string[]).includes(detected.mime)) {
        throw new ValidationError(PROFILE_PIC_NOT_IMAGE);
      }
      const stored = await storage.save(principal.companyId, bytes, `profile.${detected.ext}`);
      // Only the thumbnail is ever shown, so the original is not kept.
      await storage.remove(principal.companyId, stored.key);
      // A file with an image signature that sharp cannot read gets no thumbnail: it is no usable picture.
      if (!stored.thumbnailKey) throw new ValidationError(PROFILE_PIC_NOT_IMAGE);
      const previous = (await agents.findInCompany(principal.companyId, principal.userId))?.profilePic;
      await agents.update(principal.companyId, principal.userId, { profilePic: stored.thumbnailKey });
      if (previous) await storage.remove(principal.companyId, previous);
      return { profilePic: fileUrl(stored.thumbnailKey)! };
    },

    languageOf: (principal: Principal) => asLanguage(principal.language),

    changeLanguage: (principal: Principal, lang: Language) =>
      agents.update(principal.companyId, principal.userId, { language: lang }),
  };
}
