import { useId, useRef, useState, type FormEvent } from 'react';
import {
  AUTO_MESSAGE_MAX,
  LANGUAGES,
  type AutoMessage,
  type AutoMessageVariable,
  type Language,
} from '@kreechat/contract';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { SelectField } from '@/components/SelectField';
import { Switch } from '@/components/Switch';
import { TextAreaField } from '@/components/TextAreaField';
import { errorMessage } from '@/lib/api-client';
import { insertText } from '@/lib/insert-text';
import { LANGUAGE_NAMES } from '@/lib/languages';
import { useSaveAutomaticMessage } from '@/features/admin-settings/api/save-automatic-message';
import {
  bodyOf,
  checkTexts,
  draftsOf,
  previewOf,
  textsChanged,
  type TextDrafts,
} from '@/features/admin-settings/lib/auto-message-form';
import { useContractMessage } from './use-contract-message';
import styles from './auto-messages.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * One automatic message: what it is and when it goes out, its switch (which saves at once), and its text in each
 * of the 8 languages with the variables it may use, a live preview and Save (which saves every language's text).
 * An empty text is the built-in default, shown as the placeholder.
 */
export function AutoMessageCard({
  message,
  firstLanguage,
  samples,
}: {
  message: AutoMessage;
  /** The language shown first: the interface's. */
  firstLanguage: Language;
  /** Sample values of the variables, by language (next opening is written in the text's language). */
  samples: (lang: Language) => Partial<Record<AutoMessageVariable, string>>;
}) {
  const { t } = useTranslation();
  const translate = useContractMessage();
  const saveTexts = useSaveAutomaticMessage();
  const saveSwitch = useSaveAutomaticMessage();
  const [lang, setLang] = useState<Language>(firstLanguage);
  const [drafts, setDrafts] = useState<TextDrafts>(() => draftsOf(message));
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const previewId = useId();
  const kind = message.kind;
  const title = t(`autoMessages.kinds.${kind}.title`);
  // The switch shows where it is going while its call runs.
  const enabled = saveSwitch.isPending ? (saveSwitch.variables?.body.enabled ?? message.enabled) : message.enabled;
  const draft = drafts[lang];
  const fallback = message.defaults[lang];
  const changed = textsChanged(message, drafts);

  const setDraft = (text: string) => {
    setDrafts((all) => ({ ...all, [lang]: text }));
    setNotice(null);
    setErrors((all) => ({ ...all, [lang]: undefined }));
  };

  const toggle = () => {
    setNotice(null);
    // The saved texts go with it: unsaved edits stay in the box until Save.
    saveSwitch.mutate(
      { kind, body: bodyOf(!message.enabled, draftsOf(message)) },
      {
        onError: (error) =>
          setNotice({ tone: 'error', text: translate(errorMessage(error, '')) || t('autoMessages.switchFailed') }),
      },
    );
  };

  const insert = (variable: AutoMessageVariable) => {
    const box = textRef.current;
    const selection = box
      ? { start: box.selectionStart, end: box.selectionEnd }
      : { start: draft.length, end: draft.length };
    const next = insertText(draft, selection, `{${variable}}`, AUTO_MESSAGE_MAX);
    setDraft(next.value);
    // After React writes the new value: the caret goes right after the variable.
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saveTexts.isPending) return;
    const checked = checkTexts(kind, message.enabled, drafts);
    if (!checked.ok) {
      setErrors(checked.errors);
      const others = LANGUAGES.filter((l) => l !== lang && checked.errors[l]);
      setNotice({
        tone: 'error',
        text: others.length
          ? t('autoMessages.fixLanguages', { languages: others.map((l) => LANGUAGE_NAMES[l]).join(', ') })
          : t('autoMessages.fix'),
      });
      return;
    }
    setErrors({});
    setNotice(null);
    saveTexts.mutate(
      { kind, body: checked.body },
      {
        onSuccess: () => setNotice({ tone: 'success', text: t('autoMessages.saved', { title }) }),
        onError: (error) =>
          setNotice({ tone: 'error', text: translate(errorMessage(error, '')) || t('autoMessages.saveFailed') }),
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={headingId} data-enabled={enabled}>
      <div className={styles.head}>
        <div className={styles.headText}>
          <h3 id={headingId} className={styles.title}>
            {title}
          </h3>
          <p className={styles.description}>{t(`autoMessages.kinds.${kind}.description`)}</p>
        </div>
        <div className={styles.switch}>
          <span className={styles.switchState} aria-hidden="true">
            {enabled ? t('autoMessages.on') : t('autoMessages.off')}
          </span>
          <Switch
            checked={enabled}
            label={t('autoMessages.send', { title })}
            disabled={saveSwitch.isPending}
            onToggle={toggle}
          />
        </div>
      </div>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.editor}>
          <div className={styles.fields}>
            <SelectField
              className={styles.language}
              label={t('autoMessages.language')}
              value={lang}
              onChange={(event) => setLang(event.target.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {drafts[l].trim()
                    ? t('autoMessages.languageOwn', { language: LANGUAGE_NAMES[l] })
                    : LANGUAGE_NAMES[l]}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              ref={textRef}
              lang={lang}
              rows={4}
              label={t('autoMessages.text', { language: LANGUAGE_NAMES[lang] })}
              hint={draft.trim() ? undefined : t('autoMessages.usesDefault')}
              placeholder={fallback}
              maxLength={AUTO_MESSAGE_MAX}
              value={draft}
              error={translate(errors[lang])}
              onChange={(event) => setDraft(event.target.value)}
            />
            <div className={styles.variables} role="group" aria-label={t('autoMessages.variables.title')}>
              <span className={styles.variablesLabel} aria-hidden="true">
                {t('autoMessages.variables.title')}
              </span>
              {message.variables.map((variable) => (
                <button
                  key={variable}
                  type="button"
                  className={styles.chip}
                  aria-label={t('autoMessages.variables.insert', {
                    name: t(`autoMessages.variables.${variable}`),
                    variable: `{${variable}}`,
                  })}
                  title={t(`autoMessages.variables.${variable}`)}
                  onClick={() => insert(variable)}
                >
                  {`{${variable}}`}
                </button>
              ))}
            </div>
            <div className={styles.textActions}>
              {draft.trim() ? (
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<RotateCcw size={15} aria-hidden="true" />}
                  onClick={() => setDraft('')}
                >
                  {t('autoMessages.reset')}
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setDraft(fallback)}>
                  {t('autoMessages.editDefault')}
                </Button>
              )}
            </div>
          </div>
          <div className={styles.previewBox}>
            <span id={previewId} className={styles.previewLabel}>
              {t('autoMessages.preview')}
            </span>
            <p className={styles.preview} lang={lang} aria-labelledby={previewId} role="note">
              {previewOf(draft, fallback, samples(lang))}
            </p>
          </div>
        </div>

        {notice && (
          <Alert tone={notice.tone} className={styles.notice}>
            {notice.text}
          </Alert>
        )}
        <div className={styles.actions}>
          <Button type="submit" busy={saveTexts.isPending}>
            {t('autoMessages.save')}
          </Button>
          {changed && <span className={styles.unsaved}>{t('autoMessages.unsaved')}</span>}
        </div>
      </form>
    </section>
  );
}
