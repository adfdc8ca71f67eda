import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { useConnectWhatsAppNumber } from '@/features/admin-settings/api/connect-whatsapp-number';
import {
  checkManualConnection,
  type ManualField,
  type ManualProblem,
} from '@/features/admin-settings/lib/manual-connection';
import type { ConnectedNumberFields } from '@/features/admin-settings/lib/whatsapp-values';
import { NumberConnected } from './ConnectedNumber';
import wa from './whatsapp.module.css';

type Result = { tone: 'success'; number: ConnectedNumberFields } | { tone: 'error'; text: string } | null;
const EMPTY: Record<ManualField, string> = { wabaId: '', phoneNumberId: '', accessToken: '' };

/**
 * The manual path: a WhatsApp Business Account id, a phone number id and a system user's access token, for
 * servers without a Meta app for embedded signup. The server's message shows when Meta refuses.
 */
export function ManualConnectForm() {
  const { t } = useTranslation();
  const connect = useConnectWhatsAppNumber();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<ManualField, ManualProblem>>>({});
  const [result, setResult] = useState<Result>(null);
  const resultId = useId();

  const problemText = (field: ManualField): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    if (problem === 'required') return t('settings.whatsapp.manual.required');
    if (problem === 'tooLong') return t('settings.whatsapp.manual.tokenTooLong');
    return t('settings.whatsapp.manual.notANumber');
  };

  const set = (field: ManualField) => (event: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [field]: event.target.value }));
    setProblems((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    setResult(null);
    const checked = checkManualConnection(values);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    connect.mutate(checked.body, {
      onSuccess: (number) => {
        setValues(EMPTY);
        setResult({ tone: 'success', number });
      },
      onError: (error) => setResult({ tone: 'error', text: errorMessage(error, t('settings.whatsapp.manual.failed')) }),
    });
  };

  return (
    <section className={wa.path} aria-labelledby="wa-manual-title">
      <h5 id="wa-manual-title" className={wa.pathTitle}>
        {t('settings.whatsapp.manual.title')}
      </h5>
      <p className={wa.muted}>{t('settings.whatsapp.manual.intro')}</p>
      <form className={wa.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('settings.whatsapp.manual.wabaId')}
          hint={t('settings.whatsapp.manual.wabaIdHint')}
          value={values.wabaId}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          error={problemText('wabaId')}
          onChange={set('wabaId')}
        />
        <TextField
          label={t('settings.whatsapp.manual.phoneNumberId')}
          hint={t('settings.whatsapp.manual.phoneNumberIdHint')}
          value={values.phoneNumberId}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          error={problemText('phoneNumberId')}
          onChange={set('phoneNumberId')}
        />
        <PasswordField
          label={t('settings.whatsapp.manual.accessToken')}
          hint={t('settings.whatsapp.manual.accessTokenHint')}
          toggleLabel={t('settings.whatsapp.manual.showToken')}
          value={values.accessToken}
          autoComplete="off"
          error={problemText('accessToken')}
          invalid={result?.tone === 'error'}
          describedBy={result ? resultId : undefined}
          onChange={set('accessToken')}
        />
        <div className={wa.actions}>
          <Button type="submit" busy={connect.isPending}>
            {t('settings.whatsapp.manual.submit')}
          </Button>
        </div>
      </form>
      {result && (
        <Alert tone={result.tone} id={resultId}>
          {result.tone === 'success' ? <NumberConnected number={result.number} /> : result.text}
        </Alert>
      )}
    </section>
  );
}
