import { eq, getTableColumns } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { telegramBots } from '../../db/schema';
import type { SecretBox } from '../../platform/secrets';
import { secretContext } from '../channel-secrets';

/** A bot as the runtime uses it: token and webhook secret in the clear, in memory only. */
export type BotRow = typeof telegramBots.$inferSelect;
type Stored = typeof telegramBots.$inferSelect;

export type BotRepo = ReturnType<typeof createBotRepo>;

/**
 * A company's connected Telegram bot (one per company). The token and the webhook secret are sealed by the secret
 * box on every write and opened on every read, so the table holds neither in the clear; the token never leaves
 * the server. A value that does not open throws (SecretTamperedError, SecretsKeyError) rather than being used.
 */
export function createBotRepo(box: SecretBox) {
  const tokenContext = (companyId: string) => secretContext('telegram_bots.token', companyId);
  const secretOf = (companyId: string) => secretContext('telegram_bots.webhook_secret', companyId);
  const open = (row: Stored): BotRow => ({
    ...row,
    token: box.open(row.token, tokenContext(row.companyId)),
    webhookSecret: box.open(row.webhookSecret, secretOf(row.companyId)),
  });
  const first = (rows: Stored[]) => (rows[0] ? open(rows[0]) : undefined);

  return {
    /**
     * Every bot whose secrets open, and the ids of those whose do not (logged by the caller), so one damaged row
     * does not stop the others.
     */
    async all(db: Db): Promise<{ bots: BotRow[]; unreadable: { id: string; error: unknown }[] }> {
      const bots: BotRow[] = [];
      const unreadable: { id: string; error: unknown }[] = [];
      for (const row of await db.select().from(telegramBots)) {
        try {
          bots.push(open(row));
        } catch (error) {
          unreadable.push({ id: row.id, error });
        }
      }
      return { bots, unreadable };
    },

    /** The bot's public facts, without opening its secrets (the settings page; replacing a damaged bot). */
    async describe(db: Db, companyId: string): Promise<Omit<BotRow, 'token' | 'webhookSecret'> | undefined> {
      const { token: _token, webhookSecret: _secret, ...columns } = getTableColumns(telegramBots);
      const [row] = await db.select(columns).from(telegramBots).where(eq(telegramBots.companyId, companyId)).limit(1);
      return row;
    },

    byCompany: async (db: Db, companyId: string) =>
      first(await db.select().from(telegramBots).where(eq(telegramBots.companyId, companyId)).limit(1)),

    byKey: async (db: Db, botKey: string) =>
      first(await db.select().from(telegramBots).where(eq(telegramBots.botKey, botKey)).limit(1)),

    byId: async (db: Db, id: string) =>
      first(await db.select().from(telegramBots).where(eq(telegramBots.id, id)).limit(1)),

    async upsert(db: Db, values: typeof telegramBots.$inferInsert): Promise<BotRow> {
      const token = box.seal(values.token, tokenContext(values.companyId));
      const webhookSecret = box.seal(values.webhookSecret, secretOf(values.companyId));
      const [row] = await db
        .insert(telegramBots)
        .values({ ...values, token, webhookSecret })
        .onConflictDoUpdate({
          target: telegramBots.companyId,
          set: {
            token,
            telegramBotId: values.telegramBotId,
            username: values.username,
            webhookSecret,
            updateOffset: values.updateOffset,
          },
        })
        .returning();
      return open(row!);
    },

    /**
     * Deletes the company's bot row — its sealed token and webhook secret with it — and answers what was there,
     * the token opened if it still opens (to tell Telegram afterwards), else null. Tickets keep their history:
     * they name the bot only by id.
     */
    async remove(tx: Tx, companyId: string) {
      const [row] = await tx.delete(telegramBots).where(eq(telegramBots.companyId, companyId)).returning();
      if (!row) return undefined;
      let token: string | null = null;
      try {
        token = box.open(row.token, tokenContext(companyId)) || null;
      } catch {
        // A token that no longer opens cannot be used to tell Telegram; the row goes all the same.
      }
      return { id: row.id, botKey: row.botKey, token };
    },

    async setOffset(db: Db, id: string, offset: number) {
      await db.update(telegramBots).set({ updateOffset: offset }).where(eq(telegramBots.id, id));
    },
  };
}
