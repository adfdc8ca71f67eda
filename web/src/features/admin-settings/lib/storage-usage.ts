import type { StorageChannelUsage, StorageLimits, StorageSource } from '@kreechat/contract';

/** How much of `total` is used, as a whole percentage from 0 to 100 (a sliver shows as 1, never as 0). */
export function usedPercent(used: number, total: number): number {
  if (total <= 0 || used <= 0) return 0;
  return Math.min(100, Math.max(1, Math.round((used / total) * 100)));
}

export type ChannelRow = {
  key: string;
  source: StorageSource;
  /** The site's, bot's or number's name; null for agents, or a channel account since removed. */
  name: string | null;
  files: number;
  bytes: number;
  /** Percent of the channel account's daily limit; null where no daily limit applies (agents' own files). */
  ofDay: number | null;
};

/**
 * The last day's table: one row per channel account, largest first. Agents' files count only towards the company's
 * total, so they have no daily share.
 */
export function channelRows(lastDay: readonly StorageChannelUsage[], limits: StorageLimits): ChannelRow[] {
  return [...lastDay]
    .sort((a, b) => b.bytes - a.bytes)
    .map((row) => ({
      key: `${row.source}:${row.channelRef ?? ''}`,
      source: row.source,
      name: row.name,
      files: row.files,
      bytes: row.bytes,
      ofDay: row.source === 'agents' ? null : usedPercent(row.bytes, limits.channelDayBytes),
    }));
}

/** The meter's tone: calm below 80 %, a warning from 80 %, danger from 95 %. */
export const usageTone = (percent: number): 'ok' | 'warning' | 'danger' =>
  percent >= 95 ? 'danger' : percent >= 80 ? 'warning' : 'ok';
