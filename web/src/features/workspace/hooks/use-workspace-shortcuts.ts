import { useEffect, useRef } from 'react';
import { isTyping, shortcutOf, type ShortcutAction } from '@/features/workspace/lib/shortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>;

/**
 * Keys pressed inside a dialog, a popover or a menu belong to it (a modal keeps focus inside itself, so nothing
 * fires behind it either).
 */
const insideOwnKeys = (target: Element) =>
  target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;

/**
 * Listens for the workspace's shortcuts on the whole page. Never while the agent types, never behind a modal, never
 * for a key another handler already used (a list's arrows, a menu's letters).
 */
export function useWorkspaceShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      // Escape leaves the reply box for the messages (its own pickers take Escape first), so shortcuts work again.
      if (event.key === 'Escape' && target?.matches('[data-workspace-chat] textarea')) {
        document.querySelector<HTMLElement>('[data-workspace-chat] [role="log"]')?.focus();
        return;
      }
      if (isTyping(target) || (target && insideOwnKeys(target))) return;
      const action = shortcutOf(event);
      const run = action && latest.current[action];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * The controls a shortcut presses are marked `data-shortcut="<name>"` where they live (chat header, card), so
 * the shortcut does exactly what the button does, with its checks and dialogs. False when none is on screen.
 */
export function pressShortcutTarget(name: string): boolean {
  const target = document.querySelector<HTMLElement>(`[data-shortcut="${name}"]:not([disabled])`);
  if (!target) return false;
  // As if the agent had moved to the control and pressed it: Escape in what it opens comes back to it.
  target.focus();
  if (!(target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement)) target.click();
  return true;
}

/** Focuses the first element `selector` finds once it is rendered, trying each frame for up to `timeoutMs`. */
function focusWhenThere(selector: string, timeoutMs: number): void {
  const until = performance.now() + timeoutMs;
  const attempt = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) element.focus();
    else if (performance.now() < until) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * Focuses the chat's reply box once it is there and enabled: after Accept the chat may still be loading, and the
 * composer turns on when the accepted ticket arrives.
 */
export const focusReplyBox = (timeoutMs = 5_000): void =>
  focusWhenThere('[data-workspace-chat] textarea:not([disabled])', timeoutMs);

/**
 * Puts focus on the card in the Tab order of the list shown under `panelId` (the open ticket's, else the first),
 * once the list has rendered it: a filter chosen by its key is ready for the arrows and Enter.
 */
export const focusTicketList = (panelId: string, timeoutMs = 5_000): void =>
  focusWhenThere(`#${CSS.escape(panelId)} [data-ticket-open][tabindex="0"]`, timeoutMs);
