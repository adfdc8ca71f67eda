import styles from './Spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** When given the spinner announces itself (role="status"); without it, it is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = [styles.spinner, styles[size], className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className={styles.labelled}>
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner filling its container, for whole-screen or whole-panel loading. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
