import {
  ACCOUNT_MESSAGES,
  type ChangePasswordBody,
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
import type { AccountNotices } from '../../mail/account-notices';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import {
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/errors';
import type { AttemptGuard, AttemptPolicy } from '../../platform/attempt-guard';
import type { FailureLimiter } from '../../platform/failure-limiter';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords';
import type { ActionService } from '../actions';
import type { AgentService, UserRow } from '../agents';
import { EMAIL_IN_USE } from '../agents';
import type { CompanyService } from '../companies';
import type { DepartmentService } from '../departments';
import type { SessionService } from './session.service';

export const INVALID_LOGIN = 'Invalid email or password. Try again!';
export const ACCOUNT_DISABLED = 'This account is disabled. Ask your administrator to enable it.';
/**
 * Per (account, address): 10 guesses per 15 minutes. Per account across all addresses: 100, then a doubling
 * wait from 30 s up to 1 h between guesses, forgotten after a quiet day (see platform/attempt-guard.ts).
 */
export const LOGIN_LIMITS: AttemptPolicy = {
  name: 'login',
  perAddress: {
    max: 10,
    windowMs: 15 * 60_000,
    message: 'Too many failed login attempts. Try again in 15 minutes.',
  },
  perSubject: {
    free: 100,
    firstDelayMs: 30_000,
    maxDelayMs: 3600_000,
    forgetAfterMs: 24 * 3600_000,
    message: (wait) => `Too many failed login attempts on this account. Try again in ${wait}.`,
    code: 'loginLockedAccount',
  },
};

/**
 * Wrong current passwords (e-mail or password change) per account. A key of its own, apart from login's: someone
 * holding a stolen session gets 5 guesses per 15 minutes here, and cannot use them to lock the owner out of login.
 */
export const CURRENT_PASSWORD_FAILURES = {
  max: 5,
  windowMs: 15 * 60_000,
  message: 'Too many wrong passwords. Try again in 15 minutes.',
};

export type AuthService = ReturnType<typeof createAuthService>;

const asLanguage = (lang: string) => lang as Language;

/** What a new session records of the browser that opened it. */
export type SessionMeta = { userAgent?: string; ip?: string };

/** Login, logout and the caller's own account. */
export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  agents: AgentService;
  companies: CompanyService;
  departments: DepartmentService;
  actions: ActionService;
  attempts: AttemptGuard;
  /** Counts wrong current passwords (per account, claimed before the check). */
  failures: FailureLimiter;
  /** Told the hashed id of a session that ended, so its live connections close. */
  onSessionEnded: (sessionId: string) => void;
  /** Ends every session of a user and drops their live connections. */
  endSessionsOf: (userId: string) => Promise<void>;
  storage: FileStorage;
  notices: AccountNotices;
}) {
  const { db, clock, sessions, agents, companies, departments, actions, attempts, failures, storage, notices } = deps;

  async function ownAccount(principal: Principal) {
    const user = await agents.findInCompany(principal.companyId, principal.userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  /** The caller proves they are the account's owner; wrong answers are counted, so a session cannot guess. */
  async function assertCurrentPassword(user: { id: string; passwordHash: string }, password: string | undefined) {
    if (!password) throw new ValidationError(ACCOUNT_MESSAGES.currentPasswordRequired);
    const key = `current-password:${user.id}`;
    // Claimed before the check (one statement), so concurrent guesses cost one count each.
    const { count, resetsAt } = await failures.claim(key, CURRENT_PASSWORD_FAILURES);
    if (count > CURRENT_PASSWORD_FAILURES.max) {
      const seconds = Math.ceil((resetsAt.getTime() - clock.now().getTime()) / 1000);
      throw new TooManyRequestsError(CURRENT_PASSWORD_FAILURES.message, seconds);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new ForbiddenError(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    await failures.reset(key);
  }

  /** Opens a session for a user already proved to be who they say, as login does after the password. */
  async function openSession(user: UserRow, meta: SessionMeta) {
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
  }

  return {
    /**
     * Claims an attempt under LOGIN_LIMITS before the password is checked (so concurrent guesses cannot outrun
     * the count), checks it (a wrong e-mail costs as long as a wrong password) and opens a session. A wrong
     * password leaves its claim counted; a right one clears this address's count. A disabled account is refused
     * only after a right password, so the refusal tells nothing to a guesser.
     */
    async login(body: LoginBody, meta: SessionMeta) {
      const attempt = await attempts.begin(LOGIN_LIMITS, body.email, meta.ip);
      const user = await agents.findByEmail(body.email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!user || !ok) throw new UnauthorizedError(INVALID_LOGIN);
      if (user.disabledAt) throw new ForbiddenError(ACCOUNT_DISABLED);
      await attempt.succeeded();
      return openSession(user, meta);
    },

    /** Signs in a user who proved their address another way (a new company's owner, by the mailed code). */
    openSession,

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
      const user = await ownAccount(principal);
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
     * account forces a new login, so every tab and device picks up the new identity). A new e-mail address needs
     * the current password (else a stolen session could move the account, then take it through password reset),
     * and the old address is told of the change.
     */
    async updateProfile(principal: Principal, body: UpdateProfileBody) {
      const user = await ownAccount(principal);
      const emailChanges = body.email !== user.email;
      if (emailChanges) await assertCurrentPassword(user, body.current_password);
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
      if (emailChanges) {
        await notices.emailChanged({
          oldEmail: user.email,
          newEmail: body.email,
          name: `${body.first_name} ${body.last_name}`.trim(),
          byAdmin: false,
          at: clock.now(),
        });
      }
    },

    /**
     * Replaces the caller's password after checking the current one (the registration strength rule holds for the
     * new one), ends every session of the account like a reset does, and mails the account's address.
     */
    async changePassword(principal: Principal, body: ChangePasswordBody) {
      if (body.new_password !== body.confirm_password) throw new ValidationError(ACCOUNT_MESSAGES.passwordsDoNotMatch);
      const user = await ownAccount(principal);
      await assertCurrentPassword(user, body.current_password);
      if (body.new_password === body.current_password) throw new ValidationError(ACCOUNT_MESSAGES.samePassword);
      await agents.update(principal.companyId, principal.userId, {
        passwordHash: await hashPassword(body.new_password),
      });
      await deps.endSessionsOf(principal.userId);
      await notices.passwordChanged({
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        at: clock.now(),
      });
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
      // Counted against the company's storage like any agent's file (413 when it is full).
      const stored = await storage.save(principal.companyId, bytes, `profile.${detected.ext}`, {
        types: 'chat',
        source: { kind: 'agent' },
      });
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
