import {
  DEFAULT_SCHEDULE,
  DEFAULT_TARGETS,
  type DepartmentHours,
  type DepartmentTargets,
  type ZonedSchedule,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { openingHoursRepo } from './opening-hours.repo';

export type DepartmentHoursInfo = { zoned: ZonedSchedule; targets: DepartmentTargets };
export type CompanyHours = { timeZone: string; departments: Map<string, DepartmentHoursInfo> };

/**
 * Callers inside a transaction pass it as `tx`: PGlite has one connection, so a read outside a transaction that is
 * open waits for it to end, and the caller would wait for that read (a deadlock). Without `tx` the reader uses the
 * database itself.
 */
export type HoursReader = {
  /** The department's schedule in its company's zone and its targets; unknown department: 24/7, no targets. */
  department(companyId: string, departmentId: string, tx?: Tx): Promise<DepartmentHoursInfo>;
  /** Every live department's, keyed by department id, and the company's zone. */
  company(companyId: string, tx?: Tx): Promise<CompanyHours>;
  /** Forget a company's cached hours (this process; others see a change within the TTL). */
  forget(companyId: string): void;
};

const DEFAULT_TTL_MS = 10_000;
/** Companies kept at most; past it the one read longest ago is dropped (a Map iterates in insertion order). */
const MAX_COMPANIES = 10_000;

function infoOf(timeZone: string, d: DepartmentHours): DepartmentHoursInfo {
  return {
    zoned: { timeZone, schedule: { always_open: d.always_open, week: d.week, special_dates: d.special_dates } },
    targets: {
      first_response_min: d.first_response_min,
      next_response_min: d.next_response_min,
      still_waiting_min: d.still_waiting_min,
    },
  };
}

/**
 * Opening hours as other modules need them (out-of-hours messages, still-waiting delays, response times), read
 * once per company per `ttlMs` by the injected clock. Every message of a busy desk asks, so the whole company's
 * answer (two small queries) is cached; this process's PUTs `forget` it at once, other processes see a change
 * within the TTL. Concurrent readers of one company share the same query (outside transactions).
 */
export function createHoursReader(deps: {
  db: Db;
  clock: Clock;
  ttlMs?: number;
  /** Companies kept at most (tests lower it). */
  maxCompanies?: number;
}): HoursReader {
  const ttlMs = deps.ttlMs ?? DEFAULT_TTL_MS;
  const maxCompanies = deps.maxCompanies ?? MAX_COMPANIES;
  type Entry = { loadedAt: number; hours: Promise<CompanyHours>; settled: boolean };
  const cache = new Map<string, Entry>();
  /** Counts `forget`s: a read that began before one must not store what it read. */
  let forgets = 0;

  async function load(companyId: string, tx: Tx): Promise<CompanyHours> {
    const read = await openingHoursRepo.read(tx, companyId);
    return {
      timeZone: read.time_zone,
      departments: new Map(read.departments.map((d) => [d.departmentid, infoOf(read.time_zone, d)])),
    };
  }

  function remember(companyId: string, entry: Entry) {
    cache.delete(companyId);
    cache.set(companyId, entry);
    if (cache.size > maxCompanies) cache.delete(cache.keys().next().value!);
  }

  function company(companyId: string, tx?: Tx): Promise<CompanyHours> {
    const now = deps.clock.now().getTime();
    const cached = cache.get(companyId);
    // A read still running outside the caller's transaction may be the one waiting for it (PGlite): not shared.
    if (cached && now - cached.loadedAt < ttlMs && (cached.settled || !tx)) return cached.hours;
    if (tx) {
      // Read in the caller's transaction and kept once read, so no one else ever waits on that transaction.
      const before = forgets;
      return load(companyId, tx).then((hours) => {
        if (forgets === before) remember(companyId, { loadedAt: now, hours: Promise.resolve(hours), settled: true });
        return hours;
      });
    }
    const entry: Entry = { loadedAt: now, hours: load(companyId, deps.db), settled: false };
    entry.hours.then(
      () => {
        entry.settled = true;
      },
      // A failed read (the database away) is not kept: the next caller tries again.
      () => {
        if (cache.get(companyId) === entry) cache.delete(companyId);
      },
    );
    remember(companyId, entry);
    return entry.hours;
  }

  return {
    company,
    async department(companyId, departmentId, tx) {
      const hours = await company(companyId, tx);
      return (
        hours.departments.get(departmentId) ?? {
          zoned: { timeZone: hours.timeZone, schedule: DEFAULT_SCHEDULE },
          targets: DEFAULT_TARGETS,
        }
      );
    },
    forget(companyId) {
      forgets++;
      cache.delete(companyId);
    },
  };
}
