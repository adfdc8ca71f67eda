import type { KeyboardEvent } from 'react';

/**
 * A text area's key handler where Enter submits and Shift+Enter breaks the line (SPEC §5). While an IME composes
 * text, Enter confirms the word instead.
 */
export const submitOnEnter = (submit: () => void) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  submit();
};
