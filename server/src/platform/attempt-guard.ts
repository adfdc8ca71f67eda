/**
 * Guards a secret check (a password, an e-mailed code) or a costly action (mailing a code) against guessing and
 * flooding, without letting a stranger lock the rightful owner out. Every attempt on a subject (an account's
 * e-mail address) from a client address claims, atomically and before anything is checked:
 *
 * 1. the (subject, address) window — strict (10 per 15 minutes for logins): one address guesses slowly, and
 *    only the owner's own address (an office sharing it with the guesser) is ever blocked by it;
 * 2. the (subject, address) "seen" window of 24 hours — the first attempt of an address in it is "fresh";
 * 3. the subject's schedule across every address — free attempts (100 for logins), then each further attempt
 *    only after a doubling delay (30 s … 1 h), answered 429 with Retry-After.
 *
 * A fresh address is admitted even while the subject's schedule says wait. That is the owner's way in during an
 * attack from many addresses: the owner logs in from their usual places, where nobody failed, while every address
 * the attacker used has failed. The price is one extra guess per address the attacker has never used on this
 * subject in the past 24 hours (IPv6 counted per /64) — a botnet of N addresses gets N guesses a day beyond the
 * schedule, where refusing fresh addresses too would let the same botnet keep the owner out indefinitely.
 */
import type { ServerErrorCode } from '@kreechat/contract';
import type { Clock } from './clock';
import { addressBucket } from './client-address';
import { TooManyRequestsError } from './errors';
import type { FailureLimiter, Schedule, Window } from './failure-limiter';

export type AttemptPolicy = {
  /** Prefix of the counters' keys: `login`, `code-check`, `code-send`. */
  name: string;
  perAddress: Window & { message: string };
  /** `code` names the message for the web, which words the wait (`params.seconds`) in the reader's language. */
  perSubject: Schedule & { message: (wait: string) => string; code: ServerErrorCode };
};

/** One admitted attempt: report how it ended, or leave it counted as a failure by saying nothing. */
export type Attempt = {
  /** The secret was right: this address starts afresh, and the attempt is not held against the subject. */
  succeeded(): Promise<void>;
  /** Nothing was tested after all (no live code session, say): the attempt is given back everywhere. */
  notChecked(): Promise<void>;
};

/** How long the first attempt of an address on a subject counts as fresh (see the module comment). */
export const FRESH_ADDRESS_WINDOW_MS = 24 * 3600_000;

/**
 * Counters untouched this long are over whatever the policy (the longest: a 24 h window, or a run forgotten 24 h
 * after a "not before" at most 1 h ahead); they are swept at most once an hour per process.
 */
const STALE_AFTER_MS = 48 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;

/**
 * Counter keys. The address comes first and never contains `|`, so no (address, subject) pair can be written
 * to collide with another, whatever the subject holds.
 */
export const attemptKeys = (policy: Pick<AttemptPolicy, 'name'>, subject: string, address: string | undefined) => {
  const bucket = addressBucket(address);
  return {
    perAddress: `${policy.name}|${bucket}|${subject}`,
    seen: `${policy.name}-seen|${bucket}|${subject}`,
    perSubject: `${policy.name}|*|${subject}`,
  };
};

/** "45 seconds", "3 minutes", "1 hour": rounded up, so nobody is told to come back too early. */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

export type AttemptGuard = ReturnType<typeof createAttemptGuard>;

export function createAttemptGuard(deps: { limiter: FailureLimiter; clock: Clock }) {
  const { limiter, clock } = deps;
  const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - clock.now().getTime()) / 1000));
  let lastSweep = -Infinity;
  async function sweepNowAndThen() {
    const now = clock.now().getTime();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await limiter.sweep(STALE_AFTER_MS);
  }

  return {
    /**
     * Claims an attempt by `address` on `subject`, or throws TooManyRequestsError (with Retry-After) before
     * anything is checked. Refusals by the per-address window stay counted, so a flood costs what it sends;
     * a refusal by the subject's schedule gives the per-address claim back, so waiting out an attack does not
     * also use up the owner's own address.
     */
    async begin(policy: AttemptPolicy, subject: string, address: string | undefined): Promise<Attempt> {
      await sweepNowAndThen();
      const keys = attemptKeys(policy, subject, address);
      const own = await limiter.claim(keys.perAddress, policy.perAddress);
      if (own.count > policy.perAddress.max) {
        throw new TooManyRequestsError(policy.perAddress.message, secondsUntil(own.resetsAt));
      }
      const seen = await limiter.claim(keys.seen, { max: 1, windowMs: FRESH_ADDRESS_WINDOW_MS });
      const slot = await limiter.claimSlot(keys.perSubject, policy.perSubject, { exempt: seen.count === 1 });
      if (!slot.admitted) {
        await limiter.release(keys.perAddress);
        const wait = secondsUntil(slot.notBefore);
        throw new TooManyRequestsError(policy.perSubject.message(waitInWords(wait)), wait, {
          code: policy.perSubject.code,
          params: { seconds: wait },
        });
      }
      return {
        async succeeded() {
          await limiter.reset(keys.perAddress);
          await limiter.reset(keys.seen);
          await limiter.release(keys.perSubject);
        },
        async notChecked() {
          await limiter.release(keys.perAddress);
          await limiter.release(keys.seen);
          await limiter.release(keys.perSubject);
        },
      };
    },
  };
}
