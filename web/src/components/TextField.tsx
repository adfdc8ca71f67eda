import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field, splitFieldProps, type FieldChromeProps } from './Field';
import styles from './Field.module.css';

export interface TextFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<'input'>, 'className'> {
  /** A control inside the input's right edge (e.g. the show-password toggle). */
  endAdornment?: ReactNode;
  inputClassName?: string;
}

export function TextField({ endAdornment, inputClassName, type = 'text', ...props }: TextFieldProps) {
  const [frame, inputProps] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(a11y) => (
        <div className={styles.control} data-has-end={endAdornment ? true : undefined}>
          <input
            type={type}
            className={[styles.input, inputClassName].filter(Boolean).join(' ')}
            {...a11y}
            {...inputProps}
          />
          {endAdornment && <div className={styles.end}>{endAdornment}</div>}
        </div>
      )}
    </Field>
  );
}
