import type { ComponentPropsWithRef } from 'react';
import { Field, splitFieldProps, type FieldChromeProps } from './Field';
import styles from './Field.module.css';

export interface TextAreaFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<'textarea'>, 'className'> {
  textareaClassName?: string;
}

/** A labelled multi-line text box with the same frame, hint and error as TextField. */
export function TextAreaField({ textareaClassName, rows = 3, ...props }: TextAreaFieldProps) {
  const [frame, textareaProps] = splitFieldProps(props);
  return (
    <Field {...frame}>
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
