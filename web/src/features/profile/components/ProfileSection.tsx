import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useProfile } from '@/features/profile/api/get-profile';
import pageStyles from '@/styles/page.module.css';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EditProfileForm } from './EditProfileForm';
import { LanguageSelection } from './LanguageSelection';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ProfileView } from './ProfileView';

type Mode = 'view' | 'language' | 'edit' | 'password';

/** The Profile section of the user panel: the profile, its language selection, edit form and password change. */
export function ProfileSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [mode, setMode] = useState<Mode>('view');

  if (profile.isPending) return <ProfileSkeleton label={t('profile.loading')} />;

  if (profile.isError) {
    return (
      <div className={pageStyles.column}>
        <div className={pageStyles.header}>
          <h1 className={pageStyles.title}>{t('profile.profile')}</h1>
        </div>
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void profile.refetch()} busy={profile.isFetching}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('profile.loadFailed')}
        </Alert>
      </div>
    );
  }

  switch (mode) {
    case 'language':
      return <LanguageSelection current={profile.data.lang} onBack={() => setMode('view')} />;
    case 'edit':
      return <EditProfileForm profile={profile.data} onBack={() => setMode('view')} />;
    case 'password':
      return <ChangePasswordForm onBack={() => setMode('view')} />;
    case 'view':
      return (
        <ProfileView
          profile={profile.data}
          onEdit={() => setMode('edit')}
          onLanguage={() => setMode('language')}
          onPassword={() => setMode('password')}
        />
      );
  }
}
