/**
 * Every database column that holds a channel secret, and the two passes over all of them: sealing the plaintext
 * values of an install that predates encryption (at every start, before anything is served), and re-sealing
 * everything with a new key (`npm run secrets:rotate`). A new channel's secret column is added to SECRET_COLUMNS,
 * so both passes cover it; `channel-secrets.test.ts` fails for a column named like a secret that is not listed.
 *
 * This is done in code rather than as a SQL migration because SQL cannot know the key. The owning repos read and
 * write these columns through the same SecretBox, with the same context (`secretContext`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { telegramBots, whatsappAccounts, whatsappSignups, wordpressTokens } from '../db/schema';
import type { Logger } from '../platform/logger';
import { isSealed, sealedWith, SecretsKeyError, type SecretBox } from '../platform/secrets';

type SecretColumn = { table: PgTable; id: PgColumn; companyId: PgColumn; value: PgColumn; name: string };

export const SECRET_COLUMNS: readonly SecretColumn[] = [
  {
    name: 'telegram_bots.token',
    table: telegramBots,
    id: telegramBots.id,
    companyId: telegramBots.companyId,
    value: telegramBots.token,
  },
  {
    // Whoever knows it (and the bot key in the webhook path) can post updates as Telegram.
    name: 'telegram_bots.webhook_secret',
    table: telegramBots,
    id: telegramBots.id,
    companyId: telegramBots.companyId,
    value: telegramBots.webhookSecret,
  },
  {
    name: 'whatsapp_accounts.access_token',
    table: whatsappAccounts,
    id: whatsappAccounts.id,
    companyId: whatsappAccounts.companyId,
    value: whatsappAccounts.accessToken,
  },
  {
    // Whoever has it can deregister the number elsewhere or take it over; null when the number came registered.
    name: 'whatsapp_accounts.registration_pin',
    table: whatsappAccounts,
    id: whatsappAccounts.id,
    companyId: whatsappAccounts.companyId,
    value: whatsappAccounts.registrationPin,
  },
  {
    // A business token between the two calls of embedded signup.
    name: 'whatsapp_signups.access_token',
    table: whatsappSignups,
    id: whatsappSignups.sessionId,
    companyId: whatsappSignups.companyId,
    value: whatsappSignups.accessToken,
  },
  {
    // Signs the identities of the site's logged-in visitors: whoever has it can chat as any of them.
    name: 'wordpress_tokens.secret',
    table: wordpressTokens,
    id: wordpressTokens.id,
    companyId: wordpressTokens.companyId,
    value: wordpressTokens.secret,
  },
];

/** What a sealed value is bound to: its column and its company, so it opens nowhere else. */
export const secretContext = (column: string, companyId: string) => `${column}:${companyId}`;

type Row = { id: string; company_id: string; value: string };

async function rowsOf(db: Tx, column: SecretColumn, forUpdate: boolean): Promise<Row[]> {
  const lock: SQL = forUpdate ? sql` for update` : sql``;
  const result = (await db.execute(
    sql`select ${column.id} as id, ${column.companyId} as company_id, ${column.value} as value from ${column.table}
        where ${column.value} is not null${lock}`,
  )) as unknown as { rows: Row[] };
  return result.rows;
}

