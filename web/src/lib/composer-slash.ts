import { createContext, useContext } from 'react';

/**
 * The composer's `/` menu, shared by the chat's composer and the tool that answers it (the bubbles picker, another
 * feature): the composer sees `/word` typed at the start or after whitespace and provides this; the picker lists
 * what matches into `anchor` and registers how to pick each option. The caret stays in the text box, whose arrow
 * keys, Enter and Escape move through the options (the combobox pattern), so typing goes on filtering.
 */
export type SlashMenu = {
  /** What follows the `/`. */
  query: string;
  /** Where the list renders (above the text box, inside the composer). */
  anchor: HTMLElement | null;
  /** The list's id (the text box points aria-controls at it) and an option's id by index. */
  listId: string;
  optionId: (index: number) => string;
  /** The option the arrows are on. */
  active: number;
  /** The picker's options: how many it shows and what picking one does; null while it shows none. */
  register: (options: { count: number; pick: (index: number) => void } | null) => void;
  /** Puts `text` in place of the typed `/word` and closes the menu. */
  insert: (text: string) => void;
  close: () => void;
};

export const SlashMenuContext = createContext<SlashMenu | null>(null);

/** The composer's open `/` menu, or null when none is open (or there is no composer around). */
export const useSlashMenu = () => useContext(SlashMenuContext);
