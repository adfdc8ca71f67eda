import { REGISTRATION_NOT_COMPLETED, type RegistrationData, type ResetPasswordBody } from '@kreechat/contract';
import type { Db } from '../../db/client';
import { accountExistsMail } from '../../mail/templates';
import type { Clock } from '../../platform/clock';
import { ConflictError, ValidationError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { AgentService } from '../agents';
import type { AuthService, SessionMeta } from '../auth';
import type { CompanyService } from '../companies';
import { DEFAULT_DEPARTMENT_NAME, type DepartmentService } from '../departments';
import type { VerificationService } from './verification.service';

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** "Ada Lovelace King" → first "Ada", last "Lovelace King"; a single word is the first name. */
export function splitContactPerson(contactPerson: string) {
  const [first = '', ...rest] = contactPerson.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * Company self-registration and password reset, each gated by a verified e-mail code session. Neither tells
 * whether an address has an account: every request is answered alike, with the same work done (the mails leave
 * after the answer); only the address's owner learns it, by mail.
 */
export function createRegistrationService(deps: {
  db: Db;
  clock: Clock;
  /** The links in the mails. */
  publicUrl: string | undefined;
  verification: VerificationService;
  companies: CompanyService;
  departments: DepartmentService;
  agents: AgentService;
  /** Deletes every session of the user, inside the caller's transaction. */
  endSessionsOf: (userId: string, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>;
  /** Drops the user's live connections: after the commit, so none reconnects on a session not yet gone. */
  dropConnectionsOf: (userId: string) => void;
  /** Opens a session as login does (auth's `openSession`). */
  openSession: AuthService['openSession'];
}) {
  const { db, clock, publicUrl, verification, companies, departments, agents, endSessionsOf, dropConnectionsOf } = deps;

  return {
    /**
     * Starts the address's verification. An address that already has an account is mailed that, with the ways to
     * log in, instead of a code; the answer is the same. `from` is the client address: sends are limited per
     * (e-mail, address) and per e-mail.
     */
    async sendRegistrationCode(email: string, secret: string | undefined, from: string | undefined) {
      const taken = await agents.emailTaken(email);
      return verification.start(
        'register',
        email,
        secret,
        from,
        taken ? { instead: accountExistsMail(publicUrl) } : 'code',
      );
    },

    verifyCode: (
      purpose: 'register' | 'reset',
      email: string,
      code: string,
      secret: string | undefined,
      from: string | undefined,
    ) => verification.verify(purpose, email, code, secret, from),

    /**
     * Creates the company, its first department and its admin (the contact person) in one transaction, then signs
     * the admin in: they proved the address by its code and typed the password a moment ago, so asking for it
     * again on the login screen would only be in their way.
     */
    async registerCompany(data: RegistrationData, secret: string | undefined, meta: SessionMeta) {
      const passwordHash = await hashPassword(data.password);
      const { firstName, lastName } = splitContactPerson(data.contact_person);
      const now = clock.now();
      const admin = await db.transaction(async (tx) => {
        await verification.consume('register', data.company_email, secret, tx);
        // Taken since its code was mailed: said to the one who proved the address, in words that fit any cause.
        if (await agents.emailTaken(data.company_email, tx)) throw new ConflictError(REGISTRATION_NOT_COMPLETED);
        const company = await companies.create(
          {
            name: data.company_name,
            phone: data.company_phone,
            email: data.company_email,
            country: data.country,
            // The registering browser's zone, so the first schedule an admin writes is in their own wall clock.
            timeZone: data.time_zone ?? 'UTC',
            createdAt: now,
          },
          tx,
        );
        const department = await departments.create(company.id, DEFAULT_DEPARTMENT_NAME, tx);
        return agents.create(
          {
            companyId: company.id,
            email: data.company_email,
            passwordHash,
            firstName,
            lastName,
            role: 'admin',
            departmentId: department.id,
            createdAt: now,
          },
          tx,
        );
      });
      return deps.openSession(admin, meta);
    },

    /**
     * Mails a reset code only when an enabled account has the address, yet does the same work, answers and sets
     * the cookie the same way either way (the mail leaves after the answer).
     */
    async sendResetCode(email: string, secret: string | undefined, from: string | undefined) {
      const user = await agents.findByEmail(email);
      return verification.start('reset', email, secret, from, user && !user.disabledAt ? 'code' : 'nothing');
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(body: ResetPasswordBody, secret: string | undefined) {
      if (body.newPassword !== body.confirmPassword) throw new ValidationError('Passwords do not match');
      const passwordHash = await hashPassword(body.newPassword);
      const userId = await db.transaction(async (tx) => {
        await verification.consume('reset', body.email, secret, tx);
        const user = await agents.findByEmail(body.email, tx);
        if (!user) throw new ValidationError('Failed to reset password');
        await agents.update(user.companyId, user.id, { passwordHash }, tx);
        await endSessionsOf(user.id, tx);
        return user.id;
      });
      dropConnectionsOf(userId);
    },
  };
}
