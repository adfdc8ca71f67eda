import { Spinner } from '@/components/Spinner';
import page from '@/styles/page.module.css';
import styles from './profile.module.css';

/** The profile card's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className={page.column} aria-busy="true">
      <div className={page.header}>
        <span className={`${styles.skeleton} ${styles.skeletonTitle}`} />
        <Spinner label={label} />
      </div>
      <div className={`${page.card} ${styles.card}`}>
        <div className={styles.identity}>
          <span className={`${styles.skeleton} ${styles.skeletonAvatar}`} />
          <div className={styles.identityText}>
            <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '55%' }} />
            <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '35%' }} />
          </div>
        </div>
        <div className={styles.details}>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className={styles.detailRow}>
              <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: `${40 + row * 10}%` }} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
