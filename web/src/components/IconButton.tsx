import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Tooltip } from './Tooltip';
import styles from './IconButton.module.css';

interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** The accessible name; also the tooltip unless `tooltip` says otherwise. */
  label: string;
  tooltip?: string;
  tooltipPlacement?: 'top' | 'bottom' | 'right' | 'left';
  tooltipAlign?: 'center' | 'start' | 'end';
  tone?: 'light' | 'ink';
  /** Optional badge in the corner (e.g. an unread count). */
  badge?: ReactNode;
  children: ReactNode;
}

/** An icon-only button: always named, always with a tooltip. */
export function IconButton({
  label,
  tooltip,
  tooltipPlacement = 'bottom',
  tooltipAlign = 'center',
  tone = 'light',
  badge,
  children,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <Tooltip content={tooltip ?? label} placement={tooltipPlacement} align={tooltipAlign}>
      {(describedBy) => (
        <button
          type={type}
          aria-label={label}
          aria-describedby={tooltip && tooltip !== label ? describedBy : undefined}
          className={[styles.button, styles[tone], className].filter(Boolean).join(' ')}
          {...rest}
        >
          {children}
          {badge}
        </button>
      )}
    </Tooltip>
  );
}
