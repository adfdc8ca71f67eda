import type { ComponentPropsWithRef } from 'react';
import styles from './Card.module.css';

interface CardProps extends ComponentPropsWithRef<'div'> {
  padding?: 'none' | 'md' | 'lg';
  as?: 'div' | 'section' | 'article';
}

export function Card({ padding = 'md', as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={[styles.card, styles[padding], className].filter(Boolean).join(' ')} {...rest} />;
}
