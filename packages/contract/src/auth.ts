import { z } from 'zod';
import { timeZoneSchema } from './opening-hours';
import { emailSchema, languageSchema, okSchema, requiredText, roleSchema, uuidSchema } from './common';
import { COUNTRY_CODES } from './countries';
import { strongPasswordSchema } from './password';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, { message: 'Password is required' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  companyId: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  user: sessionUserSchema,
  isPushSubscribed: z.boolean(),
  lang: languageSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const validateResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('valid'),
    role: roleSchema,
    username: z.string(),
    id: z.string(),
    isPushSubscribed: z.boolean(),
    /** When the session ends unless it is used again (ISO time). */
    expires: z.string(),
  }),
  z.object({ status: z.literal('invalid') }),
]);
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const userPrefResponseSchema = z.object({ lang: languageSchema });
export type UserPref = z.infer<typeof userPrefResponseSchema>;

export const profileResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profilePic: z.string().nullable(),
  departmentName: z.string().nullable(),
  license: z.string(),
  companyName: z.string(),
  lang: languageSchema,
});
export type Profile = z.infer<typeof profileResponseSchema>;

/** The password a signed-in person types to prove it is them (not someone at their unlocked screen). */
const currentPasswordSchema = z
  .string({ message: 'Enter your current password' })
  .min(1, { message: 'Enter your current password' })
  .max(200, { message: 'Password is too long' });

export const updateProfileBodySchema = z.object({
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  email: emailSchema,
  /** Required when `email` differs from the account's: a stolen session alone cannot move the account away. */
  current_password: currentPasswordSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** POST /auth/change-password: the new password follows the registration rule; success ends every session. */
export const changePasswordBodySchema = z.object({
  current_password: currentPasswordSchema,
  new_password: strongPasswordSchema,
  confirm_password: z.string({ message: 'Please fill in all fields' }).max(200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Server texts the web matches on to show its own translation (SPEC §8 style: exact strings). */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your e-mail address',
  currentPasswordWrong: 'The current password is not correct',
  passwordsDoNotMatch: 'Passwords do not match',
  samePassword: 'The new password must differ from the current one',
  ownEmailOnProfile: 'Change your own e-mail address on your profile, which asks for your current password',
} as const;

export const changeLangBodySchema = z.object({ lang: languageSchema });

export const departmentOfUserResponseSchema = z.object({
  departmentid: z.string().nullable(),
  department_name: z.string().nullable(),
});
export type DepartmentOfUser = z.infer<typeof departmentOfUserResponseSchema>;

// Registration and password reset ------------------------------------------------------------

export const registrationDataSchema = z.object({
  contact_person: requiredText('Contact person', 200),
  company_name: requiredText('Company name', 200),
  company_phone: requiredText('Company phone', 50),
  company_email: emailSchema,
  password: strongPasswordSchema,
  country: z.enum(COUNTRY_CODES as [string, ...string[]], { message: 'Invalid country' }),
  /** The registering browser's IANA zone: the company's opening hours start in it (UTC when absent). */
  time_zone: timeZoneSchema.optional(),
});
export type RegistrationData = z.infer<typeof registrationDataSchema>;

export const precheckBodySchema = z.object({
  data: registrationDataSchema.extend({ prod_name: z.string().trim().max(100).optional() }),
});
export type PrecheckBody = z.infer<typeof precheckBodySchema>;

export const registerCompanyBodySchema = z.object({ data: registrationDataSchema });
export type RegisterCompanyBody = z.infer<typeof registerCompanyBodySchema>;

export const emailBodySchema = z.object({ email: emailSchema });

/**
 * The answer of a call that mails a code. `devMailbox`: no SMTP is set up, so the code is in the server's log
 * and in DATA_DIR/mail, not in anyone's inbox — the screen says so instead of "check your inbox".
 */
export const codeSentResponseSchema = okSchema.extend({ devMailbox: z.boolean() });
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

export const VERIFICATION_CODE_LENGTH = 6;
export const verifyEmailCodeBodySchema = z.object({
  email: emailSchema,
  code: z
    .string({ message: 'Please enter the verification code' })
    .trim()
    .regex(/^\d{6}$/, { message: 'The code must be 6 digits' }),
  isPasswordReset: z.boolean().optional(),
});
export type VerifyEmailCodeBody = z.infer<typeof verifyEmailCodeBodySchema>;

export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  newPassword: strongPasswordSchema,
  confirmPassword: z.string({ message: 'Please fill in all fields' }),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Server texts the web matches on to reveal the resend button (SPEC §4, §8). */
export const VERIFICATION_MESSAGES = {
  expiredSession: 'Expired verification session',
  expiredCode: 'Verification code has expired',
  tooManyAttempts: 'Too many failed attempts',
  invalidCode: 'Invalid verification code',
} as const;

/**
 * The registration's last step refused after the code was proved: the address got an account meanwhile. Said only
 * to whoever proved the address, and in words that fit any cause: no earlier step tells whether an address has an
 * account (the one that has gets a mail saying so instead of a code).
 */
export const REGISTRATION_NOT_COMPLETED =
  'The registration could not be completed. If this address already has an account, log in or reset your password.';

// Accounts managed by an admin -----------------------------------------------------------------

export const updateAccountBodySchema = z.object({
  email: emailSchema,
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  departmentid: uuidSchema,
  userid: uuidSchema,
});
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

// Profile picture (SPEC §2 Edit profile: image files only) -----------------------------------

/** Raster types every browser shows; checked by their bytes on the server (SVG can carry script). */
export const PROFILE_PIC_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PROFILE_PIC_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PIC_NOT_IMAGE = 'The profile picture must be a PNG, JPEG, GIF or WebP image';
export const PROFILE_PIC_TOO_LARGE = 'The profile picture must be at most 5 MB';

export const changeProfilePicResponseSchema = z.object({
  message: z.string(),
  /** Where the new picture is served (under /files, for members of the company). */
  profilePic: z.string(),
});
export type ChangeProfilePicResponse = z.infer<typeof changeProfilePicResponseSchema>;
