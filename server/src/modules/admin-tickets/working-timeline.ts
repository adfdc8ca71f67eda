import type { OpenPeriod } from '@kreechat/contract';

/**
 * The working time of many spans against one department's open periods (the contract's `openPeriods`, computed
 * once for the whole range the spans lie in): each answer is a binary search over running sums, where `workingMs`
 * per span would redo the time-zone maths of every day of every span. The spans must lie within the range the
 * periods were computed for.
 */
export function workingTimeline(periods: OpenPeriod[]) {
  // before[i]: the open time of periods[0..i), so the open time up to an instant is one lookup and one subtraction.
  const before = [0];
  for (const p of periods) before.push(before[before.length - 1]! + (p.end - p.start));

  /** Open time from the first period's start up to `ms`. */
  function openUpTo(ms: number): number {
    // The last period that starts at or before ms.
    let lo = 0;
    let hi = periods.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (periods[mid]!.start <= ms) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return 0;
    const p = periods[found]!;
    return before[found]! + Math.min(ms, p.end) - p.start;
  }

  return {
    /** The open time between `from` and `to`, in milliseconds (0 when `to` is not after `from`). */
    workingMs: (from: number, to: number) => Math.max(0, openUpTo(to) - openUpTo(from)),
  };
}
