import { useTranslation } from 'react-i18next';
import styles from './Steps.module.css';

interface StepsProps {
  /** 1-based index of the current step. */
  current: number;
  labels: string[];
  className?: string;
}

/** "Step 2 of 3" with a segmented progress bar; the current step is marked aria-current="step". */
export function Steps({ current, labels, className }: StepsProps) {
  const { t } = useTranslation();
  return (
    <div className={[styles.steps, className].filter(Boolean).join(' ')}>
      <p className={styles.caption}>
        <span>{t('common.stepOf', { current, total: labels.length })}</span>
        {labels[current - 1] && <span className={styles.name}>{labels[current - 1]}</span>}
      </p>
      <ol className={styles.bar}>
        {labels.map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={styles.segment}
              data-state={state}
              aria-current={step === current ? 'step' : undefined}
            >
              <span className="visually-hidden">{label}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
