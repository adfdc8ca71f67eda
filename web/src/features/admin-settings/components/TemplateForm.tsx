import { useId, useState, type FormEvent } from 'react';
import { templateNameOf } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { SelectField } from '@/components/SelectField';
import { TextAreaField } from '@/components/TextAreaField';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { submitOnEnter } from '@/lib/submit-on-enter';
import { useSubmitWhatsAppTemplate } from '@/features/admin-settings/api/submit-whatsapp-template';
import {
  checkTemplate,
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_LANGUAGES,
  TEMPLATE_TEXT_LIMIT,
  templateLanguageLabel,
  type TemplateProblem,
} from '@/features/admin-settings/lib/whatsapp-templates';
import wa from './whatsapp.module.css';

type Result = { tone: 'success' | 'error'; text: string } | null;

/**
 * Create a template (SPEC §5): title and message required once trimmed; Enter submits from either field,
 * Shift+Enter starts a new line in the message. The name Meta will know it by shows as the title is typed.
 */
export function TemplateForm() {
  const { t } = useTranslation();
  const submit = useSubmitWhatsAppTemplate();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<string>(DEFAULT_TEMPLATE_LANGUAGE);
  const [result, setResult] = useState<Result>(null);
  const resultId = useId();
  const name = templateNameOf(title);

  const problemText: Record<TemplateProblem, string> = {
    empty: t('settings.whatsapp.templates.emptyField'),
    noName: t('settings.whatsapp.templates.noName'),
    titleTooLong: t('settings.whatsapp.templates.titleTooLong'),
    textTooLong: t('settings.whatsapp.templates.textTooLong', { limit: TEMPLATE_TEXT_LIMIT }),
    language: t('settings.whatsapp.templates.chooseLanguage'),
  };

  const send = () => {
    if (submit.isPending) return;
    const checked = checkTemplate({ title, text, language });
    if (!checked.ok) {
      setResult({ tone: 'error', text: problemText[checked.problem] });
      return;
    }
    setResult(null);
    submit.mutate(checked.body, {
      onSuccess: () => {
        setTitle('');
        setText('');
        setResult({
          tone: 'success',
          text: t('settings.whatsapp.templates.submitted', { name: checked.name }),
        });
      },
      onError: (error) =>
        setResult({ tone: 'error', text: errorMessage(error, t('settings.whatsapp.templates.submitFailed')) }),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const invalid = result?.tone === 'error';

  return (
    <section className={wa.path} aria-labelledby="wa-new-template-title">
      <h4 id="wa-new-template-title" className={wa.blockTitle}>
        {t('settings.whatsapp.templates.newTitle')}
      </h4>
      <form className={wa.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('settings.whatsapp.templates.titleLabel')}
          value={title}
          autoComplete="off"
          invalid={invalid && title.trim() === ''}
          describedBy={result ? resultId : undefined}
          hint={name ? t('settings.whatsapp.templates.nameHint', { name }) : t('settings.whatsapp.templates.nameRule')}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextAreaField
          label={t('settings.whatsapp.templates.messageLabel')}
          value={text}
          rows={4}
          invalid={invalid && text.trim() === ''}
          describedBy={result ? resultId : undefined}
          hint={
            <span className={wa.counterHint}>
              <span>{t('settings.whatsapp.templates.enterHint')}</span>
              <span className={wa.counter} data-over={text.trim().length > TEMPLATE_TEXT_LIMIT || undefined}>
                {t('settings.whatsapp.profile.count', { used: text.trim().length, limit: TEMPLATE_TEXT_LIMIT })}
              </span>
            </span>
          }
          onChange={(event) => setText(event.target.value)}
          onKeyDown={submitOnEnter(send)}
        />
        <SelectField
          label={t('settings.whatsapp.templates.languageLabel')}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          {TEMPLATE_LANGUAGES.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {templateLanguageLabel(entry.code)}
            </option>
          ))}
        </SelectField>
        {result && (
          <Alert tone={result.tone} id={resultId}>
            {result.text}
          </Alert>
        )}
        <div className={wa.actions}>
          <Button type="submit" busy={submit.isPending}>
            {t('settings.whatsapp.templates.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
