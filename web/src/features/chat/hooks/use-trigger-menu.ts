import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Mentionable } from '@kreechat/contract';
import type { SlashMenu } from '@/lib/composer-slash';
import { useNoteMentions } from '@/features/chat/api/get-note-mentions';
import { filterMentionables, mentionInsert, replaceRange, triggerAt } from '@/features/chat/lib/mentions';

/** The `@` or `/` word being typed at the caret, while its menu is open. */
type Trigger = { kind: '@' | '/'; start: number; end: number; query: string };

interface TriggerMenuOptions {
  ticketid: string;
  /** Note mode: `@` opens the colleagues; otherwise `/` opens the screen's tools' menu (the bubbles). */
  noting: boolean;
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Sets the text with the caret at `caret` (the composer's text hook). */
  replace: (value: string, caret: number) => void;
}

/**
 * The menu that opens above the text box while an `@` (notes) or `/` (replies) word is typed at the caret: which
 * word, its options (the colleagues who may see the ticket, or the count the `/` tool registered), the one the
 * arrows are on, and the keys that move through it (arrows, Enter or Tab picks, Escape closes it until another
 * word is typed). Picking puts the option's text in place of the word.
 */
export function useTriggerMenu({ ticketid, noting, textarea, replace }: TriggerMenuOptions) {
  const menuId = useId();
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [active, setActive] = useState(0);
  // The trigger the viewer closed with Escape stays closed until another one is typed.
  const dismissed = useRef<number | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLDivElement | null>(null);
  const slashOptions = useRef<{ count: number; pick: (index: number) => void } | null>(null);
  const [slashCount, setSlashCount] = useState(0);
  const mentionables = useNoteMentions(ticketid, noting && trigger?.kind === '@');
  const mentionMatches = useMemo(
    () => (trigger?.kind === '@' ? filterMentionables(mentionables.data ?? [], trigger.query) : []),
    [mentionables.data, trigger],
  );

  /** Reads the `@` (notes) or `/` (replies) word at the caret, after every change of text or caret. */
  const read = (element: HTMLTextAreaElement) => {
    const caret = element.selectionStart;
    if (caret !== element.selectionEnd) return setTrigger(null);
    const found = triggerAt(element.value, caret, noting ? '@' : '/');
    if (!found || found.start === dismissed.current) {
      if (!found) dismissed.current = null;
      return setTrigger(null);
    }
    // A new word, or a new query for it, starts again at the first option.
    if (trigger?.start !== found.start || trigger.query !== found.query) setActive(0);
    setTrigger({ kind: noting ? '@' : '/', start: found.start, end: caret, query: found.query });
  };

  const close = useCallback(() => {
    setTrigger((current) => {
      if (current) dismissed.current = current.start;
      return null;
    });
  }, []);

  /** Puts `snippet` in place of the typed trigger word, closes its menu and focuses the text box. */
  const replaceTrigger = useCallback(
    (snippet: string) => {
      const element = textarea.current;
      if (!element || !trigger) return;
      const next = replaceRange(element.value, trigger.start, trigger.end, snippet);
      replace(next.value, next.caret);
      setTrigger(null);
      element.focus();
    },
    [trigger, textarea, replace],
  );

  const pickMention = (agent: Mentionable) => replaceTrigger(mentionInsert(agent));

  const slash = useMemo<SlashMenu | null>(
    () =>
      trigger?.kind === '/'
        ? {
            query: trigger.query,
            anchor: menuAnchor,
            listId: menuId,
            optionId: (index) => `${menuId}-${index}`,
            active: Math.min(active, Math.max(slashCount - 1, 0)),
            register: (options) => {
              slashOptions.current = options;
              setSlashCount(options?.count ?? 0);
            },
            insert: replaceTrigger,
            close,
          }
        : null,
    [trigger, menuAnchor, menuId, active, slashCount, replaceTrigger, close],
  );

  const optionCount = trigger?.kind === '@' ? mentionMatches.length : trigger ? slashCount : 0;
  const activeIndex = optionCount > 0 ? Math.min(active, optionCount - 1) : -1;

  /** The menu's keys, while it is open; true when the key was the menu's (the text box must not act on it). */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!trigger || event.nativeEvent.isComposing) return false;
    if (event.key === 'Escape') {
      // The menu closes, not whatever the page does with Escape.
      event.preventDefault();
      event.stopPropagation();
      close();
      return true;
    }
    if (optionCount === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + optionCount) % optionCount);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      if (trigger.kind === '@') pickMention(mentionMatches[activeIndex]!);
      else slashOptions.current?.pick(activeIndex);
      return true;
    }
    return false;
  };

  return {
    menuId,
    /** The `@` word's menu is open (the composer renders MentionMenu). */
    mentioning: trigger?.kind === '@',
    open: trigger !== null,
    mentionables,
    mentionMatches,
    optionCount,
    activeIndex,
    slash,
    setMenuAnchor,
    read,
    /** Closes the menu without remembering the word (a blur, a change of mode). */
    reset: () => setTrigger(null),
    pickMention,
    onKeyDown,
  };
}
