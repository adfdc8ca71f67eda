import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldChromeProps {
  label: string;
  /** Help text under the control, always read with it. */
  hint?: ReactNode;
  /** This field's own error, shown under it and read with it. */
  error?: string;
  /** Marks the control invalid when the error is shown elsewhere (a form-level alert). */
  invalid?: boolean;
  /** Extra ids for aria-describedby, e.g. the form-level alert. */
  describedBy?: string;
  className?: string;
}

export interface ControlA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps extends FieldChromeProps {
  id?: string;
  children: (control: ControlA11y) => ReactNode;
}

/**
 * Splits a field component's props into the frame's (id, label, hint, error, invalid, describedBy, className) and
 * the control's own, so TextField, SelectField and TextAreaField pass the first to Field whole.
 */
export function splitFieldProps<P extends FieldChromeProps & { id?: string }>({
  id,
  label,
  hint,
  error,
  invalid,
  describedBy,
  className,
  ...control
}: P) {
  const frame: FieldChromeProps & { id?: string } = { id, label, hint, error, invalid, describedBy, className };
  return [frame, control] as const;
}

/** Label, control, hint and error wired together: the shared frame of every form control. */
export function Field({ id, label, hint, error, invalid, describedBy, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedByIds = [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': describedByIds,
      })}
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
