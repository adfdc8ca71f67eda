import { VERIFICATION_CODE_LENGTH } from '@kreechat/contract';
import { TextField, type TextFieldProps } from '@/components/TextField';
import { normalizeCode } from '@/features/auth/lib/registration';
import styles from './auth.module.css';

interface CodeFieldProps extends Omit<TextFieldProps, 'value' | 'onChange'> {
  value: string;
  /** The code as typed or pasted, kept to its digits and cut to the code's length. */
  onChange: (code: string) => void;
}

/** The mailed verification code's box: digits only (spaces and dashes of a pasted code dropped), the phone's
 * number pad and its one-time-code suggestion, focused as its step opens. */
export function CodeField({ value, onChange, ...props }: CodeFieldProps) {
  return (
    <TextField
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={VERIFICATION_CODE_LENGTH}
      inputClassName={styles.codeInput}
      autoFocus
      required
      {...props}
      value={value}
      onChange={(event) => onChange(normalizeCode(event.target.value))}
    />
  );
}
