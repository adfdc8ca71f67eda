import type { Colleague, PresenceBatch, PresenceEvent } from '@kreechat/contract';

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

/** A presenceChanged applied to the list: every flip in it, then the order once. */
export function applyPresenceBatch(list: Colleague[], batch: PresenceBatch): Colleague[] {
  const status = new Map<string, Colleague['status']>([
    ...batch.online.map((id) => [id, 'online'] as const),
    ...batch.offline.map((id) => [id, 'offline'] as const),
  ]);
  let changed = false;
  const next = list.map((c) => {
    const now = status.get(c.id);
    if (!now || now === c.status) return c;
    changed = true;
    return { ...c, status: now };
  });
  return changed ? sortColleagues(next) : list;
}
