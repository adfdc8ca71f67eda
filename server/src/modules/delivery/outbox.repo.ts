import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messages, outbox, tickets } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutbox = typeof outbox.$inferInsert;

export const outboxRepo = {
  async insert(tx: Tx, values: NewOutbox) {
    await tx.insert(outbox).values(values);
  },

  /**
   * Claims up to `limit` due jobs for `lockMs`, oldest first, each the head of its chat: a row is taken only when no
   * earlier row (lower seq) to the same recipient on the same channel account is still pending — sent or finally
   * failed, not merely waiting out its backoff or claimed by another process — so a chat's messages leave in the
   * order they were queued. SKIP LOCKED lets several processes drain one queue without taking the same job; a job
   * whose claimer died becomes due again when its lease runs out.
   *
   * The heads are found by walking `outbox_chat_pending_idx` one chat at a time (a recursive "loose index scan":
   * one index probe per chat with pending rows), so the cost grows with the chats waiting, not with how many
   * messages each has queued (a NOT EXISTS anti-join compared every pending row of a chat with every other one:
   * 0.4 s for three chats of 1,000 rows each).
   */
  async claimDue(tx: Tx, now: Date, limit: number, lockMs: number): Promise<OutboxRow[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const heads = sql`
      with recursive chats as (
        (select company_id, platform, channel_ref, recipient, id from outbox where status = 'pending'
          order by company_id, platform, channel_ref, recipient, seq limit 1)
        union all
        select n.* from chats cross join lateral (
          select o.company_id, o.platform, o.channel_ref, o.recipient, o.id from outbox o
          where o.status = 'pending'
            and (o.company_id, o.platform, o.channel_ref, o.recipient)
              > (chats.company_id, chats.platform, chats.channel_ref, chats.recipient)
          order by o.company_id, o.platform, o.channel_ref, o.recipient, o.seq limit 1
        ) n
      )
      select head.id from outbox head
      where head.id in (select id from chats) and head.status = 'pending' and head.next_attempt_at <= ${at}
        and (head.locked_until is null or head.locked_until < ${at})
      order by head.seq limit ${limit}
      for update of head skip locked`;
    const rows = await tx
      .update(outbox)
      .set({ lockedUntil: new Date(now.getTime() + lockMs) })
      .where(sql`${outbox.id} in (${heads})`)
      .returning();
    return rows.sort((a, b) => a.seq - b.seq);
  },

  /** Extends the lease of jobs still being sent (a heartbeat), so only a dead claimer's jobs come due again. */
  async renew(tx: Tx, ids: string[], until: Date) {
    if (!ids.length) return;
    await tx
      .update(outbox)
      .set({ lockedUntil: until })
      .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
  },

  /**
   * How many jobs wait (claimed or not) per platform and how long the oldest of each has waited, read from the
   * partial index on pending rows. A platform with nothing pending is absent.
   */
  async backlog(tx: Tx): Promise<Map<OutboxRow['platform'], { pending: number; oldestSeconds: number }>> {
    const rows = await tx
      .select({
        platform: outbox.platform,
        pending: count(),
        oldestSeconds: sql<number>`coalesce(extract(epoch from (now() - min(${outbox.createdAt}))), 0)::float8`,
      })
      .from(outbox)
      .where(eq(outbox.status, 'pending'))
      .groupBy(outbox.platform);
    return new Map(
      rows.map((r) => [
        r.platform,
        { pending: Number(r.pending), oldestSeconds: Math.max(0, Number(r.oldestSeconds)) },
      ]),
    );
  },

  async update(tx: Tx, id: string, patch: Partial<NewOutbox>) {
    await tx.update(outbox).set(patch).where(eq(outbox.id, id));
  },

  /** Whether the company's outbox sent something the channel knows by this id. */
  async sentAs(tx: Tx, companyId: string, externalId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.companyId, companyId), eq(outbox.externalId, externalId)))
      .limit(1);
    return Boolean(row);
  },

  /** Whether a job to this recipient is claimed by a worker right now (being sent, or about to be marked sent). */
  async inFlightTo(tx: Tx, to: { companyId: string; channelRef: string; recipient: string }, now: Date) {
    const [row] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.companyId, to.companyId),
          eq(outbox.channelRef, to.channelRef),
          eq(outbox.recipient, to.recipient),
          eq(outbox.status, 'pending'),
          gt(outbox.lockedUntil, now),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /**
   * Deletes the client's outbox rows (an erasure): the jobs of messages in their tickets and everything addressed
   * to their channel identities. A pending job is thereby cancelled — nothing more reaches the erased client — and
   * a sent one no longer keeps their chat id or number. Answers how many were still pending.
   */
  async deleteOfClient(
    tx: Tx,
    companyId: string,
    clientId: string,
    identities: { platform: OutboxRow['platform']; externalId: string }[],
  ) {
    const ofMessages = sql`${outbox.messageId} in (select m.id from ${messages} m
      where m.company_id = ${companyId} and m.ticket_id in (
        select t.id from ${tickets} t where t.company_id = ${companyId} and t.client_id = ${clientId}))`;
    const toIdentities = identities.map((i) =>
      and(eq(outbox.platform, i.platform), eq(outbox.recipient, i.externalId)),
    );
    const rows = await tx
      .delete(outbox)
      .where(and(eq(outbox.companyId, companyId), or(ofMessages, ...toIdentities)))
      .returning({ status: outbox.status });
    return rows.filter((r) => r.status === 'pending').length;
  },

  async forMessage(tx: Tx, messageId: string) {
    const [row] = await tx.select().from(outbox).where(eq(outbox.messageId, messageId)).limit(1);
    return row;
  },
};
