import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './Checkbox.module.css';

interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> {
  /** The visible label, which is also the accessible name. */
  label: ReactNode;
  className?: string;
}

/** A native checkbox with its label beside it: the whole label is the click target. */
export function Checkbox({ label, className, ...inputProps }: CheckboxProps) {
  return (
    <label className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <input type="checkbox" className={styles.input} {...inputProps} />
      <span className={styles.label}>{label}</span>
    </label>
  );
}
