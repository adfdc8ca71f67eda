import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { Check, Copy } from 'lucide-react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import views from './whatsapp.module.css';

/** How long "Copied" stays on the button. */
const COPIED_MS = 2_000;

interface CopyFieldProps {
  label: string;
  hint?: ReactNode;
  value: string;
  /** The button's accessible name while it offers to copy (it holds the visible `words.copy`). */
  copyLabel: string;
  words: { copy: string; copied: string; failed: string };
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A value to paste elsewhere (a callback URL, a token): read-only, selected whole on focus, with a Copy button that
 * says "Copied" for a moment. The Clipboard API needs a secure context; without it the field stays selectable by
 * hand and an error says so.
 */
export function CopyField({ label, hint, value, copyLabel, words, inputRef }: CopyFieldProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const onCopy = () => {
    if (!navigator.clipboard) {
      setCopy('failed');
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  const copied = copy === 'copied';
  return (
    <>
      <div className={views.copyRow}>
        <TextField
          ref={inputRef}
          className={views.copyField}
          inputClassName={views.mono}
          label={label}
          hint={hint}
          value={value}
          readOnly
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="secondary"
          className={views.copyButton}
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          // While it says "Copied" that is its name, so the spoken name always holds the words shown (WCAG 2.5.3).
          aria-label={copied ? undefined : copyLabel}
          onClick={onCopy}
        >
          {copied ? words.copied : words.copy}
        </Button>
      </div>
      <div role="status" className="visually-hidden">
        {copied ? words.copied : ''}
      </div>
      {copy === 'failed' && <Alert tone="error">{words.failed}</Alert>}
    </>
  );
}
