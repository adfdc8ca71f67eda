import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';
import styles from './Field.module.css';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Name of the show/hide toggle; a second password field on a page (the confirmation) needs its own. */
  toggleLabel?: string;
}

/** A password input with a show/hide toggle; the toggle keeps one name and reports its state via aria-pressed. */
export function PasswordField({ toggleLabel, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const label = toggleLabel ?? t('common.showPassword');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          className={styles.toggle}
          aria-label={label}
          aria-pressed={visible}
          title={visible ? t('common.hidePassword') : label}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      }
    />
  );
}
