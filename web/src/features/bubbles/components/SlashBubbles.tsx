import { useEffect, useId, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { SlashMenu } from '@/lib/composer-slash';
import { bubblePreview } from '@/lib/format';
import { useBubbles } from '@/features/bubbles/api/get-bubbles';
import { filterBubbles } from '@/features/bubbles/lib/filter-bubbles';
import suggestions from '@/styles/suggestion-menu.module.css';
import styles from './bubbles-picker.module.css';

/**
 * The composer's `/` menu answered with the agent's bubbles: `/word` filters them, the composer's arrow keys move
 * (the caret never leaves the text box), Enter or Tab puts the bubble in place of `/word`, Escape closes.
 */
export function SlashBubbles({ slash }: { slash: SlashMenu }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bubbles = useBubbles();
  const shown = useMemo(() => filterBubbles(bubbles.data ?? [], slash.query), [bubbles.data, slash.query]);
  const { register, insert } = slash;
  useEffect(() => {
    register(
      shown.length > 0 ? { count: shown.length, pick: (index) => shown[index] && insert(shown[index].content) } : null,
    );
    return () => register(null);
  }, [shown, register, insert]);

  if (!slash.anchor) return null;
  let body;
  if (bubbles.isPending) {
    body = (
      <p className={suggestions.state} role="status">
        {t('composer.bubblesLoading')}
      </p>
    );
  } else if (bubbles.isError) {
    body = (
      <p className={suggestions.state} role="alert">
        {t('composer.bubblesLoadFailed')}
      </p>
    );
  } else if (shown.length === 0) {
    body = (
      <p className={suggestions.state} role="status">
        {bubbles.data.length === 0 ? t('composer.bubblesEmpty') : t('composer.bubblesNoMatch')}
      </p>
    );
  } else {
    body = (
      <ul id={slash.listId} role="listbox" aria-labelledby={titleId} className={suggestions.list}>
        {shown.map((bubble, index) => (
          <li
            key={bubble.bubbleid}
            id={slash.optionId(index)}
            role="option"
            aria-selected={index === slash.active}
            className={`${suggestions.option} ${styles.slashOption}`}
            // The caret stays in the text box: a click picks without taking focus.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(bubble.content)}
          >
            <span className={styles.name}>{bubblePreview(bubble.name)}</span>
            <span className={styles.preview}>{bubblePreview(bubble.content)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return createPortal(
    <div className={`${suggestions.menu} ${styles.slash}`}>
      <p id={titleId} className={suggestions.title}>
        {t('composer.bubblesTitle')}
      </p>
      {body}
    </div>,
    slash.anchor,
  );
}
