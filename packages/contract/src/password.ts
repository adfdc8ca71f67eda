import { z } from 'zod';

/**
 * SPEC §5: at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.
 * The web shows each check as a live hint; the server enforces all of them.
 */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_CHECKS = [
  { key: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { key: 'lowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { key: 'number', test: (p: string) => /\d/.test(p) },
  { key: 'special', test: (p: string) => /[^\p{L}\d\s]/u.test(p) },
] as const;

export type PasswordCheckKey = (typeof PASSWORD_CHECKS)[number]['key'];

export function passwordChecks(password: string): Record<PasswordCheckKey, boolean> {
  return Object.fromEntries(PASSWORD_CHECKS.map((c) => [c.key, c.test(password)])) as Record<PasswordCheckKey, boolean>;
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_CHECKS.every((c) => c.test(password));
}

export const WEAK_PASSWORD_MESSAGE = 'Password does not meet the requirements!';

export const strongPasswordSchema = z
  .string({ message: 'Password is required' })
  .max(200, { message: 'Password is too long' })
  .refine(isStrongPassword, { message: WEAK_PASSWORD_MESSAGE });
