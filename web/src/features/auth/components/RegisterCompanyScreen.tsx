import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { errorMessage } from '@/lib/api-client';
import { useFocusOnChange } from '@/lib/use-focus-on-change';
import { usePrecheckRegistration } from '@/features/auth/api/precheck';
import { useRegisterCompany } from '@/features/auth/api/register-company';
import { useSendEmailVerification } from '@/features/auth/api/send-email-verification';
import { useVerifyEmailCode } from '@/features/auth/api/verify-email-code';
import {
  checkCompanyForm,
  emptyCompanyForm,
  isCompleteCode,
  offersResend,
  registrationMessageKey,
  toPrecheckData,
  toRegistrationData,
  type CompanyForm,
} from '@/features/auth/lib/registration';
import { AuthCard } from './AuthCard';
import { CodeField } from './CodeField';
import { CompanyDetailsForm } from './CompanyDetailsForm';
import styles from './auth.module.css';

type Step = 'details' | 'verify';
type Message = { tone: 'error' | 'success'; text: string } | null;

const MESSAGE_ID = 'register-message';

/** Company self-registration: details, then the mailed code (SPEC §2, §4). */
export function RegisterCompanyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const precheck = usePrecheckRegistration();
  const sendCode = useSendEmailVerification();
  const verify = useVerifyEmailCode();
  const register = useRegisterCompany();

  const [step, setStep] = useState<Step>('details');
  const [form, setForm] = useState<CompanyForm>(emptyCompanyForm);
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<keyof CompanyForm>>(new Set());
  const [code, setCode] = useState('');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [canResend, setCanResend] = useState(false);
  // No SMTP on the server: the code is in its log and DATA_DIR/mail, so "check your inbox" would send people astray.
  const [devMailbox, setDevMailbox] = useState(false);
  // A verified code is spent: if only the registration call failed, a retry must not verify again.
  const verified = useRef(false);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(step);

  const update = (key: keyof CompanyForm, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (invalidFields.has(key)) {
      setInvalidFields((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const submitDetails = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkCompanyForm(form);
    if (problem) {
      setInvalidFields(new Set(problem.fields));
      setMessage({
        tone: 'error',
        text:
          problem.message === 'fillAllFields' || problem.message === 'invalidEmail'
            ? t(`common.${problem.message}`)
            : t(`auth.register.${problem.message}`),
      });
      return;
    }
    setInvalidFields(new Set());
    setMessage(null);
    try {
      await precheck.mutateAsync({ data: toPrecheckData(form) });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, t('auth.register.precheckFailed')) });
      return;
    }
    try {
      setDevMailbox((await sendCode.mutateAsync(form.companyEmail.trim())).devMailbox === true);
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, t('auth.register.sendCodeFailed')) });
      return;
    }
    verified.current = false;
    setCode('');
    setCanResend(false);
    setStep('verify');
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!verified.current) {
      if (code === '') {
        setCodeInvalid(true);
        setMessage({ tone: 'error', text: t('auth.register.enterCode') });
        return;
      }
      if (!isCompleteCode(code)) {
        setCodeInvalid(true);
        setMessage({ tone: 'error', text: t('auth.register.codeFormat') });
        return;
      }
    }
    setCodeInvalid(false);
    setMessage(null);
    try {
      if (!verified.current) {
        await verify.mutateAsync({ email: form.companyEmail.trim(), code });
        verified.current = true;
      }
      await register.mutateAsync({ data: toRegistrationData(form) });
      // Registration signs the new owner in: straight to their (empty) workspace and its way to the checklist.
      void navigate('/', { replace: true });
    } catch (failure) {
      const text = errorMessage(failure, t('auth.register.verifyFailed'));
      const known = registrationMessageKey(text);
      setCodeInvalid(!verified.current);
      setMessage({ tone: 'error', text: known ? t(`auth.register.${known}`) : text });
      setCanResend(offersResend(text));
    }
  };

  const resend = async () => {
    try {
      const sent = await sendCode.mutateAsync(form.companyEmail.trim());
      setDevMailbox(sent.devMailbox === true);
      verified.current = false;
      setCode('');
      setCodeInvalid(false);
      setCanResend(false);
      const resent = sent.devMailbox ? 'firstRun.codeResentDevMailbox' : 'auth.register.resent';
      setMessage({ tone: 'success', text: t(resent, { email: form.companyEmail.trim() }) });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, t('auth.register.resendFailed')) });
    }
  };

  const backToDetails = () => {
    setMessage(null);
    setCanResend(false);
    setStep('details');
  };

  const describedBy = message?.tone === 'error' ? MESSAGE_ID : undefined;
  const stepLabels = [t('auth.register.stepDetails'), t('auth.register.stepVerify')];

  return (
    <AuthCard
      wide
      title={step === 'details' ? t('auth.register.title') : t('auth.register.verifyTitle')}
      subtitle={
        step === 'details'
          ? t('auth.register.subtitle')
          : t(devMailbox ? 'firstRun.codeInDevMailbox' : 'auth.register.verifySubtitle', {
              email: form.companyEmail.trim(),
            })
      }
      steps={{ current: step === 'details' ? 1 : 2, labels: stepLabels }}
      headingRef={headingRef}
      footer={
        <>
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.logIn')}</Link>
        </>
      }
      messages={
        message && (
          <Alert
            tone={message.tone}
            id={MESSAGE_ID}
            action={
              canResend && step === 'verify' ? (
                <Button variant="secondary" size="sm" onClick={resend} busy={sendCode.isPending}>
                  {t('auth.register.resend')}
                </Button>
              ) : undefined
            }
          >
            {message.text}
          </Alert>
        )
      }
    >
      {step === 'details' ? (
        <CompanyDetailsForm
          form={form}
          onChange={update}
          invalidFields={invalidFields}
          describedBy={describedBy}
          onSubmit={submitDetails}
          busy={precheck.isPending || sendCode.isPending}
        />
      ) : (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <CodeField
            label={t('auth.register.code')}
            value={code}
            onChange={(next) => {
              setCode(next);
              setCodeInvalid(false);
            }}
            hint={t(devMailbox ? 'firstRun.codeHintDevMailbox' : 'auth.register.codeHint')}
            invalid={codeInvalid}
            describedBy={codeInvalid ? describedBy : undefined}
          />
          <div className={styles.actionsRow}>
            <Button type="submit" size="lg" busy={verify.isPending || register.isPending}>
              {t('auth.register.verifySubmit')}
            </Button>
            <Button
              variant="secondary"
              size="lg"
              onClick={backToDetails}
              disabled={verify.isPending || register.isPending}
            >
              {t('auth.register.editDetails')}
            </Button>
          </div>
          {/* Every address gets this step: one with an account is mailed that instead of a code. */}
          <p className={styles.note}>
            {t('auth.register.accountExistsNote')} <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
