import { useState, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { Profile } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { useLogout } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { PhotoField } from './PhotoField';
import styles from './profile.module.css';

interface EditProfileFormProps {
  profile: Profile;
  onBack: () => void;
}

type Field = 'firstName' | 'lastName' | 'email';
const ERROR_ID = 'edit-profile-error';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** First name, last name and e-mail, all required; saving logs out (SPEC §2, §5). */
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
  });
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalid.has(field)) setInvalid((current) => new Set([...current].filter((f) => f !== field)));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = (Object.keys(values) as Field[]).filter((field) => values[field].trim() === '');
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
    setInvalid(new Set());
    setError(null);
    const body = { first_name: values.firstName.trim(), last_name: values.lastName.trim(), email: values.email.trim() };
    // Nothing to save (perhaps only the photo changed, which is saved already): no needless logout.
    if (body.first_name === profile.firstName && body.last_name === profile.lastName && body.email === profile.email) {
      onBack();
      return;
    }
    update.mutate(body, {
      onSuccess: () => logout.mutate({ notice: 'profileUpdated' }),
      onError: (failure) => setError(errorMessage(failure, t('profile.updateFailed'))),
    });
  };

  const busy = update.isPending || logout.isPending;
  const describedBy = (field: Field) => (error && invalid.has(field) ? ERROR_ID : undefined);

  return (
    <div className={styles.section}>
      <div className={styles.sectionHeader}>
        <Button
          variant="ghost"
          size="sm"
          icon={<ArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
          disabled={busy}
        >
          {t('common.back')}
        </Button>
      </div>
      <div className={styles.card}>
        <h1 className={styles.sectionTitle}>{t('profile.editProfile')}</h1>
        <p className={styles.intro}>{t('profile.editIntro')}</p>
        {error && (
          <Alert tone="error" id={ERROR_ID}>
            {error}
          </Alert>
        )}
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
          <div className={styles.formActions}>
            <Button type="submit" busy={busy}>
              {t('profile.save')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
