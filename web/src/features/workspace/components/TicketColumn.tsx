import type { HTMLAttributes, ReactNode } from 'react';
import { CountBadge } from '@/components/CountBadge';
import styles from './WorkspaceShell.module.css';

interface TicketColumnProps {
  titleId: string;
  title: string;
  /** Shown beside the title; omit for lists without a count. */
  count?: number;
  /** Controls at the end of the column header (search toggle, filters…). */
  actions?: ReactNode;
  /** A row under the header that does not scroll with the list (the list's filters). */
  toolbar?: ReactNode;
  /** The scrolling body's role and names (a tab panel under filter tabs). */
  bodyProps?: HTMLAttributes<HTMLDivElement>;
  children: ReactNode;
}

/** A ticket list column: a header with its title and count, then the scrolling list or its empty state. */
export function TicketColumn({ titleId, title, count, actions, toolbar, bodyProps, children }: TicketColumnProps) {
  return (
    <div className={styles.column}>
      <div className={styles.columnHeader}>
        <h2 id={titleId} className={styles.columnTitle}>
          {title}
        </h2>
        {count !== undefined && <CountBadge count={count} tone={count > 0 ? 'accent' : 'neutral'} />}
        {actions && <div className={styles.columnActions}>{actions}</div>}
      </div>
      {toolbar}
      <div {...bodyProps} className={styles.columnBody} data-ticket-scroll>
        {children}
      </div>
    </div>
  );
}
