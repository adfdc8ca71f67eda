import { ADMIN_TICKETS_PAGE } from '@kreechat/contract';

/**
 * The offset of the next page of the admin tickets table: 10, 20, … (SPEC §9), whatever the last page held,
 * or undefined once a page came back empty.
 */
export function nextTicketsOffset(lastLength: number, pages: readonly unknown[]) {
  if (lastLength === 0) return undefined;
  return pages.length * ADMIN_TICKETS_PAGE;
}

/** Minutes with at most 2 decimals, as the server rounds them; never negative. */
export function formatMinutes(minutes: number, lang: string): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(minutes > 0 ? minutes : 0);
}
