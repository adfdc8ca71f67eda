import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: 'sm' | 'md' | 'full';
  className?: string;
}

/** A shimmering placeholder block in the shape of content that is loading. Decorative: announce loading elsewhere. */
export function Skeleton({ width = '100%', height = 14, radius = 'sm', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles[radius], className].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}
