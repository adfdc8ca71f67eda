import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export const companyRepo = {
  async insert(tx: Tx, values: typeof companies.$inferInsert): Promise<CompanyRow> {
    const [row] = await tx.insert(companies).values(values).returning();
    return row!;
  },
  async find(tx: Tx, id: string): Promise<CompanyRow | undefined> {
    const [row] = await tx.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  },
  /** The IANA zone the company's opening hours are written in (validated by the caller). */
  async setTimeZone(tx: Tx, id: string, timeZone: string) {
    await tx.update(companies).set({ timeZone }).where(eq(companies.id, id));
  },
  /** Months after which closed tickets' messages and files are deleted; null: kept. */
  async setRetention(tx: Tx, id: string, months: number | null) {
    await tx.update(companies).set({ retentionMonths: months }).where(eq(companies.id, id));
  },
  /** The companies with retention switched on, and their setting. */
  async withRetention(tx: Tx): Promise<{ id: string; months: number }[]> {
    const rows = await tx
      .select({ id: companies.id, months: companies.retentionMonths })
      .from(companies)
      .where(isNotNull(companies.retentionMonths))
      .orderBy(asc(companies.id));
    return rows.flatMap((r) => (r.months === null ? [] : [{ id: r.id, months: r.months }]));
  },
};
