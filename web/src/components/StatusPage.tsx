import type { ReactNode } from 'react';
import { Logo } from './Logo';
import styles from './StatusPage.module.css';

interface StatusPageProps {
  tone: 'accent' | 'danger';
  icon: ReactNode;
  /** A large code above the title, e.g. 404. */
  code?: string;
  title: string;
  description: string;
  /** The way out: links or buttons. */
  actions: ReactNode;
  /** Anything below the actions (technical details). */
  children?: ReactNode;
}

/** A whole-page status such as 'Page not found' or 'Unexpected Application Error!'. */
export function StatusPage({ tone, icon, code, title, description, actions, children }: StatusPageProps) {
  return (
    <main className={styles.page} data-tone={tone}>
      <Logo size="md" className={styles.logo} />
      <div className={styles.content}>
        <div className={styles.badge} aria-hidden="true">
          {icon}
        </div>
        {code && (
          <p className={styles.code} aria-hidden="true">
            {code}
          </p>
        )}
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.description}>{description}</p>
        <div className={styles.actions}>{actions}</div>
        {children}
      </div>
    </main>
  );
}
