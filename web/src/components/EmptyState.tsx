import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /** Heading level of the title inside its region; use `p` when no heading fits. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
  size?: 'sm' | 'md';
  className?: string;
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  titleAs: Title = 'p',
  size = 'md',
  className,
}: EmptyStateProps) {
  return (
    <div className={[styles.empty, styles[size], className].filter(Boolean).join(' ')}>
      <div className={styles.icon} aria-hidden="true">
        {icon}
      </div>
      <Title className={styles.title}>{title}</Title>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
