import { useState, type FormEvent } from 'react';
import { confirmsErase } from '@kreechat/contract';
import { Trash2 } from 'lucide-react';
import formStyles from '@/styles/form.module.css';
import { Alert } from './Alert';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextField } from './TextField';
import styles from './EraseDialog.module.css';

/** One side of what an erasure does: its heading and its points. */
export interface EraseList {
  title: string;
  items: string[];
}

interface EraseDialogProps {
  title: string;
  intro: string;
  removed: EraseList;
  kept: EraseList;
  warning: string;
  /** The field's label, which says what to type. */
  confirmLabel: string;
  /** What arms the red button when typed (letter case aside), besides the word ERASE. */
  expected: string;
  maxLength: number;
  confirmText: string;
  cancelText: string;
  busy: boolean;
  /** The refusal or failure of the last try, in the admin's language. */
  problem: string | null;
  onErase: () => void;
  onClose: () => void;
}

/**
 * Erasing someone's personal data: what goes and what stays, then their name or address (or ERASE) typed to arm
 * the red button — an erasure cannot be undone, so one click is not enough. Closing waits while it runs.
 */
export function EraseDialog(props: EraseDialogProps) {
  const { busy, onClose } = props;
  const [typed, setTyped] = useState('');
  const armed = confirmsErase(typed, props.expected);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (armed && !busy) props.onErase();
  };

  return (
    <Modal open onOpenChange={(open) => !open && !busy && onClose()} title={props.title} closeLabel={props.cancelText}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <p>{props.intro}</p>
        <div className={styles.lists}>
          {[props.removed, props.kept].map((list) => (
            <div key={list.title}>
              <h3 className={styles.listTitle}>{list.title}</h3>
              <ul className={styles.list}>
                {list.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className={styles.warning}>{props.warning}</p>
        {props.problem && <Alert tone="error">{props.problem}</Alert>}
        <TextField
          label={props.confirmLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={props.maxLength}
        />
        <div className={formStyles.actions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {props.cancelText}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!armed}
            busy={busy}
            icon={<Trash2 size={16} aria-hidden="true" />}
          >
            {props.confirmText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
