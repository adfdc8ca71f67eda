import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import styles from './Alert.module.css';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

interface AlertProps {
  tone: AlertTone;
  id?: string;
  title?: string;
  children?: ReactNode;
  /** Buttons or links shown at the alert's end. */
  action?: ReactNode;
  className?: string;
}

const ICONS = { error: XCircle, success: CheckCircle2, warning: AlertTriangle, info: Info } as const;

/**
 * A message box. Errors are announced at once (role="alert"); the other tones politely (role="status").
 */
export function Alert({ tone, id, title, children, action, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
    >
      <Icon className={styles.icon} size={18} aria-hidden="true" />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