/** Writes `next` only where the value is still `previous`, so a value another process changed is left alone. */
async function replace(db: Tx, column: SecretColumn, row: Row, next: string): Promise<boolean> {
  const result = (await db.execute(
    sql`update ${column.table} set ${sql.identifier(column.value.name)} = ${next}
        where ${column.id} = ${row.id} and ${column.value} = ${row.value} returning ${column.id}`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

/** Distinct ids of the keys that sealed the stored values, other than `keyId`, with a count of each. */
async function foreignKeys(db: Tx, keyId: string): Promise<Map<string, number>> {
  const foreign = new Map<string, number>();
  for (const column of SECRET_COLUMNS) {
    for (const row of await rowsOf(db, column, false)) {
      const id = sealedWith(row.value);
      if (id !== undefined && id !== keyId) foreign.set(id, (foreign.get(id) ?? 0) + 1);
    }
  }
  return foreign;
}

/**
 * The start-time step: refuses a key that does not fit the stored secrets (SecretsKeyError naming both key ids),
 * then seals every value still in plaintext (an install from before encryption). Idempotent, and safe when several
 * processes start at once: each value is replaced only while it is still the plaintext that was read.
 */
export async function prepareChannelSecrets(db: Db, box: SecretBox, logger: Logger): Promise<{ sealed: number }> {
  const foreign = await foreignKeys(db, box.keyId);
  if (foreign.size > 0) {
    const list = [...foreign].map(([id, count]) => `${id} (${count})`).join(', ');
    throw new SecretsKeyError(
      `Channel secrets in the database were encrypted with another key: ${list}; this server's key is ${box.keyId}. ` +
        'Give this process the key the others use (SECRETS_KEY, or their DATA_DIR/secrets.key). ' +
        'If the key is lost, the channels must be connected again.',
    );
  }
  let sealed = 0;
  for (const column of SECRET_COLUMNS) {
    for (const row of await rowsOf(db, column, false)) {
      if (isSealed(row.value)) continue;
      if (await replace(db, column, row, box.seal(row.value, secretContext(column.name, row.company_id)))) sealed += 1;
    }
  }
  if (sealed > 0) logger.info({ sealed, keyId: box.keyId }, 'encrypted channel secrets stored in plaintext');
  return { sealed };
}

export type RotationResult = { resealed: number; alreadyNew: number; wasPlaintext: number; forgotten: number };

/**
 * What a channel holds in place of a secret that was lost with its key (`secrets:rotate --forget-unreadable`): an
 * empty one, sealed. The channel stays in place (its tickets keep pointing at it) but does nothing until an admin
 * connects it again.
 */
export const FORGOTTEN_SECRET = '';

/**
 * Re-seals every channel secret with `next`, in one transaction: values sealed with `current` are opened and
 * sealed again, plaintext ones sealed, and values already under `next` left as they are (so a rotation that was
 * interrupted can simply be run again). Anything else — a value under an unknown key, or one that does not
 * authenticate — aborts the whole transaction, changing nothing; unless `forgetUnreadable`, the way out of a lost
 * key: then each such value is replaced by FORGOTTEN_SECRET (and `current` may be missing altogether).
 */
export async function rotateChannelSecrets(
  db: Db,
  current: SecretBox | undefined,
  next: SecretBox,
  options: { forgetUnreadable?: boolean } = {},
): Promise<RotationResult> {
  const result: RotationResult = { resealed: 0, alreadyNew: 0, wasPlaintext: 0, forgotten: 0 };
  await db.transaction(async (tx) => {
    for (const column of SECRET_COLUMNS) {
      for (const row of await rowsOf(tx, column, true)) {
        const context = secretContext(column.name, row.company_id);
        const id = sealedWith(row.value);
        let plain: string;
        let forgot = false;
        try {
          if (id === next.keyId) {
            next.open(row.value, context); // proves it authenticates
            result.alreadyNew += 1;
            continue;
          }
          if (id !== undefined && !current) {
            throw new SecretsKeyError(`${context} was encrypted with key ${id}, and no current key was given`);
          }
          plain = id === undefined ? row.value : current!.open(row.value, context);
        } catch (error) {
          if (!options.forgetUnreadable) throw error;
          plain = FORGOTTEN_SECRET;
          forgot = true;
        }
        if (!(await replace(tx, column, row, next.seal(plain, context)))) {
          throw new Error(`${column.name} of ${row.id} changed during the rotation`);
        }
        if (forgot) result.forgotten += 1;
        else if (id === undefined) result.wasPlaintext += 1;
        else result.resealed += 1;
      }
    }
  });
  return result;
}
