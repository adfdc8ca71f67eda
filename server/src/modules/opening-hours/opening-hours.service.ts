import type { DepartmentHoursBody, OpeningHours } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { CompanyService } from '../companies';
import type { DepartmentService } from '../departments';
import type { HoursReader } from './hours-reader';
import { openingHoursRepo } from './opening-hours.repo';

export type OpeningHoursService = ReturnType<typeof createOpeningHoursService>;

/**
 * Settings → Opening hours: every member reads the company's zone and its departments' hours; admins change them.
 * Each change answers the whole page's data again (read after the commit) and makes this process's reader forget
 * the company, so the next out-of-hours check uses it at once.
 */
export function createOpeningHoursService(deps: {
  db: Db;
  clock: Clock;
  companies: CompanyService;
  departments: DepartmentService;
  hours: HoursReader;
}) {
  const { db, clock, companies, departments, hours } = deps;

  const read = (companyId: string): Promise<OpeningHours> => openingHoursRepo.read(db, companyId);

  return {
    read,

    async setTimeZone(companyId: string, timeZone: string): Promise<OpeningHours> {
      await companies.setTimeZone(companyId, timeZone);
      hours.forget(companyId);
      return read(companyId);
    },

    /** Replaces one live department's schedule and targets; another company's or a deleted department is a 404. */
    async setDepartment(companyId: string, departmentId: string, body: DepartmentHoursBody): Promise<OpeningHours> {
      await db.transaction(async (tx) => {
        await departments.requireLive(companyId, departmentId, tx);
        await openingHoursRepo.upsert(tx, companyId, departmentId, body, clock.now());
      });
      hours.forget(companyId);
      return read(companyId);
    },
  };
}
