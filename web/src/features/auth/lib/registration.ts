import {
  PRODUCT_NAME,
  REGISTRATION_NOT_COMPLETED,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_MESSAGES,
  isStrongPassword,
  type RegistrationData,
} from '@kreechat/contract';
import { viewerTimeZone } from '@/lib/dates';

/** The company-registration form as typed (SPEC §2, §5). */
export interface CompanyForm {
  firstName: string;
  lastName: string;
  companyName: string;
  companyPhone: string;
  companyEmail: string;
  country: string;
  password: string;
  confirmPassword: string;
}

export const emptyCompanyForm: CompanyForm = {
  firstName: '',
  lastName: '',
  companyName: '',
  companyPhone: '',
  companyEmail: '',
  country: '',
  password: '',
  confirmPassword: '',
};

/** Message keys under `auth.register` / `common` the form can show before anything is sent. */
export type CompanyFormProblem =
  | { message: 'fillAllFields'; fields: (keyof CompanyForm)[] }
  | { message: 'invalidEmail'; fields: ['companyEmail'] }
  | { message: 'passwordMismatch'; fields: ['password', 'confirmPassword'] }
  | { message: 'weakPassword'; fields: ['password'] };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string): boolean => EMAIL_SHAPE.test(value.trim());

/** The first problem of the form, in the order a person fixes them; null when it may be sent. */
export function checkCompanyForm(form: CompanyForm): CompanyFormProblem | null {
  const empty = (Object.keys(form) as (keyof CompanyForm)[]).filter((key) => form[key].trim() === '');
  if (empty.length > 0) return { message: 'fillAllFields', fields: empty };
  if (!looksLikeEmail(form.companyEmail)) return { message: 'invalidEmail', fields: ['companyEmail'] };
  if (form.password !== form.confirmPassword) {
    return { message: 'passwordMismatch', fields: ['password', 'confirmPassword'] };
  }
  if (!isStrongPassword(form.password)) return { message: 'weakPassword', fields: ['password'] };
  return null;
}

/**
 * The wire shape: contact person is "first last"; an empty phone is sent as 'N/A' (SPEC §3). The browser's time zone
 * goes along: the company's opening hours start in it.
 */
export function toRegistrationData(form: CompanyForm, timeZone: string = viewerTimeZone()): RegistrationData {
  return {
    contact_person: [form.firstName.trim(), form.lastName.trim()].filter(Boolean).join(' '),
    company_name: form.companyName.trim(),
    company_phone: form.companyPhone.trim() || 'N/A',
    company_email: form.companyEmail.trim(),
    password: form.password,
    country: form.country,
    time_zone: timeZone,
  };
}

/** The precheck body: the registration data plus the product name (SPEC §7). */
export const toPrecheckData = (form: CompanyForm) => ({ ...toRegistrationData(form), prod_name: PRODUCT_NAME });

/**
 * SPEC §4, §8: the resend button shows only when verification failed because the session or the code expired, or
 * after too many failed attempts. Other failures (a wrong code) keep the user typing.
 */
export function offersResend(message: string): boolean {
  return [
    VERIFICATION_MESSAGES.expiredSession,
    VERIFICATION_MESSAGES.expiredCode,
    VERIFICATION_MESSAGES.tooManyAttempts,
  ].some((text) => message.includes(text));
}

/**
 * The key under `auth.register` of a server text the verify step knows, to say it in the interface language; null
 * for any other text (shown as the server wrote it).
 */
export function registrationMessageKey(message: string): 'notCompleted' | null {
  return message === REGISTRATION_NOT_COMPLETED ? 'notCompleted' : null;
}

/** Keeps only digits, at most the code length: typing or pasting "123 456" gives "123456". */
export const normalizeCode = (value: string): string => value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);

export const isCompleteCode = (value: string): boolean => new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(value);

/** Step 3 of the password reset: both fields, and equal. The strength rule is the server's there (SPEC §5). */
export function checkNewPassword(password: string, confirm: string): 'fillAllFields' | 'passwordMismatch' | null {
  if (!password || !confirm) return 'fillAllFields';
  if (password !== confirm) return 'passwordMismatch';
  return null;
}
