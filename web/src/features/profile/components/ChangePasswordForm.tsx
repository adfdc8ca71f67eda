import { isStrongPassword, type ChangePasswordBody } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { PasswordField } from '@/components/PasswordField';
import { PasswordHints } from '@/components/PasswordHints';
import { useChangePassword } from '@/features/profile/api/change-password';
import { useAccountForm } from '@/features/profile/hooks/use-account-form';
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
  const form = useAccountForm<Field, ChangePasswordBody>({
    initial: { current: '', next: '', confirm: '' },
    mutation: useChangePassword(),
    notice: 'passwordChanged',
    failed: t('profile.changePasswordFailed'),
    passwordField: 'current',
    errorId: ERROR_ID,
  });
  const { values, field, refuse } = form;

  const submit = () => {
    const empty = (Object.keys(values) as Field[]).filter((name) => values[name] === '');
    if (empty.length > 0) return refuse(empty, t('common.fillAllFields'));
    if (!isStrongPassword(values.next)) return refuse(['next'], t('auth.register.weakPassword'));
    if (values.next !== values.confirm) return refuse(['next', 'confirm'], t('profile.passwordsDoNotMatch'));
    if (values.next === values.current) return refuse(['next'], t('profile.samePassword'));
    form.save({ current_password: values.current, new_password: values.next, confirm_password: values.confirm });
  };

  return (
    <AccountFormPage
      title={t('profile.changePassword')}
      intro={t('profile.changePasswordIntro')}
      {...form.page}
      onBack={onBack}
    >
      <form className={styles.form} onSubmit={form.onSubmit(submit)} noValidate>
        <PasswordField
          label={t('profile.currentPassword')}
          toggleLabel={t('profile.showCurrentPassword')}
          name="current-password"
          autoComplete="current-password"
          {...field('current')}
          autoFocus
        />
        <PasswordField
          label={t('profile.newPassword')}
          name="new-password"
          autoComplete="new-password"
          {...field('next')}
          describedBy={[HINTS_ID, field('next').describedBy].filter(Boolean).join(' ')}
        />
        <PasswordField
          label={t('profile.confirmPassword')}
          toggleLabel={t('common.showConfirmation')}
          name="confirm-password"
          autoComplete="new-password"
          {...field('confirm')}
        />
        <PasswordHints password={values.next} id={HINTS_ID} />
        <div className={styles.formActions}>
          <Button type="submit" busy={form.page.busy}>
            {t('profile.changePassword')}
          </Button>
        </div>
      </form>
    </AccountFormPage>
  );
}
