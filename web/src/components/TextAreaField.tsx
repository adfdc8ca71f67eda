import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldChromeProps } from './Field';
import styles from './Field.module.css';

export interface TextAreaFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<'textarea'>, 'className'> {
  textareaClassName?: string;
}

/** A labelled multi-line text box with the same frame, hint and error as TextField. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  invalid,
  describedBy,
  className,
  textareaClassName,
  rows = 3,
  ...textareaProps
}: TextAreaFieldProps) {
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
        <textarea
          rows={rows}
          className={[styles.input, styles.textarea, textareaClassName].filter(Boolean).join(' ')}
          {...a11y}
          {...textareaProps}
        />
      )}
    </Field>
  );
}
