import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RESET_REDIRECT_MS } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { EmailField } from '@/components/EmailField';
import { PasswordField } from '@/components/PasswordField';
import { PasswordHints } from '@/components/PasswordHints';
import { errorMessage } from '@/lib/api-client';
import { useFocusOnChange } from '@/lib/use-focus-on-change';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { useSendResetPasswordCode } from '@/features/auth/api/send-reset-password-code';
import { useVerifyEmailCode } from '@/features/auth/api/verify-email-code';
import { checkNewPassword } from '@/features/auth/lib/registration';
import { AuthCard } from './AuthCard';
import { CodeField } from './CodeField';
import styles from './auth.module.css';

type Step = 'email' | 'code' | 'password';
type Message = { tone: 'error' | 'success'; text: string } | null;

const STEP_NUMBER: Record<Step, number> = { email: 1, code: 2, password: 3 };
const MESSAGE_ID = 'forgot-message';
const HINTS_ID = 'forgot-password-hints';

/** Three-step password reset: e-mail, mailed code, new password; then back to /login (SPEC §2, §4). */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sendCode = useSendResetPasswordCode();
  const verify = useVerifyEmailCode();
  const reset = useResetPassword();

  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [invalid, setInvalid] = useState<'email' | 'code' | 'password' | 'confirm' | 'both' | null>(null);
  const [showRequestNewCode, setShowRequestNewCode] = useState(false);
  const [done, setDone] = useState(false);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(step);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const trimmedEmail = email.trim();

  const requestCode = async (): Promise<boolean> => {
    try {
      const sent = await sendCode.mutateAsync(trimmedEmail);
      const text = sent.devMailbox ? 'firstRun.resetCodeInDevMailbox' : 'auth.forgot.codeSent';
      setMessage({ tone: 'success', text: t(text, { email: trimmedEmail }) });
      return true;
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, t('auth.forgot.sendFailed')) });
      return false;
    }
  };

  const submitEmail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmedEmail) {
      setInvalid('email');
      setMessage({ tone: 'error', text: t('auth.forgot.enterEmail') });
      return;
    }
    setInvalid(null);
    setMessage(null);
    if (await requestCode()) {
      setCode('');
      setShowRequestNewCode(false);
      setStep('code');
    } else {
      setInvalid('email');
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code) {
      setInvalid('code');
      setMessage({ tone: 'error', text: t('auth.forgot.enterCode') });
      return;
    }
    setInvalid(null);
    setMessage(null);
    try {
      await verify.mutateAsync({ email: trimmedEmail, code, isPasswordReset: true });
      setShowRequestNewCode(false);
      setMessage({ tone: 'success', text: t('auth.forgot.codeVerified') });
      setStep('password');
    } catch (failure) {
      setInvalid('code');
      setMessage({ tone: 'error', text: errorMessage(failure, t('auth.forgot.invalidCode')) });
      setShowRequestNewCode(true);
    }
  };

  const requestNewCode = async () => {
    setInvalid(null);
    setMessage(null);
    if (await requestCode()) {
      setCode('');
      setShowRequestNewCode(false);
    }
  };

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkNewPassword(password, confirm);
    if (problem === 'fillAllFields') {
      setInvalid(!password && !confirm ? 'both' : !password ? 'password' : 'confirm');
      setMessage({ tone: 'error', text: t('common.fillAllFields') });
      return;
    }
    if (problem === 'passwordMismatch') {
      setInvalid('confirm');
      setMessage({ tone: 'error', text: t('auth.forgot.passwordMismatch') });
      return;
    }
    setInvalid(null);
    setMessage(null);
    try {
      await reset.mutateAsync({ email: trimmedEmail, newPassword: password, confirmPassword: confirm });
      setMessage({ tone: 'success', text: t('auth.forgot.success') });
      setDone(true);
    } catch (failure) {
      setInvalid('password');
      setMessage({ tone: 'error', text: errorMessage(failure, t('auth.forgot.failed')) });
    }
  };

  const useAnotherEmail = () => {
    setMessage(null);
    setInvalid(null);
    setShowRequestNewCode(false);
    setStep('email');
  };

  const errorDescribedBy = message?.tone === 'error' ? MESSAGE_ID : undefined;
  const intro =
    step === 'email'
      ? t('auth.forgot.emailIntro')
      : step === 'code'
        ? t('auth.forgot.codeIntro', { email: trimmedEmail })
        : t('auth.forgot.passwordIntro', { email: trimmedEmail });

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={intro}
      steps={{
        current: STEP_NUMBER[step],
        labels: [t('auth.forgot.stepEmail'), t('auth.forgot.stepCode'), t('auth.forgot.stepPassword')],
      }}
      headingRef={headingRef}
      messages={
        message && (
          <Alert tone={message.tone} id={MESSAGE_ID}>
            {message.text}
            {done && <span className="visually-hidden"> {t('auth.forgot.redirecting')}</span>}
          </Alert>
        )
      }
      footer={<Link to="/login">{t('auth.backToLogin')}</Link>}
    >
      {step === 'email' && (
        <form className={styles.form} onSubmit={submitEmail} noValidate>
          <EmailField
            label={t('auth.email')}
            name="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid === 'email') setInvalid(null);
            }}
            invalid={invalid === 'email'}
            describedBy={invalid === 'email' ? errorDescribedBy : undefined}
            required
          />
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth busy={sendCode.isPending}>
              {t('auth.forgot.sendCode')}
            </Button>
          </div>
        </form>
      )}

      {step === 'code' && (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <CodeField
            label={t('auth.forgot.code')}
            value={code}
            onChange={(next) => {
              setCode(next);
              if (invalid === 'code') setInvalid(null);
            }}
            invalid={invalid === 'code'}
            describedBy={invalid === 'code' ? errorDescribedBy : undefined}
          />
          <div className={styles.actionsRow}>
            <Button type="submit" size="lg" busy={verify.isPending} disabled={sendCode.isPending}>
              {t('auth.forgot.verifyCode')}
            </Button>
            {showRequestNewCode && (
              <Button variant="secondary" size="lg" onClick={requestNewCode} busy={sendCode.isPending}>
                {t('auth.forgot.requestNewCode')}
              </Button>
            )}
          </div>
          <Button variant="ghost" size="sm" onClick={useAnotherEmail} className={styles.inlineLinkButton}>
            {t('auth.forgot.useAnotherEmail')}
          </Button>
        </form>
      )}

      {step === 'password' && (
        <form className={styles.form} onSubmit={submitPassword} noValidate>
          <PasswordField
            label={t('auth.forgot.newPassword')}
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            invalid={invalid === 'password' || invalid === 'both'}
            describedBy={[HINTS_ID, invalid === 'password' || invalid === 'both' ? errorDescribedBy : undefined]
              .filter(Boolean)
              .join(' ')}
            disabled={done}
            autoFocus
            required
          />
          <PasswordField
            label={t('auth.forgot.confirmPassword')}
            toggleLabel={t('common.showConfirmation')}
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            invalid={invalid === 'confirm' || invalid === 'both'}
            describedBy={invalid === 'confirm' || invalid === 'both' ? errorDescribedBy : undefined}
            disabled={done}
            required
          />
          <PasswordHints password={password} id={HINTS_ID} />
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth busy={reset.isPending || done}>
              {t('auth.forgot.submit')}
            </Button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
