/**
 * The hot path of ingest: a known client writing text into their open ticket, which is most of what a busy desk
 * receives. Raw SQL, because each round trip and each built query counts here (see BENCHMARKS.md): one statement
 * finds the client and their ticket, records the update, inserts the message and touches the ticket (and since
 * when its client waits) — all or nothing per message, so a message is never recorded without its update or the
 * reverse — and does so for every message gathered by the group commit. Anything else (a new client, a closed
 * ticket, a blocked client, a duplicate) goes the full way.
 */
import { sql } from 'drizzle-orm';
import type { Platform } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { MessageRow } from '../messages';
import type { TicketRow } from '../tickets';

type Rows<T> = { rows: T[] };

type MessageDbRow = {
  id: string;
  seq: string | number;
  company_id: string;
  ticket_id: string;
  client_id: string | null;
  type: MessageRow['type'];
  content: string;
  is_agent: boolean;
  created_by_id: string | null;
  file_name: string | null;
  file_size: string | number | null;
  file_path: string | null;
  thumbnail_path: string | null;
  video_thumbnail_path: string | null;
  region: string | null;
  reaction: string | null;
  reply_to_id: string | null;
  delivery_status: MessageRow['deliveryStatus'];
  delivery_error: string | null;
  external_id: string | null;
  idempotency_key: string | null;
  auto_kind: MessageRow['autoKind'];
  erased_at: Date | string | null;
  created_at: Date | string;
};

const toMessageRow = (r: MessageDbRow): MessageRow => ({
  id: r.id,
  seq: Number(r.seq),
  companyId: r.company_id,
  ticketId: r.ticket_id,
  clientId: r.client_id,
  type: r.type,
  content: r.content,
  isAgent: r.is_agent,
  createdById: r.created_by_id,
  fileName: r.file_name,
  fileSize: r.file_size === null ? null : Number(r.file_size),
  filePath: r.file_path,
  thumbnailPath: r.thumbnail_path,
  videoThumbnailPath: r.video_thumbnail_path,
  region: r.region,
  reaction: r.reaction,
  replyToId: r.reply_to_id,
  deliveryStatus: r.delivery_status,
  deliveryError: r.delivery_error,
  externalId: r.external_id,
  idempotencyKey: r.idempotency_key,
  autoKind: r.auto_kind,
  erasedAt: r.erased_at === null ? null : new Date(r.erased_at),
  createdAt: new Date(r.created_at),
});

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

type AppendedDbRow = MessageDbRow & { client_name: string; department_id: string; handler_id: string | null };

export const intakeFastRepo = {
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
        insert into inbound_updates (channel_key, update_id, company_id, payload, received_at, processed_at, next_attempt_at)
        select x.channel_key, x.update_id, x.company_id, x.payload, ${now}, ${now}, ${now}
        from thread x join open_ticket o on o.id = x.ticket_id
        on conflict do nothing
        returning channel_key, update_id
      ), inserted as (
        insert into messages (id, company_id, ticket_id, client_id, type, content, region, is_agent, external_id, delivery_status, created_at)
        select x.message_id, x.company_id, x.ticket_id, x.client_id, x.type, x.content, x.region, false, x.external_id,
               'received', x.created_at
        from thread x join recorded r on r.channel_key = x.channel_key and r.update_id = x.update_id
        order by x.i
        returning *
      ), touched as (
        -- A client nobody owed an answer yet waits from their (first, in this batch) message on.
        update tickets t set updated_at = ${now}, awaiting_since = coalesce(t.awaiting_since, w.written_at)
        from (select ticket_id, min(created_at) as written_at from inserted group by ticket_id) w
        where t.id = w.ticket_id
      )
      select m.*, x.client_name, o.department_id, o.handler_id
      from inserted m join thread x on x.message_id = m.id join open_ticket o on o.id = m.ticket_id`)) as unknown as Rows<AppendedDbRow>;
    const byId = new Map(result.rows.map((r) => [r.id, r]));
    return items.map((item) => {
      const r = byId.get(item.message.id);
      if (!r) return undefined;
      return {
        row: toMessageRow(r),
        clientName: r.client_name,
        ticket: { id: r.ticket_id, companyId: r.company_id, departmentId: r.department_id, handlerId: r.handler_id },
      };
    });
  },
};
