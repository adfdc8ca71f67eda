import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { EmailField } from '@/components/EmailField';
import { PasswordField } from '@/components/PasswordField';
import { errorMessage, isApiError } from '@/lib/api-client';
// Not the session module's index: that would bring the data layer, which /login does without.
import { expectedLogout, expectLogout, type LogoutOptions } from '@/lib/session/logout-notice';
import { useLogin } from '@/features/auth/api/login';
import { AuthCard } from './AuthCard';
import styles from './auth.module.css';

type LoginNotice = NonNullable<LogoutOptions['notice']>;

interface LoginLocationState {
  notice?: LoginNotice;
  /** Where the session guard sent the user from. */
  from?: string;
}

const ERROR_ID = 'login-error';

/** The welcome screen (SPEC §2 /login). */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? null) as LoginLocationState | null;
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState({ email: false, password: false });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = { email: email.trim() === '', password: password === '' };
    if (missing.email || missing.password) {
      setInvalid(missing);
      setError(t('common.fillAllFields'));
      return;
    }
    setInvalid({ email: false, password: false });
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          const target = state?.from && state.from.startsWith('/') && state.from !== '/login' ? state.from : '/';
          void navigate(target, { replace: true });
        },
        onError: (failure) => {
          const badCredentials = isApiError(failure) && failure.status === 401;
          setInvalid({ email: badCredentials, password: badCredentials });
          setError(badCredentials ? t('auth.login.invalidCredentials') : errorMessage(failure, t('auth.login.failed')));
        },
      },
    );
  };

  // From the navigation that brought the user here, or said before the call that ended the session.
  const [notice] = useState<LoginNotice | undefined>(() => state?.notice ?? expectedLogout() ?? undefined);
  useEffect(() => expectLogout(null), []);
  const describedBy = error ? ERROR_ID : undefined;

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      messages={
        <>
          {notice && !error && <Alert tone="success">{t(`auth.login.${notice}`)}</Alert>}
          {error && (
            <Alert tone="error" id={ERROR_ID}>
              {error}
            </Alert>
          )}
        </>
      }
      footer={
        <>
          {t('auth.login.noAccount')} <Link to="/register-company">{t('auth.login.registerCompany')}</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailField
          label={t('auth.email')}
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          invalid={invalid.email}
          describedBy={describedBy}
          required
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          invalid={invalid.password}
          describedBy={describedBy}
          required
        />
        <Link to="/forgot-password" className={styles.inlineLink}>
          {t('auth.login.forgotPassword')}
        </Link>
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth busy={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
