import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { EmailField } from '@/components/EmailField';
import { PasswordField } from '@/components/PasswordField';
import { PasswordHints } from '@/components/PasswordHints';
import { TextField } from '@/components/TextField';
import type { CompanyForm } from '@/features/auth/lib/registration';
import { CountrySelect } from './CountrySelect';
import styles from './auth.module.css';

const HINTS_ID = 'register-password-hints';

interface CompanyDetailsFormProps {
  form: CompanyForm;
  onChange: (key: keyof CompanyForm, value: string) => void;
  /** The fields the last check found wanting. */
  invalidFields: ReadonlySet<keyof CompanyForm>;
  /** The form-level alert's id while it shows an error, read with each invalid field. */
  describedBy: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
}

/** Registration's first step: the contact person, the company, and the owner's password. */
export function CompanyDetailsForm({
  form,
  onChange,
  invalidFields,
  describedBy,
  onSubmit,
  busy,
}: CompanyDetailsFormProps) {
  const { t } = useTranslation();
  const fieldProps = (key: keyof CompanyForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
    invalid: invalidFields.has(key),
    describedBy: invalidFields.has(key) ? describedBy : undefined,
    required: true,
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('auth.register.contactPerson')}</legend>
        <div className={styles.row}>
          <TextField label={t('auth.register.firstName')} autoComplete="given-name" {...fieldProps('firstName')} />
          <TextField label={t('auth.register.lastName')} autoComplete="family-name" {...fieldProps('lastName')} />
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('auth.register.company')}</legend>
        <div className={styles.row}>
          <TextField
            label={t('auth.register.companyName')}
            autoComplete="organization"
            {...fieldProps('companyName')}
          />
          <TextField
            label={t('auth.register.companyPhone')}
            type="tel"
            autoComplete="tel"
            {...fieldProps('companyPhone')}
          />
        </div>
        <EmailField label={t('auth.register.companyEmail')} {...fieldProps('companyEmail')} />
        <CountrySelect label={t('auth.register.country')} autoComplete="country" {...fieldProps('country')} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('auth.register.security')}</legend>
        <div className={styles.row}>
          <PasswordField
            label={t('auth.register.password')}
            autoComplete="new-password"
            {...fieldProps('password')}
            describedBy={[HINTS_ID, invalidFields.has('password') ? describedBy : undefined].filter(Boolean).join(' ')}
          />
          <PasswordField
            label={t('auth.register.confirmPassword')}
            toggleLabel={t('common.showConfirmation')}
            autoComplete="new-password"
            {...fieldProps('confirmPassword')}
          />
        </div>
        <PasswordHints password={form.password} id={HINTS_ID} />
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth busy={busy}>
          {t('auth.register.submit')}
        </Button>
      </div>
    </form>
  );
}
