/**
 * `file_usage`: one row per stored key (a file, its thumbnail) with its size and where it came from. The quotas
 * are sums over it, so they hold across processes: they read the database, never a process's memory. files/ is
 * the table's only writer.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { fileUsage, telegramBots, whatsappAccounts, wordpressTokens } from '../db/schema';

export type UsageRow = {
  key: string;
  companyId: string;
  bytes: number;
  channelRef: string | null;
  senderRef: string | null;
  createdAt: Date;
};

export type UsageTotals = { company: number; sender: number; channel: number };

/** The last day's uploads of one channel account (or of agents: both refs null). */
export type ChannelDayRow = { channelRef: string | null; platform: string | null; bytes: number; files: number };

/** A thumbnail's key: `<company>/<uuid>.thumb.webp`; it is counted as bytes, never as a file of its own. */
const THUMBNAIL_KEY = '%.thumb.%';

const bigintSum = (column: typeof fileUsage.bytes) => sql<string>`coalesce(sum(${column}), 0)::bigint`;

export const fileUsageRepo = {
  /**
   * Holds the company's quota lock until `tx` ends: two uploads of one company, in any processes, check and record
   * their bytes one after the other, so both cannot pass a check that only one fits. Other companies never wait.
   */
  async lockCompany(tx: Tx, companyId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('file_usage'), hashtext(${companyId}))`);
  },

  /** The company's stored bytes, and what `senderRef` and `channelRef` stored since `since` (0 for a null ref). */
  async totals(
    tx: Tx,
    q: { companyId: string; senderRef: string | null; channelRef: string | null; since: Date },
  ): Promise<UsageTotals> {
    const inWindow = (column: typeof fileUsage.senderRef | typeof fileUsage.channelRef, ref: string | null) =>
      ref === null
        ? sql`0::bigint`
        : sql`(select coalesce(sum(${fileUsage.bytes}), 0)::bigint from ${fileUsage}
                where ${fileUsage.companyId} = ${q.companyId} and ${column} = ${ref}
                  and ${fileUsage.createdAt} > ${q.since.toISOString()}::timestamptz)`;
    const result = (await tx.execute(sql`
      select
        (select coalesce(sum(${fileUsage.bytes}), 0)::bigint from ${fileUsage}
          where ${fileUsage.companyId} = ${q.companyId}) as company,
        ${inWindow(fileUsage.senderRef, q.senderRef)} as sender,
        ${inWindow(fileUsage.channelRef, q.channelRef)} as channel`)) as unknown as {
      rows: { company: string; sender: string; channel: string }[];
    };
    const row = result.rows[0]!;
    return { company: Number(row.company), sender: Number(row.sender), channel: Number(row.channel) };
  },

  /**
   * When enough of what `ref` stored since `since` will have left the window for `bytes` more to fit: the time of
   * the upload whose leaving frees them (the caller adds the window). Undefined when the window does not hold that
   * much at all.
   */
  async freedBy(
    tx: Tx,
    q: { companyId: string; by: 'sender' | 'channel'; ref: string; since: Date; bytes: number },
  ): Promise<Date | undefined> {
    const column = q.by === 'sender' ? fileUsage.senderRef : fileUsage.channelRef;
    const result = (await tx.execute(sql`
      select created_at from (
        select ${fileUsage.createdAt} as created_at,
               sum(${fileUsage.bytes}) over (order by ${fileUsage.createdAt}, ${fileUsage.key}) as freed
          from ${fileUsage}
         where ${fileUsage.companyId} = ${q.companyId} and ${column} = ${q.ref} and ${fileUsage.createdAt} > ${q.since.toISOString()}::timestamptz
      ) w
      where freed >= ${q.bytes}
      order by created_at
      limit 1`)) as unknown as { rows: { created_at: string | Date }[] };
    const at = result.rows[0]?.created_at;
    return at === undefined ? undefined : new Date(at);
  },

  async insert(tx: Tx, rows: UsageRow[]) {
    if (rows.length > 0) await tx.insert(fileUsage).values(rows).onConflictDoNothing();
  },

  async remove(tx: Tx, keys: string[]) {
    if (keys.length > 0) await tx.delete(fileUsage).where(inArray(fileUsage.key, keys));
  },

  /** The company's stored bytes and files (thumbnails counted in bytes only). */
  async companyTotal(tx: Tx, companyId: string): Promise<{ bytes: number; files: number }> {
    const [row] = await tx
      .select({
        bytes: bigintSum(fileUsage.bytes),
        files: sql<string>`count(*) filter (where ${fileUsage.key} not like ${THUMBNAIL_KEY})`,
      })
      .from(fileUsage)
      .where(eq(fileUsage.companyId, companyId));
    return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
  },

  /**
   * What came in since `since`, by channel account. The sender ref starts with its platform
   * (`wordpress:`, `telegram:`, `whatsapp:`); agents' files have neither ref.
   */
  async byChannelSince(tx: Tx, companyId: string, since: Date): Promise<ChannelDayRow[]> {
    const platform = sql<string | null>`split_part(${fileUsage.senderRef}, ':', 1)`;
    const rows = await tx
      .select({
        channelRef: fileUsage.channelRef,
        platform,
        bytes: bigintSum(fileUsage.bytes),
        files: sql<string>`count(*) filter (where ${fileUsage.key} not like ${THUMBNAIL_KEY})`,
      })
      .from(fileUsage)
      .where(and(eq(fileUsage.companyId, companyId), sql`${fileUsage.createdAt} > ${since.toISOString()}::timestamptz`))
      .groupBy(fileUsage.channelRef, platform);
    return rows
      .map((r) => ({ channelRef: r.channelRef, platform: r.platform, bytes: Number(r.bytes), files: Number(r.files) }))
      .sort((a, b) => b.bytes - a.bytes);
  },

  /** The names admins know the company's channel accounts by, keyed by the ref file_usage keeps. */
  async channelNames(tx: Tx, companyId: string): Promise<Map<string, string | null>> {
    const [sites, bots, numbers] = await Promise.all([
      tx
        .select({ ref: wordpressTokens.publicId, name: wordpressTokens.name })
        .from(wordpressTokens)
        .where(eq(wordpressTokens.companyId, companyId)),
      tx
        .select({ ref: sql<string>`${telegramBots.id}::text`, name: telegramBots.username })
        .from(telegramBots)
        .where(eq(telegramBots.companyId, companyId)),
      tx
        .select({
          ref: sql<string>`${whatsappAccounts.id}::text`,
          name: sql<string | null>`coalesce(${whatsappAccounts.displayPhoneNumber}, ${whatsappAccounts.verifiedName})`,
        })
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.companyId, companyId)),
    ]);
    return new Map([...sites, ...bots, ...numbers].map((r) => [r.ref, r.name]));
  },
};
