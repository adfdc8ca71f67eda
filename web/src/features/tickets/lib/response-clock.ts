import { workingMs, type OpeningHours, type Ticket, type ZonedSchedule } from '@kreechat/contract';

/**
 * A ticket's response clock: how long its client has waited for an answer, in working time of the
 * ticket's department (a closed night does not count), against that department's target — the first-response
 * target until an agent first answered, the next-response target after that.
 */

/** What a card needs of a department's settings: its zoned schedule and its two response targets. */
export interface DepartmentClock {
  zoned: ZonedSchedule;
  firstResponseMin: number | null;
  nextResponseMin: number | null;
}

/** The departments' clocks by id, built once per answer of GET /api/opening-hours (cards look theirs up). */
export function departmentClocks(hours: OpeningHours): ReadonlyMap<string, DepartmentClock> {
  return new Map(
    hours.departments.map((d) => [
      d.departmentid,
      {
        zoned: { timeZone: hours.time_zone, schedule: d },
        firstResponseMin: d.first_response_min,
        nextResponseMin: d.next_response_min,
      },
    ]),
  );
}

/** From this share of the target on, the card turns orange ("due soon"); from the whole of it, red ("overdue"). */
export const DUE_SOON_SHARE = 0.8;

export type ResponseTone = 'ok' | 'soon' | 'late';

export interface ResponseClock {
  /** Working time waited so far, in milliseconds. */
  waitedMs: number;
  targetMin: number;
  /** Which target applies: before the first agent answer, or a later one. */
  kind: 'first' | 'next';
  tone: ResponseTone;
}

/**
 * The clock of an open ticket whose client waits, or null when there is nothing to hold against a target (the
 * ticket is closed, nobody waits, the department has no target for this response, its settings are not known).
 */
export function responseClock(
  ticket: Pick<Ticket, 'stage' | 'awaiting_since' | 'first_response_on'>,
  clock: DepartmentClock | undefined,
  now: Date,
): ResponseClock | null {
  if (!clock || ticket.stage === 'closed' || !ticket.awaiting_since) return null;
  const kind = ticket.first_response_on === null ? 'first' : 'next';
  const targetMin = kind === 'first' ? clock.firstResponseMin : clock.nextResponseMin;
  if (targetMin === null) return null;
  const since = new Date(ticket.awaiting_since);
  // A server clock slightly ahead of this browser's must not read as a negative wait.
  const waitedMs = since.getTime() < now.getTime() ? workingMs(clock.zoned, since, now) : 0;
  const share = waitedMs / (targetMin * 60_000);
  const tone: ResponseTone = share >= 1 ? 'late' : share >= DUE_SOON_SHARE ? 'soon' : 'ok';
  return { waitedMs, targetMin, kind, tone };
}
