import { useState, type FormEvent } from 'react';
import { isStrongPassword } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { PasswordField } from '@/components/PasswordField';
import { PasswordHints } from '@/components/PasswordHints';
import { isApiError } from '@/lib/api-client';
import { expectLogout, useLogout } from '@/lib/session';
import { useChangePassword } from '@/features/profile/api/change-password';
import { accountErrorMessage } from '@/features/profile/lib/account-errors';
import { AccountFormPage } from './AccountFormPage';
import styles from './profile.module.css';

type Field = 'current' | 'next' | 'confirm';
const ERROR_ID = 'change-password-error';
const HINTS_ID = 'change-password-hints';

/**
 * Current, new and confirmed password; the new one follows the registration rule, shown live by the same hints.
 * Success ends every session of the account on the server, so the user is sent to log in with the new password.
 */
export function ChangePasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const logout = useLogout();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalid.has(field)) setInvalid((current) => new Set([...current].filter((f) => f !== field)));
  };

  const refuse = (fields: Field[], message: string) => {
    setInvalid(new Set(fields));
    setError(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = (Object.keys(values) as Field[]).filter((field) => values[field] === '');
    if (empty.length > 0) return refuse(empty, t('common.fillAllFields'));
    if (!isStrongPassword(values.next)) return refuse(['next'], t('auth.register.weakPassword'));
    if (values.next !== values.confirm) return refuse(['next', 'confirm'], t('profile.passwordsDoNotMatch'));
    if (values.next === values.current) return refuse(['next'], t('profile.samePassword'));
    setInvalid(new Set());
    setError(null);
    expectLogout('passwordChanged');
    change.mutate(
      { current_password: values.current, new_password: values.next, confirm_password: values.confirm },
      {
        onSuccess: () => logout.mutate({ notice: 'passwordChanged' }),
        onError: (failure) => {
          expectLogout(null);
          setError(accountErrorMessage(failure, t, t('profile.changePasswordFailed')));
          if (isApiError(failure) && failure.status === 403) setInvalid(new Set<Field>(['current']));
        },
      },
    );
  };

  const busy = change.isPending || logout.isPending;
  const describedBy = (field: Field) => (error && invalid.has(field) ? ERROR_ID : undefined);

  return (
    <AccountFormPage
      title={t('profile.changePassword')}
      intro={t('profile.changePasswordIntro')}
      error={error}
      errorId={ERROR_ID}
      busy={busy}
      onBack={onBack}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('profile.currentPassword')}
          toggleLabel={t('profile.showCurrentPassword')}
          name="current-password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
          invalid={invalid.has('current')}
          describedBy={describedBy('current')}
          autoFocus
          required
        />
        <PasswordField
          label={t('profile.newPassword')}
          name="new-password"
          autoComplete="new-password"
          value={values.next}
          onChange={set('next')}
          invalid={invalid.has('next')}
          describedBy={[HINTS_ID, describedBy('next')].filter(Boolean).join(' ')}
          required
        />
        <PasswordField
          label={t('profile.confirmPassword')}
          toggleLabel={t('common.showConfirmation')}
          name="confirm-password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          invalid={invalid.has('confirm')}
          describedBy={describedBy('confirm')}
          required
        />
        <PasswordHints password={values.next} id={HINTS_ID} />
        <div className={styles.formActions}>
          <Button type="submit" busy={busy}>
            {t('profile.changePassword')}
          </Button>
        </div>
      </form>
    </AccountFormPage>
  );
}
