import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'ink';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface LookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

export function buttonClassName({ variant = 'primary', size = 'md', fullWidth, className }: LookProps): string {
  return [styles.button, styles[variant], styles[size], fullWidth && styles.full, className].filter(Boolean).join(' ');
}

interface ButtonProps extends ComponentPropsWithRef<'button'>, LookProps {
  /** A request is running: the button shows a spinner, keeps its size and cannot be pressed again. */
  busy?: boolean;
  icon?: ReactNode;
  iconEnd?: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  className,
  busy = false,
  icon,
  iconEnd,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      {...rest}
    >
      <span className={styles.content}>
        {icon}
        {children !== undefined && children !== null && <span className={styles.label}>{children}</span>}
        {iconEnd}
      </span>
      {busy && (
        <span className={styles.busy}>
          <Spinner size="sm" />
        </span>
      )}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps, LookProps {
  icon?: ReactNode;
}

/** Navigation that looks like a button: still a link to assistive technology and the browser. */
export function ButtonLink({ variant, size, fullWidth, className, icon, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, fullWidth, className })} {...rest}>
      <span className={styles.content}>
        {icon}
        {children !== undefined && children !== null && <span className={styles.label}>{children as ReactNode}</span>}
      </span>
    </Link>
  );
}
