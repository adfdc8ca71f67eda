/**
 * The hot path of ingest in two statements: a known client writing text into their open ticket, which is most
 * of what a busy desk receives. Raw SQL, because each round trip and each built query counts here (see
 * BENCHMARKS.md): one read finds the client and their ticket, one statement records the update, inserts the
 * message and touches the ticket — all or nothing, so a message is never recorded without its update or the
 * reverse. Anything else (a new client, a closed ticket, a blocked client, a duplicate) goes the full way.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MessageRow } from './message.repo';
import type { TicketRow } from './ticket.repo';

type Rows<T> = { rows: T[] };

export type OpenThread = {
  clientId: string;
  clientName: string;
  language: string | null;
  blocked: boolean;
  ticket: Pick<TicketRow, 'id' | 'stage' | 'departmentId' | 'handlerId' | 'companyId'> | null;
};

type ThreadRow = {
  client_id: string;
  client_name: string;
  language: string | null;
  blocked: boolean;
  ticket_id: string | null;
  stage: TicketRow['stage'] | null;
  department_id: string | null;
  handler_id: string | null;
};

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
  createdAt: new Date(r.created_at),
});

export const intakeFastRepo = {
  /** The client behind a channel identity and their newest ticket on that channel, in one read. */
  async thread(db: Db, companyId: string, platform: string, externalId: string): Promise<OpenThread | undefined> {
    const result = (await db.execute(sql`
      select c.id as client_id, c.name as client_name, c.language, c.blocked,
             t.id as ticket_id, t.stage, t.department_id, t.handler_id
      from client_identities ci
      join clients c on c.id = ci.client_id
      left join lateral (
        select id, stage, department_id, handler_id from tickets
        where client_id = c.id and platform = ${platform}::platform
        order by created_at desc limit 1
      ) t on true
      where ci.company_id = ${companyId} and ci.platform = ${platform}::platform and ci.external_id = ${externalId}
      limit 1`)) as unknown as Rows<ThreadRow>;
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      clientId: row.client_id,
      clientName: row.client_name,
      language: row.language,
      blocked: row.blocked,
      ticket: row.ticket_id
        ? {
            id: row.ticket_id,
            stage: row.stage!,
            departmentId: row.department_id!,
            handlerId: row.handler_id,
            companyId,
          }
        : null,
    };
  },

  /**
   * Records the update as processed, appends the message and touches the ticket, in one statement — only if
   * the update is new and the ticket still open. Answers the message, or undefined when nothing was written.
   */
  async append(
    db: Db,
    input: {
      companyId: string;
      update: { channelKey: string; updateId: string; payload: unknown };
      ticketId: string;
      clientId: string;
      message: {
        id: string;
        type: 'text' | 'location';
        content: string;
        region: string | null;
        externalId: string;
        createdAt: Date;
      };
      now: Date;
    },
  ): Promise<MessageRow | undefined> {
    const { companyId, update, ticketId, clientId, message, now } = input;
    const result = (await db.execute(sql`
      with open_ticket as (
        select id from tickets where id = ${ticketId} and company_id = ${companyId} and stage <> 'closed'
      ), recorded as (
        insert into inbound_updates (channel_key, update_id, company_id, payload, received_at, processed_at, next_attempt_at)
        select ${update.channelKey}, ${update.updateId}, ${companyId}, ${JSON.stringify(update.payload)}::jsonb, ${now}, ${now}, ${now}
        where exists (select 1 from open_ticket)
        on conflict do nothing
        returning 1
      ), inserted as (
        insert into messages (id, company_id, ticket_id, client_id, type, content, region, is_agent, external_id, delivery_status, created_at)
        select ${message.id}, ${companyId}, ${ticketId}, ${clientId}, ${message.type}::message_type, ${message.content},
               ${message.region}, false, ${message.externalId}, 'received', ${message.createdAt}
        where exists (select 1 from recorded)
        returning *
      ), touched as (
        update tickets set updated_at = ${now} where id = ${ticketId} and exists (select 1 from inserted)
      )
      select * from inserted`)) as unknown as Rows<MessageDbRow>;
    const row = result.rows[0];
    return row && toMessageRow(row);
  },
};
