import type { ComponentPropsWithRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { Field, splitFieldProps, type FieldChromeProps } from './Field';
import styles from './Field.module.css';

interface SelectFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<'select'>, 'className'> {}

export function SelectField({ children, ...props }: SelectFieldProps) {
  const [frame, selectProps] = splitFieldProps(props);
  return (
    <Field {...frame}>
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
