import type { Profile, UpdateProfileBody } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { EmailField } from '@/components/EmailField';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { fullName } from '@/lib/format';
import { useProfile } from '@/features/profile/api/get-profile';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { useAccountForm } from '@/features/profile/hooks/use-account-form';
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
  // The photo changes while the form is open; the names and e-mail stay as the form started.
  const profilePic = useProfile().data?.profilePic ?? profile.profilePic;
  const form = useAccountForm<Field, UpdateProfileBody>({
    initial: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, currentPassword: '' },
    mutation: useUpdateProfile(),
    notice: 'profileUpdated',
    failed: t('profile.updateFailed'),
    passwordField: 'currentPassword',
    errorId: ERROR_ID,
  });
  const { values, field, refuse } = form;

  // The server keeps addresses in lower case, so only another address is a change.
  const emailChanges = values.email.trim().toLowerCase() !== profile.email.toLowerCase();

  const submit = () => {
    const required: Field[] = ['firstName', 'lastName', 'email'];
    const empty = required.filter((name) => values[name].trim() === '');
    if (empty.length > 0) return refuse(empty, t('common.fillAllFields'));
    if (!EMAIL_SHAPE.test(values.email.trim())) return refuse(['email'], t('common.invalidEmail'));
    if (emailChanges && values.currentPassword === '') {
      return refuse(['currentPassword'], t('profile.currentPasswordRequired'));
    }
    const body = { first_name: values.firstName.trim(), last_name: values.lastName.trim(), email: values.email.trim() };
    // Nothing to save (perhaps only the photo changed, which is saved already): no needless logout.
    if (body.first_name === profile.firstName && body.last_name === profile.lastName && !emailChanges) {
      form.clear();
      onBack();
      return;
    }
    form.save(emailChanges ? { ...body, current_password: values.currentPassword } : body);
  };

  return (
    <AccountFormPage title={t('profile.editProfile')} intro={t('profile.editIntro')} {...form.page} onBack={onBack}>
      <PhotoField profilePic={profilePic} name={fullName(profile.firstName, profile.lastName)} />
      <form className={styles.form} onSubmit={form.onSubmit(submit)} noValidate>
        <div className={styles.formRow}>
          <TextField label={t('profile.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('profile.lastName')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <EmailField label={t('profile.email')} {...field('email')} />
        {emailChanges && (
          <PasswordField
            label={t('profile.currentPassword')}
            toggleLabel={t('profile.showCurrentPassword')}
            name="current-password"
            autoComplete="current-password"
            {...field('currentPassword')}
            hint={t('profile.currentPasswordHint')}
          />
        )}
        <div className={styles.formActions}>
          <Button type="submit" busy={form.page.busy}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </AccountFormPage>
  );
}
