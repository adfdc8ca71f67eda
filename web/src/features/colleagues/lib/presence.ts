import type { Colleague, PresenceEvent } from '@kreechat/contract';

const fullName = (c: Colleague) => `${c.firstName} ${c.lastName}`;

/** The server's order: online first, then by name (then id, so equal names stay put). */
export function sortColleagues(list: Colleague[]): Colleague[] {
  return [...list].sort(
    (a, b) =>
      Number(b.status === 'online') - Number(a.status === 'online') ||
      fullName(a).localeCompare(fullName(b)) ||
      a.id.localeCompare(b.id),
  );
}

/** A userLogin / userLogout applied to the list: the colleague's status flips and the order follows. */
export function applyPresence(list: Colleague[], event: PresenceEvent): Colleague[] {
  const index = list.findIndex((c) => c.id === event.userid);
  const current = list[index];
  if (!current || current.status === event.status) return list;
  const next = [...list];
  next[index] = { ...current, status: event.status };
  return sortColleagues(next);
}
