import { ADMIN_TICKETS_PAGE } from '@kreechat/contract';

/**
 * The offset of the next page of the admin tickets table: 10, 20, … (SPEC §9), whatever the last page held,
 * or undefined once a page came back empty.
 */
export function nextTicketsOffset(lastLength: number, pages: readonly unknown[]) {
  if (lastLength === 0) return undefined;
  return pages.length * ADMIN_TICKETS_PAGE;
}
