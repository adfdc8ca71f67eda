import { Skeleton } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
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
            <Skeleton width="45%" height={16} />
            <Skeleton width={36} height={12} />
          </div>
          <Skeleton width="70%" height={12} />
          <Skeleton width="90%" height={12} />
          <div className={styles.cardBottom}>
            <Skeleton width={90} height={22} radius="full" />
            <Skeleton width={64} height={30} radius="md" />
          </div>
        </div>
      ))}
    </div>
  );
}
