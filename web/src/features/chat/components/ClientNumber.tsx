import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CreditCard, Pencil } from 'lucide-react';
import { CLIENT_ACCOUNT_NUMBER_MAX, type Client, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import { TextField } from '@/components/TextField';
import { usePopover } from '@/components/use-popover';
import { errorMessage } from '@/lib/api-client';
import { useUpdateClientNumber } from '@/features/chat/api/update-client-number';
import { clientNumberProblem, type ClientNumberProblem } from '@/features/chat/lib/client-number';
import styles from './ClientNumber.module.css';

interface ClientNumberProps {
  ticket: Ticket;
  /** The viewer may set it (the handler, moderators, admins): the pencil shows. */
  canEdit: boolean;
  /** The saved client, for the screen to refresh what it shows of them (the ticket lists). */
  onUpdated?: (client: Client) => void;
}

/**
 * The client's account number in the chat header, with a pencil opening a small form to set it (SPEC §7
 * update-client-number). Enter saves, Escape or a click elsewhere cancels and focus returns to the pencil.
 */
export function ClientNumber({ ticket, canEdit, onUpdated }: ClientNumberProps) {
  const { t } = useTranslation();
  const number = ticket.account_number;
  const update = useUpdateClientNumber(onUpdated);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<ClientNumberProblem | null>(null);
  // Losing the right (the ticket went to someone else) closes the form with the pencil.
  const { open, setOpen, close, popoverId, popover, wrapperProps, buttonProps } = usePopover({ disabled: !canEdit });
  const input = useRef<HTMLInputElement>(null);
  const title = number ? t('chat.editAccountNumber') : t('chat.addAccountNumber');

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    input.current?.select();
  }, [open]);

  const toggle = () => {
    if (open) return close(false);
    // A save still in flight stays on show when the form is reopened (its number, the spinner), not sent twice.
    if (!update.isPending) {
      setText(number ?? '');
      setProblem(null);
      update.reset();
    }
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = clientNumberProblem(text);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    // Nothing changed: no call, as if cancelled.
    if (text.trim() === number) {
      close(true);
      return;
    }
    update.mutate({ ticket, clientNumber: text }, { onSuccess: () => close(true) });
  };

  const fieldError =
    problem === 'required'
      ? t('chat.accountNumberRequired')
      : problem === 'tooLong'
        ? t('chat.accountNumberTooLong', { max: CLIENT_ACCOUNT_NUMBER_MAX })
        : undefined;

  return (
    <span {...wrapperProps} className={styles.wrapper}>
      <span className={styles.value} data-missing={number ? undefined : true} title={t('chat.accountNumber')}>
        <CreditCard size={15} aria-hidden="true" />
        <span className="visually-hidden">{t('chat.accountNumber')}: </span>
        <span className={styles.text} data-testid="client-account-number">
          {number ?? t('chat.accountNumberMissing')}
        </span>
      </span>
      {canEdit && (
        <IconButton
          {...buttonProps}
          className={styles.edit}
          label={title}
          tooltipPlacement="bottom"
          data-open={open || undefined}
          onClick={toggle}
        >
          <Pencil size={14} aria-hidden="true" />
        </IconButton>
      )}
      {open && canEdit && (
        <div ref={popover} id={popoverId} role="dialog" aria-label={title} className={styles.popover}>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              ref={input}
              label={t('chat.accountNumber')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
              }}
              readOnly={update.isPending}
              autoComplete="off"
              spellCheck={false}
              error={fieldError}
            />
            {update.isError && (
              <Alert tone="error" className={styles.failure}>
                {errorMessage(update.error, t('chat.accountNumberFailed'))}
              </Alert>
            )}
            <div className={styles.actions}>
              <Button size="sm" variant="secondary" onClick={() => close(true)}>
                {t('common.cancel')}
              </Button>
              <Button size="sm" type="submit" busy={update.isPending}>
                {t('chat.saveAccountNumber')}
              </Button>
            </div>
          </form>
        </div>
      )}
    </span>
  );
}
