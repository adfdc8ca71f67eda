/*
 * Roots of cached queries that one feature shows and another changes. Features never import each other, so the
 * roots live here: the admin panel owns these lists, the chat's account-number edit marks them stale.
 */

/** The admin panel's client table, searches and profiles. */
export const adminClientsQueryRoot = ['admin-clients'] as const;

/** The admin panel's ticket table (it shows each ticket's account number). */
export const adminTicketsQueryRoot = ['admin', 'tickets'] as const;
