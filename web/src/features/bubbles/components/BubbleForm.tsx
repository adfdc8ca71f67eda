import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ChevronDown, ChevronUp, Eraser, Save } from 'lucide-react';
import { BUBBLE_CONTENT_MAX, BUBBLE_NAME_MAX, type Bubble } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { submitOnEnter } from '@/lib/submit-on-enter';
import { useCreateBubble } from '@/features/bubbles/api/create-bubble';
import { useEditBubble } from '@/features/bubbles/api/edit-bubble';
import pageStyles from '@/styles/page.module.css';
import styles from './bubbles.module.css';

interface BubbleFormProps {
  /** The bubble being edited, or null for a new one. */
  editing: Bubble | null;
  /** Called after a successful save of an edited bubble. */
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The create/edit area (SPEC §2, §4, §5): a name, and a content text area behind an open/close toggle. Enter in the
 * text area saves (Shift+Enter adds a line); nothing is sent while a trimmed field is empty; after a save the
 * fields clear and the area closes. Editing opens the area with the bubble's text.
 */
export function BubbleForm({ editing, onDone, onCancel }: BubbleFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const contentRegionId = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [open, setOpen] = useState(editing !== null);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateBubble();
  const edit = useEditBubble();
  const busy = create.isPending || edit.isPending;

  // Choosing a bubble to edit brings the form to the person, ready to type. Only when the form starts: it is
  // remounted per edited bubble.
  const startsEditing = useRef(editing !== null);
  useEffect(() => {
    if (startsEditing.current) nameRef.current?.focus();
  }, []);

  const submit = () => {
    if (busy) return;
    const body = { name: name.trim(), content: content.trim() };
    if (!body.name || !body.content) {
      setError(t('bubbles.fillBoth'));
      if (!body.name) nameRef.current?.focus();
      else if (open) contentRef.current?.focus();
      else setOpen(true);
      return;
    }
    setError(null);
    const saved = () => {
      setName('');
      setContent('');
      setOpen(false);
      if (editing) onDone();
    };
    const failed = (cause: unknown) => setError(errorMessage(cause, t('bubbles.saveFailed')));
    if (editing) edit.mutate({ bubbleid: editing.bubbleid, ...body }, { onSuccess: saved, onError: failed });
    else create.mutate(body, { onSuccess: saved, onError: failed });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onContentKeyDown = submitOnEnter(submit);

  return (
    <section className={`${pageStyles.card} ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {editing ? t('bubbles.editBubble') : t('bubbles.newBubble')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          ref={nameRef}
          label={t('bubbles.name')}
          value={name}
          maxLength={BUBBLE_NAME_MAX}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />

        <div>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={contentRegionId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <ChevronUp size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />}
            {open ? t('bubbles.hideContent') : t('bubbles.showContent')}
          </button>
        </div>

        <div id={contentRegionId} hidden={!open} className={styles.contentRegion}>
          {open && (
            <Field label={t('bubbles.content')} hint={t('bubbles.enterHint')}>
              {(a11y) => (
                <textarea
                  ref={contentRef}
                  className={styles.textarea}
                  rows={5}
                  value={content}
                  maxLength={BUBBLE_CONTENT_MAX}
                  onChange={(event) => {
                    setContent(event.target.value);
                    setError(null);
                  }}
                  onKeyDown={onContentKeyDown}
                  {...a11y}
                />
              )}
            </Field>
          )}
        </div>

        {error && <Alert tone="error">{error}</Alert>}

        <div className={styles.actions}>
          {open && (
            <Button
              variant="ghost"
              icon={<Eraser size={16} aria-hidden="true" />}
              disabled={!content}
              onClick={() => {
                setContent('');
                contentRef.current?.focus();
              }}
            >
              {t('bubbles.clearText')}
            </Button>
          )}
          <span className={styles.spacer} />
          {editing && (
            <Button variant="secondary" onClick={onCancel}>
              {t('bubbles.cancelEdit')}
            </Button>
          )}
          <Button type="submit" busy={busy} icon={<Save size={16} aria-hidden="true" />}>
            {t('bubbles.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
