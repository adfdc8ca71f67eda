import type { ReactNode } from 'react';
import type { Platform } from '@kreechat/contract';
import { PlatformIcon } from '@/components/PlatformIcon';
import styles from './settings.module.css';

/** A communication service's card: its icon, name and what it does, then its settings. */
export function ServiceCard({
  platform,
  title,
  intro,
  children,
}: {
  platform: Platform;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.card}>
      <div className={styles.cardHeader}>
        <PlatformIcon platform={platform} size={36} />
        <div>
          <h3 className={styles.cardTitle}>{title}</h3>
          <p className={styles.sectionText}>{intro}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
