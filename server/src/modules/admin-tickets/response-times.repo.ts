import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Rows<T> = { rows: T[] };

/** One live department's first responses over the period, as counted in SQL. */
export type DepartmentFirstResponses = {
  departmentId: string;
  departmentName: string;
  tickets: number;
  answered: number;
  medianSec: number | null;
  p90Sec: number | null;
  targetMin: number | null;
  /** Answered at or under the target (0 without one). */
  answeredWithin: number;
};

/** A ticket of the period nobody has answered, that waited at least its target in wall time (so maybe in working time). */
export type UnansweredCandidate = { departmentId: string; createdAt: Date; waitedUntil: Date };

/**
 * The period's bounds: whole days in the company's zone, `to` included. PostgreSQL's own zone rules place each
 * midnight, so a day of a daylight-saving change is 23 or 25 hours long as it should be.
 */
const bounds = (companyId: string, from: string, to: string) => sql`
  bounds as (
    select c.id as company_id, c.time_zone,
           (${from}::date)::timestamp at time zone c.time_zone as lo,
           (${to}::date + 1)::timestamp at time zone c.time_zone as hi
    from companies c where c.id = ${companyId}
  )`;

const num = (v: string | number | null) => (v === null ? null : Number(v));

export const responseTimesRepo = {
  /**
   * Per live department of the company (oldest first): the tickets created in the period, how many got a first
   * response, the median and 90th percentile of its working seconds (percentile_cont, interpolated; nulls — the
   * unanswered — left out), the first-response target and how many were answered within it. Also the company's
   * zone; undefined for an unknown company.
   */
  async firstResponses(db: Db, companyId: string, from: string, to: string) {
    const result = (await db.execute(sql`
      with ${bounds(companyId, from, to)}
      select b.time_zone, d.id as department_id, d.name as department_name, s.first_response_min as target_min,
             count(t.id) as tickets,
             count(t.first_response_at) as answered,
             percentile_cont(0.5) within group (order by t.first_response_work_sec) as median_sec,
             percentile_cont(0.9) within group (order by t.first_response_work_sec) as p90_sec,
             count(t.id) filter (where t.first_response_work_sec <= s.first_response_min * 60) as answered_within
      from bounds b
      left join departments d on d.company_id = b.company_id and d.deleted_at is null
      left join department_settings s on s.department_id = d.id
      left join tickets t on t.company_id = b.company_id and t.department_id = d.id
                         and t.created_at >= b.lo and t.created_at < b.hi
      group by b.time_zone, d.id, d.name, d.created_at, s.first_response_min
      order by d.created_at, d.id`)) as unknown as Rows<{
      time_zone: string;
      department_id: string | null;
      department_name: string | null;
      target_min: number | null;
      tickets: string | number;
      answered: string | number;
      median_sec: string | number | null;
      p90_sec: string | number | null;
      answered_within: string | number;
    }>;
    const [first] = result.rows;
    if (!first) return undefined;
    const departments: DepartmentFirstResponses[] = result.rows
      .filter((r) => r.department_id !== null)
      .map((r) => ({
        departmentId: r.department_id!,
        departmentName: r.department_name!,
        tickets: Number(r.tickets),
        answered: Number(r.answered),
        medianSec: num(r.median_sec),
        p90Sec: num(r.p90_sec),
        targetMin: r.target_min,
        answeredWithin: Number(r.answered_within),
      }));
    return { timeZone: first.time_zone, departments };
  },

  /**
   * The period's unanswered tickets of live departments with a first-response target whose wait (until now, or
   * until their close: a ticket closed unanswered stopped waiting then) is at least the target in wall time.
   * Working time is never more than wall time, so the rest cannot have missed it; whether these did depends on
   * the opening hours, which the caller applies. At most the period's tickets, oldest first.
   */
  async unansweredCandidates(
    db: Db,
    companyId: string,
    from: string,
    to: string,
    now: Date,
  ): Promise<UnansweredCandidate[]> {
    const result = (await db.execute(sql`
      with ${bounds(companyId, from, to)}, waits as (
        select t.department_id, t.created_at,
               case when t.stage = 'closed' then coalesce(t.closed_at, t.created_at) else ${now}::timestamptz end as until,
               s.first_response_min
        from bounds b
        join tickets t on t.company_id = b.company_id and t.created_at >= b.lo and t.created_at < b.hi
        join departments d on d.id = t.department_id and d.company_id = b.company_id and d.deleted_at is null
        join department_settings s on s.department_id = d.id and s.first_response_min is not null
        where t.first_response_at is null
      )
      select department_id, created_at, until from waits
      where until - created_at >= make_interval(mins => first_response_min)
      order by created_at`)) as unknown as Rows<{
      department_id: string;
      created_at: Date | string;
      until: Date | string;
    }>;
    return result.rows.map((r) => ({
      departmentId: r.department_id,
      createdAt: new Date(r.created_at),
      waitedUntil: new Date(r.until),
    }));
  },
};
