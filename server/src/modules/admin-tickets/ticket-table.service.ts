import {
  openPeriods,
  seesAllDepartments,
  type AdminTicketsPage,
  type AdminTicketsQuery,
  type AdminTicketsResponse,
  type ResponseTimesQuery,
  type ResponseTimesResponse,
} from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import type { HoursReader } from '../opening-hours';
import { responseTimesRepo, type UnansweredCandidate } from './response-times.repo';
import { ticketTableRepo, type TableScope } from './ticket-table.repo';
import { workingTimeline } from './working-timeline';

export type TicketTableService = ReturnType<typeof createTicketTableService>;

/**
 * The admin panel's tickets table (SPEC §2, §7). Admins and moderators see the whole company; an agent sees what
 * the workspace shows them (SPEC §4): their department's tickets plus the ones they handle. Filters narrow that
 * scope, never widen it. Widgets count the same rows as the table, filters included, so the numbers always
 * describe the table below them ("12 pending" under a WhatsApp filter means 12 pending WhatsApp tickets).
 */
export function createTicketTableService(deps: { db: Db; clock: Clock; hours: Pick<HoursReader, 'company'> }) {
  const { db, clock, hours } = deps;

  /**
   * How many unanswered tickets of each department have already missed the first-response target: their wait in
   * working time (the department's opening hours, from the ticket's start until now or its close) passed it.
   */
  async function missesByDepartment(
    companyId: string,
    candidates: UnansweredCandidate[],
    targets: Map<string, number>,
  ): Promise<Map<string, number>> {
    const misses = new Map<string, number>();
    if (!candidates.length) return misses;
    const { departments } = await hours.company(companyId);
    const byDepartment = new Map<string, UnansweredCandidate[]>();
    for (const c of candidates) {
      const list = byDepartment.get(c.departmentId);
      if (list) list.push(c);
      else byDepartment.set(c.departmentId, [c]);
    }
    for (const [departmentId, waits] of byDepartment) {
      const zoned = departments.get(departmentId)?.zoned;
      const targetMs = (targets.get(departmentId) ?? 0) * 60_000;
      if (!zoned) continue;
      // One pass of the zone maths over the whole span the waits cover (sorted by start), then a lookup each.
      const from = waits[0]!.createdAt.getTime();
      const to = Math.max(...waits.map((w) => w.waitedUntil.getTime()));
      const timeline = workingTimeline(openPeriods(zoned, from, to));
      const missed = waits.filter(
        (w) => timeline.workingMs(w.createdAt.getTime(), w.waitedUntil.getTime()) >= targetMs,
      ).length;
      misses.set(departmentId, missed);
    }
    return misses;
  }

  const scopeOf = (viewer: Principal): TableScope =>
    seesAllDepartments(viewer.role)
      ? { companyId: viewer.companyId, all: true }
      : { companyId: viewer.companyId, all: false, departmentId: viewer.departmentId, userId: viewer.userId };

  return {
    async first(viewer: Principal, query: AdminTicketsQuery): Promise<AdminTicketsResponse> {
      const scope = scopeOf(viewer);
      const [widgetData, tickets] = await Promise.all([
        ticketTableRepo.widgets(db, scope, query),
        ticketTableRepo.page(db, scope, query, 0),
      ]);
      return { widgetData, tickets };
    },

    async page(viewer: Principal, query: AdminTicketsQuery, offset: number): Promise<AdminTicketsPage> {
      return { tickets: await ticketTableRepo.page(db, scopeOf(viewer), query, offset) };
    },

    /**
     * First-response times per live department of the viewer's company over whole days of the company's zone:
     * median and p90 in working seconds, and the share within the department's target — answered within it, of
     * the answered plus the unanswered that already waited past it (a ticket still inside its target is not
     * decided yet, and one closed unanswered before its target passed never missed it).
     */
    async responseTimes(viewer: Principal, query: ResponseTimesQuery): Promise<ResponseTimesResponse> {
      const now = clock.now();
      const [counted, candidates] = await Promise.all([
        responseTimesRepo.firstResponses(db, viewer.companyId, query.from, query.to),
        responseTimesRepo.unansweredCandidates(db, viewer.companyId, query.from, query.to, now),
      ]);
      if (!counted) throw new NotFoundError('Company not found');
      const targets = new Map(
        counted.departments.flatMap((d) => (d.targetMin === null ? [] : [[d.departmentId, d.targetMin] as const])),
      );
      const misses = await missesByDepartment(viewer.companyId, candidates, targets);
      return {
        time_zone: counted.timeZone,
        departments: counted.departments.map((d) => {
          const decided = d.answered + (misses.get(d.departmentId) ?? 0);
          return {
            departmentid: d.departmentId,
            department_name: d.departmentName,
            tickets: d.tickets,
            answered: d.answered,
            median_sec: d.medianSec,
            p90_sec: d.p90Sec,
            target_min: d.targetMin,
            within_target: d.targetMin === null || decided === 0 ? null : d.answeredWithin / decided,
          };
        }),
      };
    },
  };
}
