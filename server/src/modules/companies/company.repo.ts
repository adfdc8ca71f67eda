import { eq } from 'drizzle-orm';
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
};
