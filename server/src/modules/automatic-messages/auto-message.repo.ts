import type { AutoMessageKind } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { autoMessages } from '../../db/schema';

/** A company's own setting of one kind: its switch and the texts it wrote (by language). */
export type AutoMessageRow = { kind: AutoMessageKind; enabled: boolean; texts: Partial<Record<string, string>> };

export const autoMessageRepo = {
  /** The kinds the company has changed (a kind without a row keeps its defaults). */
  ofCompany: (tx: Tx, companyId: string): Promise<AutoMessageRow[]> =>
    tx
      .select({ kind: autoMessages.kind, enabled: autoMessages.enabled, texts: autoMessages.texts })
      .from(autoMessages)
      .where(eq(autoMessages.companyId, companyId)),

  /** Writes the whole setting of one kind (switch and every text), the row made on its first change. */
  async upsert(tx: Tx, companyId: string, row: AutoMessageRow, now: Date): Promise<AutoMessageRow> {
    const [saved] = await tx
      .insert(autoMessages)
      .values({ companyId, ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: [autoMessages.companyId, autoMessages.kind],
        set: { enabled: row.enabled, texts: row.texts, updatedAt: now },
      })
      .returning({ kind: autoMessages.kind, enabled: autoMessages.enabled, texts: autoMessages.texts });
    return saved!;
  },
};
