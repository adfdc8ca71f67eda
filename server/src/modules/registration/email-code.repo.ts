import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailCodes } from '../../db/schema';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

export const emailCodeRepo = {
  async upsert(tx: Tx, row: typeof emailCodes.$inferInsert) {
    await tx
      .insert(emailCodes)
      .values(row)
      .onConflictDoUpdate({
        target: emailCodes.id,
        set: {
          purpose: row.purpose,
          email: row.email,
          codeHash: row.codeHash,
          codeExpiresAt: row.codeExpiresAt,
          attempts: 0,
          verifiedAt: null,
          expiresAt: row.expiresAt,
        },
      });
  },

  async find(tx: Tx, id: string, options: { lock?: boolean } = {}): Promise<EmailCodeRow | undefined> {
    const query = tx.select().from(emailCodes).where(eq(emailCodes.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  async update(tx: Tx, id: string, patch: Partial<EmailCodeRow>) {
    await tx.update(emailCodes).set(patch).where(eq(emailCodes.id, id));
  },

  async delete(tx: Tx, id: string) {
    await tx.delete(emailCodes).where(eq(emailCodes.id, id));
  },

  async deleteExpired(tx: Tx, now: Date) {
    await tx.delete(emailCodes).where(and(lt(emailCodes.expiresAt, now)));
  },
};
