import { REGISTRATION_NOT_COMPLETED, VERIFICATION_MESSAGES } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import {
  checkCompanyForm,
  checkNewPassword,
  emptyCompanyForm,
  isCompleteCode,
  normalizeCode,
  offersResend,
  registrationMessageKey,
  toPrecheckData,
  toRegistrationData,
  type CompanyForm,
} from './registration';

const filled: CompanyForm = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  companyName: 'Analytical Engines',
  companyPhone: '+44 20 0000 0000',
  companyEmail: 'ada@example.com',
  country: 'GB',
  password: 'Sup3r$ecret',
  confirmPassword: 'Sup3r$ecret',
};

describe('checkCompanyForm', () => {
  it('accepts a complete form with a strong, confirmed password', () => {
    expect(checkCompanyForm(filled)).toBeNull();
  });

  it('names every empty field', () => {
    expect(checkCompanyForm(emptyCompanyForm)).toEqual({
      message: 'fillAllFields',
      fields: Object.keys(emptyCompanyForm),
    });
    expect(checkCompanyForm({ ...filled, companyPhone: '  ' })).toEqual({
      message: 'fillAllFields',
      fields: ['companyPhone'],
    });
  });

  it('rejects an address without the shape of an e-mail', () => {
    expect(checkCompanyForm({ ...filled, companyEmail: 'ada@' })?.message).toBe('invalidEmail');
  });

  it('reports a mismatch before the strength rule', () => {
    expect(checkCompanyForm({ ...filled, confirmPassword: 'weak' })?.message).toBe('passwordMismatch');
  });

  it('reports a weak password', () => {
    expect(checkCompanyForm({ ...filled, password: 'password1', confirmPassword: 'password1' })?.message).toBe(
      'weakPassword',
    );
  });
});

describe('toRegistrationData', () => {
  it('joins the contact person with one space and trims the fields', () => {
    expect(toRegistrationData(filled, 'Europe/London')).toEqual({
      contact_person: 'Ada Lovelace',
      company_name: 'Analytical Engines',
      company_phone: '+44 20 0000 0000',
      company_email: 'ada@example.com',
      password: 'Sup3r$ecret',
      country: 'GB',
      time_zone: 'Europe/London',
    });
  });

  it("sends the browser's time zone unless told another", () => {
    expect(toRegistrationData(filled).time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(toPrecheckData(filled).time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("sends 'N/A' for an empty phone", () => {
    expect(toRegistrationData({ ...filled, companyPhone: ' ' }).company_phone).toBe('N/A');
  });

  it('adds the product name only to the precheck', () => {
    expect(toPrecheckData(filled).prod_name).toBe('KreeChat');
    expect('prod_name' in toRegistrationData(filled)).toBe(false);
  });
});

describe('offersResend', () => {
  it.each([
    'Expired verification session',
    'Verification code has expired. Request a new one.',
    'Too many failed attempts',
  ])('offers a resend for "%s"', (message) => {
    expect(offersResend(message)).toBe(true);
  });

  it.each(['Invalid verification code', 'Verification or registration failed', ''])(
    'does not offer a resend for "%s"',
    (message) => {
      expect(offersResend(message)).toBe(false);
    },
  );
});

describe('verification code input', () => {
  it('keeps up to six digits', () => {
    expect(normalizeCode('12 34-567')).toBe('123456');
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('needs both fields, equal', () => {
    expect(checkNewPassword('', 'x')).toBe('fillAllFields');
    expect(checkNewPassword('Abc!2345', 'Abc!2346')).toBe('passwordMismatch');
    expect(checkNewPassword('Abc!2345', 'Abc!2345')).toBeNull();
  });
});

describe('registrationMessageKey', () => {
  it("knows the last step's general refusal, and leaves other texts as the server wrote them", () => {
    expect(registrationMessageKey(REGISTRATION_NOT_COMPLETED)).toBe('notCompleted');
    expect(registrationMessageKey(VERIFICATION_MESSAGES.invalidCode)).toBeNull();
    expect(registrationMessageKey('Something else')).toBeNull();
  });
});
