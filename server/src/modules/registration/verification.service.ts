import { VERIFICATION_CODE_LENGTH, VERIFICATION_MESSAGES } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { verificationMail } from '../../mail/templates';
import type { Clock } from '../../platform/clock';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { AppError, GoneError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import type { FailureLimiter } from '../../platform/failure-limiter';
import { emailCodeRepo } from './email-code.repo';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** How long the verification session (and a verified state) lasts: time enough to finish the form. */
export const VERIFICATION_SESSION_TTL_MS = 30 * 60_000;

export const CODE_SENDS = {
  max: 5,
  windowMs: 15 * 60_000,
  message: 'Too many codes requested. Try again in 15 minutes.',
};
export const CODE_FAILURES = {
  max: 10,
  windowMs: 15 * 60_000,
  message: 'Too many failed attempts. Try again in 15 minutes.',
};

export type Purpose = 'register' | 'reset';
export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * E-mail codes and the short server-side verification session that carries them, bound to the browser by a
 * cookie holding a random secret (the table keeps only its hash). A code is 6 digits, valid 10 minutes, allows
 * 5 wrong tries; the flows that follow (registration, reset) accept only a session verified for their purpose.
 */
export function createVerificationService(deps: { db: Db; clock: Clock; mailer: Mailer; failures: FailureLimiter }) {
  const { db, clock, mailer, failures } = deps;

  const expiredSession = () => new GoneError(VERIFICATION_MESSAGES.expiredSession);

  async function liveSession(secret: string | undefined, purpose: Purpose, email: string, tx: Tx, lock = false) {
    if (!secret) throw expiredSession();
    const row = await emailCodeRepo.find(tx, sha256(secret), { lock });
    if (!row || row.expiresAt <= clock.now() || row.purpose !== purpose || row.email !== email) throw expiredSession();
    return row;
  }

  return {
    /**
     * Starts (or restarts) a verification session and mails its code. `deliver: false` runs every step but the
     * mail, so a reset for an unknown address behaves exactly like one for a known address.
     */
    async start(purpose: Purpose, email: string, secret: string | undefined, deliver = true) {
      await failures.assertBelow(`send:${email}`, CODE_SENDS);
      await failures.hit(`send:${email}`, CODE_SENDS);
      const sessionSecret = secret && secret.length <= 100 ? secret : randomToken();
      const code = randomDigits(VERIFICATION_CODE_LENGTH);
      const now = clock.now();
      await emailCodeRepo.upsert(db, {
        id: sha256(sessionSecret),
        purpose,
        email,
        codeHash: sha256(code),
        codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
        expiresAt: new Date(now.getTime() + VERIFICATION_SESSION_TTL_MS),
        createdAt: now,
      });
      await emailCodeRepo.deleteExpired(db, now);
      if (deliver) await mailer.send({ to: email, ...verificationMail(code, purpose) });
      return { secret: sessionSecret };
    },

    /** Checks a code against the session; a wrong code uses up one of the 5 tries. */
    async verify(purpose: Purpose, email: string, code: string, secret: string | undefined) {
      await failures.assertBelow(`check:${email}`, CODE_FAILURES);
      const outcome = await db.transaction(async (tx): Promise<AppError | 'ok'> => {
        const row = await liveSession(secret, purpose, email, tx, true);
        if (row.attempts >= MAX_CODE_ATTEMPTS) return new TooManyRequestsError(VERIFICATION_MESSAGES.tooManyAttempts);
        if (row.codeExpiresAt <= clock.now()) return new GoneError(VERIFICATION_MESSAGES.expiredCode);
        if (!safeEqual(row.codeHash, sha256(code))) {
          const attempts = row.attempts + 1;
          await emailCodeRepo.update(tx, row.id, { attempts });
          return attempts >= MAX_CODE_ATTEMPTS
            ? new TooManyRequestsError(VERIFICATION_MESSAGES.tooManyAttempts)
            : new ValidationError(VERIFICATION_MESSAGES.invalidCode);
        }
        await emailCodeRepo.update(tx, row.id, { verifiedAt: clock.now() });
        return 'ok';
      });
      if (outcome !== 'ok') {
        // Counted after the transaction so the try stays used even though the request fails.
        await failures.hit(`check:${email}`, CODE_FAILURES);
        throw outcome;
      }
    },

    /** Inside `tx`: asserts the session was verified for this purpose and address, then uses it up. */
    async consume(purpose: Purpose, email: string, secret: string | undefined, tx: Tx) {
      const row = await liveSession(secret, purpose, email, tx, true);
      if (!row.verifiedAt) throw new ValidationError('Please verify your email address first');
      await emailCodeRepo.delete(tx, row.id);
    },
  };
}
