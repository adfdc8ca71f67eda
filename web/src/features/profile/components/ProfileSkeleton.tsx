import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import pageStyles from '@/styles/page.module.css';
import styles from './profile.module.css';

/** The profile card's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className={pageStyles.column} aria-busy="true">
      <div className={pageStyles.header}>
        <Skeleton width={120} height={26} />
        <Spinner label={label} />
      </div>
      <div className={`${pageStyles.card} ${styles.card}`}>
        <div className={styles.identity}>
          <Skeleton width={88} height={88} radius="full" />
          <div className={styles.identityText}>
            <Skeleton width="55%" height={16} />
            <Skeleton width="35%" height={16} />
          </div>
        </div>
        <div className={styles.details}>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className={styles.detailRow}>
              <Skeleton width={`${40 + row * 10}%`} height={16} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
