import { PRODUCT_NAME } from '@kreechat/contract';
import styles from './Logo.module.css';

interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
  /** `ink`: light wordmark for the dark headers. */
  tone?: 'default' | 'ink';
  showWordmark?: boolean;
  className?: string;
}

/** The KreeChat mark: a chat bubble holding a K. Decorative unless the wordmark is shown. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#0f1c24" />
      <path
        d="M18 16h28a8 8 0 0 1 8 8v14a8 8 0 0 1-8 8H30l-10 8v-8h-2a8 8 0 0 1-8-8V24a8 8 0 0 1 8-8z"
        fill="#5cf6fc"
      />
      <path
        d="M26 24v15M26 32l9-8M29 30l7 9"
        stroke="#0f1c24"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

export function Logo({ size = 'md', tone = 'default', showWordmark = true, className }: LogoProps) {
  return (
    <span className={[styles.logo, styles[size], styles[tone], className].filter(Boolean).join(' ')}>
      <LogoMark className={styles.mark} />
      {showWordmark && <span className={styles.wordmark}>{PRODUCT_NAME}</span>}
    </span>
  );
}
