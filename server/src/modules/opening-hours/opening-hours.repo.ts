import {
  DEFAULT_SCHEDULE,
  DEFAULT_TARGETS,
  type DepartmentHours,
  type DepartmentHoursBody,
  type OpeningHours,
} from '@kreechat/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, departments, departmentSettings } from '../../db/schema';

type SettingsRow = typeof departmentSettings.$inferSelect;

/** A department's row and its settings row (none: the defaults, open 24/7 with no targets) as the API shows them. */
function toDepartmentHours(department: { id: string; name: string }, settings: SettingsRow | null): DepartmentHours {
  return {
    departmentid: department.id,
    department_name: department.name,
    ...(settings
      ? {
          always_open: settings.alwaysOpen,
          week: settings.week,
          special_dates: settings.specialDates,
          first_response_min: settings.firstResponseMin,
          next_response_min: settings.nextResponseMin,
          still_waiting_min: settings.stillWaitingMin,
        }
      : { ...DEFAULT_SCHEDULE, ...DEFAULT_TARGETS }),
  };
}

export const openingHoursRepo = {
  /**
   * The company's zone and every live department's hours, ordered as the departments list orders them (oldest
   * first). An unknown company answers UTC and no departments.
   */
  async read(tx: Tx, companyId: string): Promise<OpeningHours> {
    const [company] = await tx
      .select({ timeZone: companies.timeZone })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    const rows = await tx
      .select({ id: departments.id, name: departments.name, settings: departmentSettings })
      .from(departments)
      .leftJoin(departmentSettings, eq(departmentSettings.departmentId, departments.id))
      .where(and(eq(departments.companyId, companyId), isNull(departments.deletedAt)))
      .orderBy(asc(departments.createdAt), asc(departments.id));
    return {
      time_zone: company?.timeZone ?? 'UTC',
      departments: rows.map((row) => toDepartmentHours(row, row.settings)),
    };
  },

  /** Writes the department's whole schedule and targets (the caller checked the department is this company's). */
  async upsert(tx: Tx, companyId: string, departmentId: string, body: DepartmentHoursBody, now: Date) {
    const values = {
      alwaysOpen: body.always_open,
      week: body.week,
      specialDates: body.special_dates,
      firstResponseMin: body.first_response_min,
      nextResponseMin: body.next_response_min,
      stillWaitingMin: body.still_waiting_min,
      updatedAt: now,
    };
    await tx
      .insert(departmentSettings)
      .values({ departmentId, companyId, ...values })
      .onConflictDoUpdate({ target: departmentSettings.departmentId, set: values });
  },
};
