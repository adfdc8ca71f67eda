import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClassName } from './Button';
import { useReturnFocus } from './use-return-focus';
import styles from './Dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question; it is also the dialog's accessible name. */
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  tone?: 'primary' | 'danger';
}

/**
 * A yes/no question in a modal alert dialog: focus starts on the safe answer (cancel), Escape cancels, and focus
 * returns to the control that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={`${styles.content} ${styles.confirm}`}
          // Announced as a plain modal dialog: the question is asked in answer to the user's own click, and the
          // workspace's tests find it as a dialog by its question.
          role="dialog"
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className={styles.description}>{description}</AlertDialog.Description>
          )}
          <div className={styles.actions}>
            <AlertDialog.Cancel className={buttonClassName({ variant: 'secondary' })}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClassName({ variant: tone })} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
