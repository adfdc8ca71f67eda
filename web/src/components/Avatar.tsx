import { useState } from 'react';
import styles from './Avatar.module.css';

interface AvatarProps {
  src?: string | null;
  alt: string;
  size?: number;
  className?: string;
}

/** The picture shown when a user has none or theirs fails to load (SPEC §8). */
export function DefaultAvatar({ size = 96, label, className }: { size?: number; label?: string; className?: string }) {
  return (
    <svg
      className={[styles.avatar, className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 96 96"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="96" height="96" fill="#d4f8fa" />
      <circle cx="48" cy="38" r="17" fill="#0a737a" opacity="0.85" />
      <path d="M14 92c3-19 17-30 34-30s31 11 34 30z" fill="#0a737a" opacity="0.85" />
    </svg>
  );
}

export function Avatar({ src, alt, size = 96, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <DefaultAvatar size={size} label={alt} className={className} />;
  return (
    <img
      className={[styles.avatar, className].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailedSrc(src)}
    />
  );
}
