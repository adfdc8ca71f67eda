import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramBots } from '../../db/schema';

export type BotRow = typeof telegramBots.$inferSelect;

/** A company's connected Telegram bot (one per company). The token never leaves the server. */
export const botRepo = {
  all: (db: Db) => db.select().from(telegramBots),

  async byCompany(db: Db, companyId: string) {
    const [row] = await db.select().from(telegramBots).where(eq(telegramBots.companyId, companyId)).limit(1);
    return row;
  },

  async byKey(db: Db, botKey: string) {
    const [row] = await db.select().from(telegramBots).where(eq(telegramBots.botKey, botKey)).limit(1);
    return row;
  },

  async byId(db: Db, id: string) {
    const [row] = await db.select().from(telegramBots).where(eq(telegramBots.id, id)).limit(1);
    return row;
  },

  async upsert(db: Db, values: typeof telegramBots.$inferInsert): Promise<BotRow> {
    const [row] = await db
      .insert(telegramBots)
      .values(values)
      .onConflictDoUpdate({
        target: telegramBots.companyId,
        set: {
          token: values.token,
          telegramBotId: values.telegramBotId,
          username: values.username,
          webhookSecret: values.webhookSecret,
          updateOffset: values.updateOffset,
        },
      })
      .returning();
    return row!;
  },

  async setOffset(db: Db, id: string, offset: number) {
    await db.update(telegramBots).set({ updateOffset: offset }).where(eq(telegramBots.id, id));
  },
};
