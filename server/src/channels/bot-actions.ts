/**
 * What a bot's buttons carry, the same on every channel: `dept:<id>` for a department, `rate:<ticket>:<1-3>` for a
 * rating. Short enough for Telegram's callback_data (≤ 64 bytes) and WhatsApp's reply ids (≤ 256).
 */
export const callbackData = {
  department: (id: string) => `dept:${id}`,
  rating: (ticketId: string, stars: number) => `rate:${ticketId}:${stars}`,
};

export type ParsedCallback =
  | { action: 'department'; departmentId: string }
  | { action: 'rating'; ticketId: string; rating: number }
  | { action: 'unknown' };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export function parseCallback(data: string): ParsedCallback {
  const dept = new RegExp(`^dept:(${UUID})$`).exec(data);
  if (dept) return { action: 'department', departmentId: dept[1]! };
  const rate = new RegExp(`^rate:(${UUID}):([1-3])$`).exec(data);
  if (rate) return { action: 'rating', ticketId: rate[1]!, rating: Number(rate[2]) };
  return { action: 'unknown' };
}
