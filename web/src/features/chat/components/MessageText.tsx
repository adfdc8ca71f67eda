import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { linkify } from '@/lib/linkify';
import { noteParts } from '@/features/chat/lib/mentions';
import styles from './chat.module.css';
import notes from './notes.module.css';

function Linked({ text }: { text: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => linkify(text), [text]);
  return parts.map((part, index) =>
    part.kind === 'link' ? (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
        <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
      </a>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

/**
 * Message text, as text: only http(s) addresses become links, opening in a new tab without an opener. In a note
 * (`note`), each `@[Name](id)` mention shows as a highlighted @Name.
 */
export function MessageText({ text, note = false }: { text: string; note?: boolean }) {
  const parts = useMemo(() => (note ? noteParts(text) : [{ kind: 'text' as const, text }]), [text, note]);
  return (
    <p className={styles.text}>
      {parts.map((part, index) =>
        part.kind === 'mention' ? (
          <span key={index} className={notes.mention} data-userid={part.userid}>
            @{part.name}
          </span>
        ) : (
          <Fragment key={index}>
            <Linked text={part.text} />
          </Fragment>
        ),
      )}
    </p>
  );
}
