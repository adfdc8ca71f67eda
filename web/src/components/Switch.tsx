import styles from './Switch.module.css';

interface SwitchProps {
  checked: boolean;
  /** The accessible name: what is switched on or off ("Webhook for +1 555…"). */
  label: string;
  disabled?: boolean;
  /** Why it is disabled, as a tooltip. */
  title?: string;
  onToggle: () => void;
}

/** An on/off control (role="switch"): Space or Enter flips it, aria-checked says where it is. */
export function Switch({ checked, label, disabled, title, onToggle }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={title}
      disabled={disabled}
      className={styles.switch}
      onClick={onToggle}
    >
      <span className={styles.knob} aria-hidden="true" />
    </button>
  );
}
