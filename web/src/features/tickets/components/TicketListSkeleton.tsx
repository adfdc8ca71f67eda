import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import styles from './tickets.module.css';

/** Card-shaped placeholders while a ticket list loads. */
export function TicketListSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <div className={styles.list} aria-busy="true">
      <span className="visually-hidden">
        <Spinner label={label} />
      </span>
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} className={styles.skeletonCard}>
          <div className={styles.cardTop}>
            <Skeleton width="45%" height={14} />
            <Skeleton width={36} height={12} />
          </div>
          <Skeleton width="60%" height={11} />
          <Skeleton width="85%" height={12} />
        </div>
      ))}
    </div>
  );
}
