import { useState, type FormEvent } from 'react';
import type { Profile } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { isApiError } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { expectLogout, useLogout } from '@/lib/session';
import { useProfile } from '@/features/profile/api/get-profile';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { accountErrorMessage } from '@/features/profile/lib/account-errors';
import { PhotoField } from './PhotoField';
import { AccountFormPage } from './AccountFormPage';
import styles from './profile.module.css';

interface EditProfileFormProps {
  profile: Profile;
  onBack: () => void;
}

type Field = 'firstName' | 'lastName' | 'email' | 'currentPassword';
const ERROR_ID = 'edit-profile-error';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * First name, last name and e-mail, all required; saving logs out (SPEC §2, §5). A new e-mail address also asks
 * for the current password (the field appears only then), and the server mails the old address.
 */
export function EditProfileForm({ profile, onBack }: EditProfileFormProps) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  // The photo changes while the form is open; the names and e-mail stay as the form started.
  const profilePic = useProfile().data?.profilePic ?? profile.profilePic;
  const logout = useLogout();
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    currentPassword: '',
  });
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalid.has(field)) setInvalid((current) => new Set([...current].filter((f) => f !== field)));
  };

  // The server keeps addresses in lower case, so only another address is a change.
  const emailChanges = values.email.trim().toLowerCase() !== profile.email.toLowerCase();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const required: Field[] = ['firstName', 'lastName', 'email'];
    const empty = required.filter((field) => values[field].trim() === '');
    if (empty.length > 0) {
      setInvalid(new Set(empty));
      setError(t('common.fillAllFields'));
      return;
    }
    if (!EMAIL_SHAPE.test(values.email.trim())) {
      setInvalid(new Set<Field>(['email']));
      setError(t('common.invalidEmail'));
      return;
    }
    if (emailChanges && values.currentPassword === '') {
      setInvalid(new Set<Field>(['currentPassword']));
      setError(t('profile.currentPasswordRequired'));
      return;
    }
    setInvalid(new Set());
    setError(null);
    const body = { first_name: values.firstName.trim(), last_name: values.lastName.trim(), email: values.email.trim() };
    // Nothing to save (perhaps only the photo changed, which is saved already): no needless logout.
    if (body.first_name === profile.firstName && body.last_name === profile.lastName && !emailChanges) {
      onBack();
      return;
    }
    expectLogout('profileUpdated');
    update.mutate(emailChanges ? { ...body, current_password: values.currentPassword } : body, {
      onSuccess: () => logout.mutate({ notice: 'profileUpdated' }),
      onError: (failure) => {
        expectLogout(null);
        setError(accountErrorMessage(failure, t, t('profile.updateFailed')));
        if (isApiError(failure) && failure.status === 403) setInvalid(new Set<Field>(['currentPassword']));
      },
    });
  };

  const busy = update.isPending || logout.isPending;
  const describedBy = (field: Field) => (error && invalid.has(field) ? ERROR_ID : undefined);

  return (
    <AccountFormPage
      title={t('profile.editProfile')}
      intro={t('profile.editIntro')}
      error={error}
      errorId={ERROR_ID}
      busy={busy}
      onBack={onBack}
    >
      <PhotoField profilePic={profilePic} name={fullName(profile.firstName, profile.lastName)} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.formRow}>
          <TextField
            label={t('profile.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            invalid={invalid.has('firstName')}
            describedBy={describedBy('firstName')}
            required
          />
          <TextField
            label={t('profile.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            invalid={invalid.has('lastName')}
            describedBy={describedBy('lastName')}
            required
          />
        </div>
        <TextField
          label={t('profile.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          value={values.email}
          onChange={set('email')}
          invalid={invalid.has('email')}
          describedBy={describedBy('email')}
          required
        />
        {emailChanges && (
          <PasswordField
            label={t('profile.currentPassword')}
            toggleLabel={t('profile.showCurrentPassword')}
            name="current-password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            invalid={invalid.has('currentPassword')}
            describedBy={describedBy('currentPassword')}
            hint={t('profile.currentPasswordHint')}
            required
          />
        )}
        <div className={styles.formActions}>
          <Button type="submit" busy={busy}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </AccountFormPage>
  );
}
