import type { ReactNode } from 'react';
import type { Platform } from '@kreechat/contract';
import { PlatformIcon } from '@/components/PlatformIcon';
import pageStyles from '@/styles/page.module.css';
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
    <div className={pageStyles.card}>
      <div className={styles.cardHeader}>
        <PlatformIcon platform={platform} size={36} />
        <div>
          <h3 className={pageStyles.cardTitle}>{title}</h3>
          <p className={styles.sectionText}>{intro}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
