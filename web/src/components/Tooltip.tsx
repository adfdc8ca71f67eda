import { useId, useState, type ReactNode } from 'react';
import styles from './Tooltip.module.css';

interface TooltipProps {
  content: string;
  placement?: 'top' | 'bottom' | 'right' | 'left';
  align?: 'center' | 'start' | 'end';
  /** Renders the trigger; pass the id to its aria-describedby so the tip is read with it. */
  children: (describedBy: string) => ReactNode;
  className?: string;
}

/** A small text tip shown on hover and keyboard focus; Escape hides it (WCAG 1.4.13). */
export function Tooltip({ content, placement = 'bottom', align = 'center', children, className }: TooltipProps) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={[styles.wrapper, className].filter(Boolean).join(' ')}
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children(id)}
      <span role="tooltip" id={id} className={styles.tip} data-placement={placement} data-align={align}>
        {content}
      </span>
    </span>
  );
}
