import type { ComponentPropsWithRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { Field, type FieldChromeProps } from './Field';
import styles from './Field.module.css';

interface SelectFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<'select'>, 'className'> {}

export function SelectField({
  id,
  label,
  hint,
  error,
  invalid,
  describedBy,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      invalid={invalid}
      describedBy={describedBy}
      className={className}
    >
      {(a11y) => (
        <div className={styles.control}>
          <select className={[styles.input, styles.select].join(' ')} {...a11y} {...selectProps}>
            {children}
          </select>
          <ChevronDown className={styles.chevron} size={18} aria-hidden="true" />
        </div>
      )}
    </Field>
  );
}
