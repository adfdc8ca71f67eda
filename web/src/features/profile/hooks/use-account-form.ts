import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { expectLogout, useLogout, type LogoutNotice } from '@/lib/session';
import { accountErrorMessage } from '@/features/profile/lib/account-errors';

interface AccountFormOptions<F extends string, B> {
  initial: Record<F, string>;
  /** The call that saves the change: the server ends every session of the account when it succeeds. */
  mutation: UseMutationResult<unknown, Error, B>;
  /** What the login screen says after the logout that follows a success. */
  notice: LogoutNotice;
  /** The words for a refusal the server does not explain. */
  failed: string;
  /** The field a 403 (wrong current password) marks. */
  passwordField: F;
  /** The form-level alert's id, read with every invalid field. */
  errorId: string;
}

/**
 * The state and submit flow of a form that changes the account (edit profile, change password): the values, the
 * fields a check or the server refused, the alert's text, and `save`, which sends the change and logs out on
 * success (every session ended) or shows the refusal.
 */
export function useAccountForm<F extends string, B>({
  initial,
  mutation,
  notice,
  failed,
  passwordField,
  errorId,
}: AccountFormOptions<F, B>) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [values, setValues] = useState(initial);
  const [invalid, setInvalid] = useState<ReadonlySet<F>>(new Set());
  const [error, setError] = useState<string | null>(null);

  /** Shows `message` above the form and marks `fields`; the change is not sent. */
  const refuse = (fields: F[], message: string) => {
    setInvalid(new Set(fields));
    setError(message);
  };

  /** Takes the marks and the alert away. */
  const clear = () => {
    setInvalid(new Set());
    setError(null);
  };

  const save = (body: B) => {
    clear();
    expectLogout(notice);
    mutation.mutate(body, {
      onSuccess: () => logout.mutate({ notice }),
      onError: (failure) => {
        expectLogout(null);
        setError(accountErrorMessage(failure, t, failed));
        if (isApiError(failure) && failure.status === 403) setInvalid(new Set([passwordField]));
      },
    });
  };

  /** A field's value, change handler and invalid state, to spread onto its TextField or PasswordField. */
  const field = (name: F) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (invalid.has(name)) setInvalid((current) => new Set([...current].filter((f) => f !== name)));
    },
    invalid: invalid.has(name),
    describedBy: error && invalid.has(name) ? errorId : undefined,
    required: true,
  });

  /** Keeps a submit from reloading the page, then runs `submit`. */
  const onSubmit = (submit: () => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const busy = mutation.isPending || logout.isPending;
  return { values, field, refuse, clear, save, onSubmit, page: { error, errorId, busy } };
}
