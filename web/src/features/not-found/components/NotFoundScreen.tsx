import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { StatusPage } from '@/components/StatusPage';

interface NotFoundScreenProps {
  /** Whether the session is valid: decides if the way out is the workspace or the login. Null while unknown. */
  loggedIn: boolean | null;
}

/** 'Page not found' with a link to / when logged in, /login otherwise (SPEC §2). */
export function NotFoundScreen({ loggedIn }: NotFoundScreenProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      tone="accent"
      icon={<Compass size={28} />}
      code={t('notFound.code')}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        loggedIn === null ? (
          <Spinner label={t('app.checkingSession')} />
        ) : loggedIn ? (
          <ButtonLink to="/" size="lg">
            {t('notFound.toWorkspace')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/login" size="lg">
            {t('notFound.toLogin')}
          </ButtonLink>
        )
      }
    />
  );
}
