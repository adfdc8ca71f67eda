/**
 * The hot path of ingest: a known client writing text into their open ticket, which is most of what a busy desk
 * receives. Raw SQL, because each round trip and each built query counts here (see BENCHMARKS.md): one statement
 * finds the client and their ticket, records the update, inserts the message and touches the ticket (and since
 * when its client waits) — all or nothing per message, so a message is never recorded without its update or the
 * reverse — and does so for every message gathered by the group commit. Anything else (a new client, a closed
 * ticket, a blocked client, a duplicate) goes the full way. Its writes are its tables' owners' (each repo hands
 * its step as SQL to put in the statement: one writer per table, still one round trip); here it only reads.
 */
import { sql } from 'drizzle-orm';
import type { Platform } from '@kreechat/contract';
import type { Db } from '../../db/client';
import { messageFromSql, messageRepo, type MessageRow, type MessageSqlRow } from '../messages';
import { ticketRepo, type TicketRow } from '../tickets';
import { inboundUpdateRepo } from '../inbound-updates';

type Rows<T> = { rows: T[] };

/** One inbound text or location, as the fast path writes it. */
export type FastAppend = {
  companyId: string;
  platform: Platform;
  /** The client's identity on the channel (a chat id). */
  clientExternalId: string;
  /** The language the channel reports for the client; a different one than stored goes the full way. */
  language: string | null;
  /** The handle the channel reports for the client (null: none); a different one than stored goes the full way. */
  username: string | null;
  update: { channelKey: string; updateId: string; payload: unknown };
  message: {
    id: string;
    type: 'text' | 'location';
    content: string;
    region: string | null;
    externalId: string;
    createdAt: Date;
  };
};

/** What the events of an appended message need, read in the statement that wrote it. */
export type FastAppended = {
  row: MessageRow;
  clientName: string;
  ticket: Pick<TicketRow, 'id' | 'companyId' | 'departmentId' | 'handlerId'>;
};

type AppendedDbRow = MessageSqlRow & { client_name: string; department_id: string; handler_id: string | null };

export const fastAppendRepo = {
  /**
   * Appends many messages in one statement (group commit), each all or nothing: its update recorded as
   * processed, its message inserted and its ticket touched — only for a known, unblocked client whose newest
   * ticket is open and whose update is new. Answers, per item in order, what was written, or undefined when
   * nothing was (the item goes the full way).
   */
  async appendMany(db: Db, items: FastAppend[], now: Date): Promise<(FastAppended | undefined)[]> {
    const input = JSON.stringify(
      items.map((item, i) => ({
        i,
        company_id: item.companyId,
        platform: item.platform,
        client_external_id: item.clientExternalId,
        language: item.language,
        username: item.username,
        channel_key: item.update.channelKey,
        update_id: item.update.updateId,
        payload: item.update.payload,
        message_id: item.message.id,
        type: item.message.type,
        content: item.message.content,
        region: item.message.region,
        external_id: item.message.externalId,
        created_at: item.message.createdAt.toISOString(),
      })),
    );
    // The tickets are locked (as the touch would) before anything is written, so a ticket an agent closes
    // meanwhile drops out here rather than getting a message after its close; in id order, so two batches
    // never wait on each other in a circle.
    const result = (await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as x(
          i int, company_id uuid, platform platform, client_external_id text, language text, username text,
          channel_key text, update_id text, payload jsonb,
          message_id uuid, type message_type, content text, region text, external_id text, created_at timestamptz)
      ), thread as (
        select x.*, c.id as client_id, c.name as client_name, t.id as ticket_id
        from input x
        join client_identities ci
          on ci.company_id = x.company_id and ci.platform = x.platform and ci.external_id = x.client_external_id
        join clients c on c.id = ci.client_id
        join lateral (
          select id, stage from tickets
          where client_id = c.id and platform = x.platform
          order by created_at desc limit 1
        ) t on t.stage <> 'closed'
        where not c.blocked and (x.language is null or x.language = c.language)
          and x.username is not distinct from ci.username
      ), open_ticket as (
        select t.id, t.department_id, t.handler_id from tickets t
        where t.id in (select ticket_id from thread) and t.stage <> 'closed'
        order by t.id
        for no key update
      ), recorded as (
        ${inboundUpdateRepo.recordProcessedFrom(sql`thread x join open_ticket o on o.id = x.ticket_id`, now)}
      ), inserted as (
        ${messageRepo.insertReceivedFrom(
          sql`thread x join recorded r on r.channel_key = x.channel_key and r.update_id = x.update_id`,
        )}
      ), touched as (
        ${ticketRepo.touchManyFrom(sql`select ticket_id, min(created_at) as written_at from inserted group by ticket_id`, now)}
      )
      select m.*, x.client_name, o.department_id, o.handler_id
      from inserted m join thread x on x.message_id = m.id join open_ticket o on o.id = m.ticket_id`)) as unknown as Rows<AppendedDbRow>;
    const byId = new Map(result.rows.map((r) => [r.id, r]));
    return items.map((item) => {
      const r = byId.get(item.message.id);
      if (!r) return undefined;
      return {
        row: messageFromSql(r),
        clientName: r.client_name,
        ticket: { id: r.ticket_id, companyId: r.company_id, departmentId: r.department_id, handlerId: r.handler_id },
      };
    });
  },
};
