import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import styles from './chat.module.css';

const SHAPES: { side: 'client' | 'agent'; width: string; height: number }[] = [
  { side: 'client', width: '48%', height: 44 },
  { side: 'client', width: '30%', height: 32 },
  { side: 'agent', width: '52%', height: 56 },
  { side: 'client', width: '40%', height: 32 },
  { side: 'agent', width: '35%', height: 32 },
];

/** Bubble-shaped placeholders while a chat's first page loads. */
export function ChatSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden">
        <Spinner label={label} />
      </span>
      <div className={styles.dayRow}>
        <Skeleton width={80} height={22} radius="full" />
      </div>
      {SHAPES.map((shape, index) => (
        <div key={index} className={styles.skeletonRow} data-side={shape.side}>
          <Skeleton width={shape.width} height={shape.height} radius="md" />
        </div>
      ))}
    </div>
  );
}
