import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '@kreechat/contract';
import { insertText } from '@/lib/insert-text';

/** The text area grows with its content up to about six lines, then scrolls. */
const MAX_TEXTAREA_PX = 148;

/**
 * The composer's text and its text area: the area grows with the text (up to about six lines), `insert` puts a
 * snippet at the caret within the length limit, and `replace` sets the whole text with the caret where it says —
 * the caret moves once the new text has rendered.
 */
export function useComposerText() {
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once an insertion has rendered.
  const caretAfterInsert = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, MAX_TEXTAREA_PX);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > MAX_TEXTAREA_PX ? 'auto' : 'hidden';
    const caret = caretAfterInsert.current;
    if (caret !== null) {
      caretAfterInsert.current = null;
      element.setSelectionRange(caret, caret);
    }
  }, [text]);

  /** Puts `snippet` in place of the selection (at the caret), as far as the length limit allows, and focuses. */
  const insert = useCallback((snippet: string) => {
    const element = textarea.current;
    if (!element || element.disabled) return;
    const next = insertText(
      element.value,
      { start: element.selectionStart, end: element.selectionEnd },
      snippet,
      MESSAGE_MAX_LENGTH,
    );
    caretAfterInsert.current = next.caret;
    setText(next.value);
    element.focus();
  }, []);

  /** The whole text, cut to the length limit, with the caret at `caret` once it has rendered. */
  const replace = useCallback((value: string, caret: number) => {
    caretAfterInsert.current = Math.min(caret, MESSAGE_MAX_LENGTH);
    setText(value.slice(0, MESSAGE_MAX_LENGTH));
  }, []);

  const focus = useCallback(() => textarea.current?.focus(), []);

  return { text, setText, textarea, insert, replace, focus };
}
