import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MessageSquareText, Search } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { usePopover } from '@/components/use-popover';
import { useSlashMenu } from '@/lib/composer-slash';
import { bubblePreview } from '@/lib/format';
import { useBubbles } from '@/features/bubbles/api/get-bubbles';
import { filterBubbles } from '@/features/bubbles/lib/filter-bubbles';
import toolPopover from '@/styles/tool-popover.module.css';
import { SlashBubbles } from './SlashBubbles';
import styles from './bubbles-picker.module.css';

interface BubblesPickerProps {
  /** Puts the chosen bubble's content into the text field, at the caret. */
  onInsert: (content: string) => void;
  /** Where the agent manages their bubbles (the empty state links there). */
  manageHref: string;
  disabled?: boolean;
}

/**
 * The composer's bubbles button (SPEC §2): a popover listing the agent's own bubbles (name and content preview cut
 * to 50 characters) with a filter. Arrow keys move between the filter and the bubbles, Enter inserts, Escape
 * closes and returns focus to the button. The list is the cache the live bubble events keep current.
 */
export function BubblesPicker({ onInsert, manageHref, disabled = false }: BubblesPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { open, setOpen, close, popoverId, popover, wrapperProps, buttonProps } = usePopover({
    disabled,
    onClosed: () => setQuery(''),
  });
  const titleId = useId();
  const filter = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const bubbles = useBubbles();
  const shown = useMemo(() => filterBubbles(bubbles.data ?? [], query), [bubbles.data, query]);
  const slash = useSlashMenu();

  // Focus moves in as the popover opens (onto the filter once the list is there), so Escape and arrows work at once.
  const loaded = !bubbles.isPending;
  useEffect(() => {
    const element = popover.current;
    if (!open || !element) return;
    const first = element.querySelector<HTMLElement>('input, button, a');
    (first ?? element).focus();
  }, [open, loaded]);

  const choose = (content: string) => {
    setOpen(false);
    setQuery('');
    onInsert(content);
  };

  /** Arrow keys walk the filter field and the bubbles as one column. */
  const onListKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [filter.current, ...(list.current?.querySelectorAll('button') ?? [])].filter(
      (el): el is HTMLInputElement | HTMLButtonElement => el !== null,
    );
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = Math.min(at + 1, items.length - 1);
    else if (event.key === 'ArrowUp') next = Math.max(at - 1, 0);
    else if (event.key === 'Home' && at > 0) next = 1;
    else if (event.key === 'End' && at > 0) next = items.length - 1;
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  let body;
  if (bubbles.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner label={t('composer.bubblesLoading')} />
      </div>
    );
  } else if (bubbles.isError) {
    body = (
      <div className={styles.state} role="alert">
        <p>{t('composer.bubblesLoadFailed')}</p>
        <Button size="sm" variant="secondary" busy={bubbles.isFetching} onClick={() => void bubbles.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (bubbles.data.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<MessageSquareText size={22} />}
        title={t('composer.bubblesEmpty')}
        description={t('composer.bubblesEmptyHint')}
        action={
          <Link className={styles.manage} to={manageHref}>
            {t('composer.bubblesCreate')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <div className={styles.filter}>
          <Search size={16} aria-hidden="true" />
          <input
            ref={filter}
            type="search"
            className={styles.filterInput}
            aria-label={t('composer.bubblesFilter')}
            placeholder={t('composer.bubblesFilter')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter in the filter takes the first match, like a quick switcher.
              if (event.key === 'Enter' && shown[0]) {
                event.preventDefault();
                choose(shown[0].content);
              }
            }}
          />
        </div>
        {shown.length === 0 ? (
          <p className={styles.noMatch} role="status">
            {t('composer.bubblesNoMatch')}
          </p>
        ) : (
          <ul ref={list} className={styles.list} aria-labelledby={titleId}>
            {shown.map((bubble) => (
              <li key={bubble.bubbleid}>
                <button type="button" className={styles.item} onClick={() => choose(bubble.content)}>
                  <span className={styles.name}>{bubblePreview(bubble.name)}</span>
                  <span className={styles.preview}>{bubblePreview(bubble.content)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Link className={styles.footerLink} to={manageHref}>
          {t('composer.bubblesManage')}
        </Link>
      </>
    );
  }

  return (
    <span {...wrapperProps} className={toolPopover.wrapper}>
      {slash && !disabled && <SlashBubbles slash={slash} />}
      <IconButton
        {...buttonProps}
        label={t('composer.bubbles')}
        tooltipPlacement="top"
        disabled={disabled}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <MessageSquareText size={19} aria-hidden="true" />
      </IconButton>
      {open && (
        <div
          id={popoverId}
          role="dialog"
          aria-labelledby={titleId}
          className={`${toolPopover.popover} ${styles.popover}`}
          ref={popover}
          tabIndex={-1}
          onKeyDown={onListKeys}
        >
          <p id={titleId} className={styles.title}>
            {t('composer.bubblesTitle')}
          </p>
          {body}
        </div>
      )}
    </span>
  );
}
