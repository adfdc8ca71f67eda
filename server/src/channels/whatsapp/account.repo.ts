import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappAccounts, whatsappSignups } from '../../db/schema';
import type { SecretBox } from '../../platform/secrets';
import { secretContext } from '../channel-secrets';

type Stored = typeof whatsappAccounts.$inferSelect;
/** A number as the channel uses it: access token and PIN in the clear, in memory only. */
export type AccountRow = Stored;
/** What may be shown or logged: no secrets. */
export type AccountFacts = Omit<AccountRow, 'accessToken' | 'registrationPin'>;

export type AccountRepo = ReturnType<typeof createAccountRepo>;

/**
 * A company's connected WhatsApp numbers (several per company; a number belongs to one company) and the business
 * tokens of signups in progress. Tokens and PINs are sealed on every write and opened on every read, bound to
 * their column and company, so the tables hold none in the clear and a token never leaves the server.
 */
export function createAccountRepo(box: SecretBox) {
  const tokenContext = (companyId: string) => secretContext('whatsapp_accounts.access_token', companyId);
  const pinContext = (companyId: string) => secretContext('whatsapp_accounts.registration_pin', companyId);
  const signupContext = (companyId: string) => secretContext('whatsapp_signups.access_token', companyId);
  const open = (row: Stored): AccountRow => ({
    ...row,
    accessToken: box.open(row.accessToken, tokenContext(row.companyId)),
    registrationPin: row.registrationPin === null ? null : box.open(row.registrationPin, pinContext(row.companyId)),
  });
  const facts = ({ accessToken: _token, registrationPin: _pin, ...rest }: Stored): AccountFacts => rest;

  return {
    /** Every number whose secrets open, and the ids of those whose do not (logged by the caller). */
    async all(db: Db): Promise<{ accounts: AccountRow[]; unreadable: { id: string; error: unknown }[] }> {
      const accounts: AccountRow[] = [];
      const unreadable: { id: string; error: unknown }[] = [];
      for (const row of await db.select().from(whatsappAccounts)) {
        try {
          accounts.push(open(row));
        } catch (error) {
          unreadable.push({ id: row.id, error });
        }
      }
      return { accounts, unreadable };
    },

    /** The company's numbers, without opening their secrets. */
    async describeAll(db: Db, companyId: string): Promise<AccountFacts[]> {
      const rows = await db
        .select()
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.companyId, companyId))
        .orderBy(whatsappAccounts.createdAt);
      return rows.map(facts);
    },

    async byPhoneNumberId(db: Db, phoneNumberId: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.phoneNumberId, phoneNumberId))
        .limit(1);
      return row && open(row);
    },

    /** The company's number with that id; another company's is undefined. */
    async ofCompany(db: Db, companyId: string, phoneNumberId: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(whatsappAccounts)
        .where(and(eq(whatsappAccounts.companyId, companyId), eq(whatsappAccounts.phoneNumberId, phoneNumberId)))
        .limit(1);
      return row && open(row);
    },

    async byId(db: Db, id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)).limit(1);
      return row && open(row);
    },

    /** Any company's number with that id, without its secrets: a number belongs to one company. */
    async owner(db: Db, phoneNumberId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ companyId: whatsappAccounts.companyId })
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.phoneNumberId, phoneNumberId))
        .limit(1);
      return row?.companyId;
    },

    /** The companies with a number in that WABA (a template's review concerns all of them). */
    async companiesOfWaba(db: Db, wabaId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ companyId: whatsappAccounts.companyId })
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.wabaId, wabaId));
      return rows.map((r) => r.companyId);
    },

    /** Stores a number, or refreshes the company's own (a new token, a new PIN); the webhook starts on. */
    async upsert(
      db: Db,
      values: Omit<typeof whatsappAccounts.$inferInsert, 'id' | 'createdAt' | 'webhookActive'>,
    ): Promise<AccountRow> {
      const accessToken = box.seal(values.accessToken, tokenContext(values.companyId));
      const registrationPin = values.registrationPin
        ? box.seal(values.registrationPin, pinContext(values.companyId))
        : null;
      const [row] = await db
        .insert(whatsappAccounts)
        .values({ ...values, accessToken, registrationPin, webhookActive: true })
        .onConflictDoUpdate({
          target: whatsappAccounts.phoneNumberId,
          set: {
            wabaId: values.wabaId,
            businessId: values.businessId,
            accessToken,
            ...(registrationPin ? { registrationPin } : {}),
            displayPhoneNumber: values.displayPhoneNumber,
            verifiedName: values.verifiedName,
            connectedById: values.connectedById,
            webhookActive: true,
          },
          // Never takes another company's number over.
          setWhere: eq(whatsappAccounts.companyId, values.companyId),
        })
        .returning();
      return row ? open(row) : Promise.reject(new Error('number held by another company'));
    },

    /** Whether the number's webhook is on now, read past any cached row (the switch may have just flipped). */
    async webhookActive(db: Db, id: string): Promise<boolean> {
      const [row] = await db
        .select({ active: whatsappAccounts.webhookActive })
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.id, id));
      return row?.active ?? false;
    },

    async setWebhookActive(db: Db, id: string, active: boolean) {
      await db.update(whatsappAccounts).set({ webhookActive: active }).where(eq(whatsappAccounts.id, id));
    },

    /** Keeps a signup's business token for this session, replacing an earlier one. */
    async holdSignup(db: Db, sessionId: string, companyId: string, accessToken: string, expiresAt: Date) {
      const sealed = box.seal(accessToken, signupContext(companyId));
      await db
        .insert(whatsappSignups)
        .values({ sessionId, companyId, accessToken: sealed, expiresAt })
        .onConflictDoUpdate({ target: whatsappSignups.sessionId, set: { companyId, accessToken: sealed, expiresAt } });
    },

    /** Takes (and removes) the session's signup token, if it has not expired. */
    async takeSignup(db: Db, sessionId: string, companyId: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .delete(whatsappSignups)
        .where(
          and(
            eq(whatsappSignups.sessionId, sessionId),
            eq(whatsappSignups.companyId, companyId),
            gt(whatsappSignups.expiresAt, now),
          ),
        )
        .returning();
      return row && box.open(row.accessToken, signupContext(row.companyId));
    },

    async forgetExpiredSignups(db: Db, now: Date) {
      await db.delete(whatsappSignups).where(lte(whatsappSignups.expiresAt, now));
    },
  };
}
