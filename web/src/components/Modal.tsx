import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useReturnFocus } from './use-return-focus';
import styles from './Dialog.module.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown in its header. */
  title: string;
  /** A line under the title (e.g. a file name). */
  subtitle?: ReactNode;
  /** Name of the close button. */
  closeLabel: string;
  /** `media`: a dark, wide frame for image and video viewers. */
  variant?: 'default' | 'media';
  /** Controls beside the close button (e.g. a download link). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A modal dialog with a header (title, actions, close) that traps focus and closes on Escape or outside click. */
export function Modal({
  open,
  onOpenChange,
  title,
  subtitle,
  closeLabel,
  variant = 'default',
  actions,
  children,
}: ModalProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`${styles.overlay} ${variant === 'media' ? styles.overlayDark : ''}`} />
        <Dialog.Content
          className={`${styles.content} ${styles[variant]}`}
          aria-describedby={undefined}
          {...returnFocus}
        >
          <div className={styles.header}>
            <div className={styles.headerText}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
            </div>
            {actions}
            <Dialog.Close className={styles.close} aria-label={closeLabel} title={closeLabel}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
