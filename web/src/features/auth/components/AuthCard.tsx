import type { ReactNode, Ref } from 'react';
import { Card } from '@/components/Card';
import { Steps } from '@/components/Steps';
import styles from './auth.module.css';

interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  /** A multi-step form's step indicator. */
  steps?: { current: number; labels: string[] };
  /** A multi-step form's heading, focusable so that it can take the focus as the step changes. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The alerts above the form (kept in one region, so their arrival does not shift the form twice). */
  messages: ReactNode;
  /** The line under the form: a link to the other screens. */
  footer: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

/** The signed-out screens' card: step indicator, heading and subtitle, alerts, the form, the footer link. */
export function AuthCard({ title, subtitle, steps, headingRef, messages, footer, wide, children }: AuthCardProps) {
  return (
    <Card padding="lg" className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
      <header className={styles.header}>
        {steps && <Steps current={steps.current} labels={steps.labels} />}
        <h1 className={styles.title} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </header>
      <div className={styles.messages}>{messages}</div>
      {children}
      <p className={styles.footer}>{footer}</p>
    </Card>
  );
}
