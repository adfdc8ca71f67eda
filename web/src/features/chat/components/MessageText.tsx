import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { linkify } from '../../../lib/linkify';
import styles from './chat.module.css';

/** Message text, as text: only http(s) addresses become links, opening in a new tab without an opener. */
export function MessageText({ text }: { text: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <p className={styles.text}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
            <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
