import { compactCount } from '@/lib/format';
import styles from './CountBadge.module.css';

interface CountBadgeProps {
  count: number;
  /** Hide the bubble when the count is 0 (e.g. unread counts). */
  hideZero?: boolean;
  tone?: 'accent' | 'neutral' | 'danger';
  /** Corner placement over an icon button. */
  floating?: boolean;
  className?: string;
}

export function CountBadge({
  count,
  hideZero = false,
  tone = 'neutral',
  floating = false,
  className,
}: CountBadgeProps) {
  if (hideZero && count === 0) return null;
  return (
    <span
      className={[styles.badge, styles[tone], floating && styles.floating, className].filter(Boolean).join(' ')}
      aria-hidden={floating || undefined}
    >
      {compactCount(count)}
    </span>
  );
}
