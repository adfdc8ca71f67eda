import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useSendWhatsAppTemplate } from '@/features/chat/api/send-whatsapp-template';
import { refusalText } from '@/features/chat/lib/delivery-failure';
import { templateKey, type WindowTemplate } from '@/features/chat/lib/whatsapp-window';
import styles from './whatsapp-window.module.css';

interface TemplatePickerProps {
  ticketid: string;
  /** The approved templates; null while they are being fetched. */
  templates: WindowTemplate[] | null;
  /** Fetching them failed. */
  loadFailed: boolean;
  onRetry: () => void;
  /** After a template went out. */
  onSent: () => void;
}

/** One template as a radio: named by its name and language, described by its text. */
function TemplateOption({
  template,
  group,
  checked,
  onChoose,
}: {
  template: WindowTemplate;
  group: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <label className={styles.option}>
      <input
        type="radio"
        className={styles.radio}
        name={group}
        value={templateKey(template)}
        checked={checked}
        onChange={onChoose}
        aria-labelledby={`${id}-name ${id}-language`}
        aria-describedby={`${id}-body`}
      />
      <span className={styles.optionText}>
        <span className={styles.optionTitle}>
          <span id={`${id}-name`} className={styles.name}>
            {template.name}
          </span>
          <span id={`${id}-language`} className={styles.language}>
            {template.language}
          </span>
        </span>
        <span id={`${id}-body`} className={styles.body} data-empty={template.body === null || undefined}>
          {template.body ?? t('composer.templateNoText')}
        </span>
      </span>
    </label>
  );
}

/**
 * The handler's reply while WhatsApp's 24-hour window is closed: one approved template, chosen from a radio group
 * (each shows its name, language and text; the chosen one its whole text) and sent with "Send template".
 */
export function WhatsAppTemplatePicker({ ticketid, templates, loadFailed, onRetry, onSent }: TemplatePickerProps) {
  const { t } = useTranslation();
  const group = useId();
  const send = useSendWhatsAppTemplate();
  const [choice, setChoice] = useState<string | null>(null);

  if (templates === null) {
    return loadFailed ? (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('composer.templatesLoadFailed')}
      </Alert>
    ) : (
      <p className={styles.loading} role="status">
        <Spinner size="sm" />
        {t('composer.templatesLoading')}
      </p>
    );
  }

  if (templates.length === 0) return <p className={styles.empty}>{t('composer.templatesEmpty')}</p>;

  // A template that left the list (no longer approved) is no longer chosen.
  const chosen = templates.find((template) => templateKey(template) === choice) ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || send.isPending) return;
    send.mutate(
      { ticketid, name: chosen.name, language: chosen.language },
      {
        onSuccess: () => {
          setChoice(null);
          onSent();
        },
      },
    );
  };

  return (
    <form className={styles.picker} onSubmit={onSubmit}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('composer.templates')}</legend>
        <div className={styles.options}>
          {templates.map((template) => (
            <TemplateOption
              key={templateKey(template)}
              template={template}
              group={group}
              checked={template === chosen}
              onChoose={() => {
                setChoice(templateKey(template));
                send.reset();
              }}
            />
          ))}
        </div>
      </fieldset>
      {send.isError && (
        <Alert tone="error">{refusalText(t, errorMessage(send.error, t('composer.templateFailed')))}</Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={send.isPending} disabled={!chosen}>
          {t('composer.sendTemplate')}
        </Button>
      </div>
    </form>
  );
}
