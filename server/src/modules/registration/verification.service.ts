import { VERIFICATION_CODE_LENGTH, VERIFICATION_MESSAGES } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Mail, Mailer } from '../../mail/mailer';
import { verificationMail } from '../../mail/templates';
import type { Clock } from '../../platform/clock';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { AppError, GoneError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import type { AttemptGuard, AttemptPolicy } from '../../platform/attempt-guard';
import type { Logger } from '../../platform/logger';
import { emailCodeRepo } from './email-code.repo';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** How long the verification session (and a verified state) lasts: time enough to finish the form. */
export const VERIFICATION_SESSION_TTL_MS = 30 * 60_000;

/**
 * Codes mailed to one e-mail address: 5 per 15 minutes per client address; across all addresses 20, then a
 * doubling wait from 1 minute up to 1 hour (platform/attempt-guard.ts).
 */
export const CODE_SENDS: AttemptPolicy = {
  name: 'code-send',
  perAddress: { max: 5, windowMs: 15 * 60_000, message: 'Too many codes requested. Try again in 15 minutes.' },
  perSubject: {
    free: 20,
    firstDelayMs: 60_000,
    maxDelayMs: 3600_000,
    forgetAfterMs: 24 * 3600_000,
    message: (wait) => `Too many codes requested for this e-mail address. Try again in ${wait}.`,
    code: 'codeSendsAccount',
  },
};
/**
 * Wrong codes for one e-mail address (registration and reset alike): 10 per 15 minutes per client address;
 * across all addresses 100, then a doubling wait from 30 s up to 1 hour. Each code also allows only
 * MAX_CODE_ATTEMPTS tries.
 */
export const CODE_CHECKS: AttemptPolicy = {
  name: 'code-check',
  perAddress: { max: 10, windowMs: 15 * 60_000, message: 'Too many failed attempts. Try again in 15 minutes.' },
  perSubject: {
    free: 100,
    firstDelayMs: 30_000,
    maxDelayMs: 3600_000,
    forgetAfterMs: 24 * 3600_000,
    message: (wait) => `Too many failed attempts for this e-mail address. Try again in ${wait}.`,
    code: 'codeChecksAccount',
  },
};

export type Purpose = 'register' | 'reset';
export type VerificationService = ReturnType<typeof createVerificationService>;
/**
 * What a new verification session mails its address: the code, another mail in its place (the address cannot
 * use a code: it already has an account), or nothing (no account to reset).
 */
export type CodeDelivery = 'code' | 'nothing' | { instead: Omit<Mail, 'to'> };

/**
 * E-mail codes and the short server-side verification session that carries them, bound to the browser by a
 * cookie holding a random secret (the table keeps only its hash). A code is 6 digits, valid 10 minutes, allows
 * 5 wrong tries; the flows that follow (registration, reset) accept only a session verified for their purpose.
 */
export function createVerificationService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  attempts: AttemptGuard;
  logger: Logger;
}) {
  const { db, clock, mailer, attempts, logger } = deps;

  /**
   * Mails leave after the answer, never on the request path: an SMTP round trip takes tens of milliseconds, so
   * waiting for it would tell by the answer's time whether a mail went out, that is whether the address has an
   * account. A mail server that fails is logged; the person asks for another code.
   */
  const sending = new Set<Promise<void>>();
  function mailAfterAnswer(mail: Mail) {
    const sent: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => mailer.send(mail))
      .catch((error: unknown) => logger.error({ err: error }, 'could not mail a verification e-mail'))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  const expiredSession = () => new GoneError(VERIFICATION_MESSAGES.expiredSession);

  async function findLiveSession(secret: string | undefined, purpose: Purpose, email: string, tx: Tx) {
    if (!secret) return undefined;
    const row = await emailCodeRepo.find(tx, sha256(secret), { lock: true });
    if (!row || row.expiresAt <= clock.now() || row.purpose !== purpose || row.email !== email) return undefined;
    return row;
  }

  return {
    /**
     * Starts (or restarts) a verification session and, after the answer, mails what `delivery` says. Every step
     * but the mail is the same whatever is mailed, so the answer and its time are the same for every address.
     */
    async start(
      purpose: Purpose,
      email: string,
      secret: string | undefined,
      from: string | undefined,
      delivery: CodeDelivery = 'code',
    ) {
      // Claimed before anything is mailed and never given back: every request costs one send.
      await attempts.begin(CODE_SENDS, email, from);
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
      if (delivery === 'code') mailAfterAnswer({ to: email, ...verificationMail(code, purpose) });
      else if (delivery !== 'nothing') mailAfterAnswer({ to: email, ...delivery.instead });
      // Said whether or not this address got a code: it describes the server, not the account.
      return { secret: sessionSecret, devMailbox: mailer.devMailbox === true };
    },

    /**
     * Checks a code against the session; a wrong code uses up one of the 5 tries. The attempt is claimed under
     * CODE_CHECKS before the code is compared, and given back when nothing was compared (no live session, its
     * tries used up, the code expired).
     */
    async verify(purpose: Purpose, email: string, code: string, secret: string | undefined, from: string | undefined) {
      const attempt = await attempts.begin(CODE_CHECKS, email, from);
      // Failures are returned from the transaction, not thrown, so a used try is committed with it.
      type Outcome = { compared: boolean; error?: AppError };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const row = await findLiveSession(secret, purpose, email, tx);
        if (!row) return { compared: false, error: expiredSession() };
        if (row.attempts >= MAX_CODE_ATTEMPTS) {
          return { compared: false, error: new TooManyRequestsError(VERIFICATION_MESSAGES.tooManyAttempts) };
        }
        if (row.codeExpiresAt <= clock.now()) {
          return { compared: false, error: new GoneError(VERIFICATION_MESSAGES.expiredCode) };
        }
        if (!safeEqual(row.codeHash, sha256(code))) {
          const tries = row.attempts + 1;
          await emailCodeRepo.update(tx, row.id, { attempts: tries });
          return {
            compared: true,
            error:
              tries >= MAX_CODE_ATTEMPTS
                ? new TooManyRequestsError(VERIFICATION_MESSAGES.tooManyAttempts)
                : new ValidationError(VERIFICATION_MESSAGES.invalidCode),
          };
        }
        await emailCodeRepo.update(tx, row.id, { verifiedAt: clock.now() });
        return { compared: true };
      });
      if (!outcome.error) await attempt.succeeded();
      else if (!outcome.compared) await attempt.notChecked();
      if (outcome.error) throw outcome.error;
    },

    /** Resolves once every mail started so far has been handed to the mail server (or has failed). */
    async idle() {
      while (sending.size > 0) await Promise.all(sending);
    },

    /** Inside `tx`: asserts the session was verified for this purpose and address, then uses it up. */
    async consume(purpose: Purpose, email: string, secret: string | undefined, tx: Tx) {
      const row = await findLiveSession(secret, purpose, email, tx);
      if (!row) throw expiredSession();
      if (!row.verifiedAt) throw new ValidationError('Please verify your email address first');
      await emailCodeRepo.delete(tx, row.id);
    },
  };
}
