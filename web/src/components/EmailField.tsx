import { TextField, type TextFieldProps } from './TextField';

/**
 * An e-mail address box: the e-mail keyboard, no capital first letter, no spell check; `autoComplete` is `email`
 * unless given (the login form's is `username`).
 */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="off" spellCheck={false} {...props} />
  );
}
