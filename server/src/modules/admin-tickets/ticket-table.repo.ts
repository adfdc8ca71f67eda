import {
  ADMIN_TICKETS_PAGE,
  NOT_ACCEPTED_AGENT,
  type AdminTicketRow,
  type AdminTicketsQuery,
  type AdminTicketsSort,
  type TicketWidgetData,
} from '@kreechat/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Rows<T> = { rows: T[] };

/** Whose tickets the table shows: the whole company, or a department plus the tickets one agent handles. */
export type TableScope =
  { companyId: string; all: true } | { companyId: string; all: false; departmentId: string | null; userId: string };

const scoped = (s: TableScope): SQL =>
  s.all
    ? sql`t.company_id = ${s.companyId}`
    : sql`t.company_id = ${s.companyId} and (t.department_id = ${s.departmentId} or t.handler_id = ${s.userId})`;

const DAY_MS = 86_400_000;
const anyOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The scope and every filter, ANDed: a filter only ever narrows what the caller may already see, so a department
 * or agent id of another company matches no row. Date bounds are whole UTC days, `to` included (< the next day).
 */
function where(scope: TableScope, query: AdminTicketsQuery): SQL {
  const parts = [scoped(scope)];
  if (query.stage) parts.push(sql`t.stage in (${anyOf(query.stage)})`);
  if (query.platform) parts.push(sql`t.platform in (${anyOf(query.platform)})`);
  if (query.department) parts.push(sql`t.department_id = ${query.department}`);
  if (query.agent === NOT_ACCEPTED_AGENT) parts.push(sql`t.handler_id is null`);
  else if (query.agent) parts.push(sql`t.handler_id = ${query.agent}`);
  const column = query.date_field === 'updated' ? sql`t.updated_at` : sql`t.created_at`;
  if (query.from) parts.push(sql`${column} >= ${new Date(`${query.from}T00:00:00Z`)}`);
  if (query.to) parts.push(sql`${column} < ${new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)}`);
  return sql.join(parts, sql` and `);
}

/**
 * The whitelist of orders: each sort name is one expression over the aliases t (tickets), d (departments),
 * c (clients), h (users, the handler), the joins it needs in the narrow paging subquery, and whether it can be null.
 */
const SORTS: Record<AdminTicketsSort, { expr: SQL; joins: ('d' | 'c' | 'h')[]; nullable: boolean }> = {
  updated: { expr: sql`t.updated_at`, joins: [], nullable: false },
  created: { expr: sql`t.created_at`, joins: [], nullable: false },
  accepted: { expr: sql`t.accepted_at`, joins: [], nullable: true },
  closed: { expr: sql`t.closed_at`, joins: [], nullable: true },
  // The enum's own order, pending → accepted → closed: the ticket's life, not the alphabet.
  stage: { expr: sql`t.stage`, joins: [], nullable: false },
  platform: { expr: sql`t.platform::text`, joins: [], nullable: false },
  department: { expr: sql`lower(d.name)`, joins: ['d'], nullable: false },
  handler: { expr: sql`lower(h.first_name || ' ' || h.last_name)`, joins: ['h'], nullable: true },
  client: { expr: sql`lower(c.name)`, joins: ['c'], nullable: false },
  account: { expr: sql`lower(c.account_number)`, joins: ['c'], nullable: true },
};

/**
 * The joined rows' company equals the ticket's: true of every row, and said so the planner knows the company of
 * the joined table too. With it, a sort by client name can walk an index on clients (company_id, lower(name)) and
 * stop after one page instead of joining and sorting every matching ticket (EXPLAIN at 50,000 tickets, closed
 * Telegram tickets by client: 120 ms → 0.5 ms once that index exists; see BENCHMARKS.md).
 */
const JOINS = {
  d: sql`join departments d on d.id = t.department_id and d.company_id = t.company_id`,
  c: sql`join clients c on c.id = t.client_id and c.company_id = t.company_id`,
  h: sql`left join users h on h.id = t.handler_id and h.company_id = t.company_id`,
};

/**
 * ORDER BY for a sort: empty values (never accepted, no account number) last in either direction, and the id
 * last of all, in the same direction, so rows that tie keep one order and no page edge skips or repeats one.
 * `nulls last` is written only where a value can be null and the order is descending (ascending puts them last
 * already): on a NOT NULL column it would stop PostgreSQL from walking tickets_company_updated_idx backwards and
 * sort every ticket of the company instead (seen in EXPLAIN: 0.3 ms → 29 ms at 50,000 tickets).
 */
function orderBy(query: AdminTicketsQuery): SQL {
  const sort = SORTS[query.sort];
  const dir = sql.raw(query.dir === 'asc' ? 'asc' : sort.nullable ? 'desc nulls last' : 'desc');
  return sql`${sort.expr} ${dir}, t.id ${sql.raw(query.dir)}`;
}

type WidgetRow = {
  total: number;
  whatsapp: number;
  telegram: number;
  pending: number;
  closed: number;
  whatsapp_closed: number;
  telegram_closed: number;
  avg_minutes: string | number | null;
};

type PageRow = {
  id: string;
  stage: AdminTicketRow['stage'];
  platform: AdminTicketRow['platform'];
  department_name: string;
  handler_first: string | null;
  handler_last: string | null;
  client_name: string;
  account_number: string | null;
  updated_at: Date | string;
  reopened_at: Date | string | null;
  accepted_at: Date | string | null;
  closed_at: Date | string | null;
};

// node-postgres hands raw timestamptz columns back as Dates, PGlite may hand strings: both normalise here.
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const ticketTableRepo = {
  /** Every widget in one pass over the scope (FILTER aggregates), so 100k tickets cost one scan, not eight. */
  async widgets(db: Db, scope: TableScope, query: AdminTicketsQuery): Promise<TicketWidgetData> {
    const result = (await db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where platform = 'whatsapp')::int as whatsapp,
             count(*) filter (where platform = 'telegram')::int as telegram,
             count(*) filter (where stage = 'pending')::int as pending,
             count(*) filter (where stage = 'closed')::int as closed,
             count(*) filter (where stage = 'closed' and platform = 'whatsapp')::int as whatsapp_closed,
             count(*) filter (where stage = 'closed' and platform = 'telegram')::int as telegram_closed,
             round((avg(date_part('epoch', accepted_at - created_at)) / 60)::numeric, 2) as avg_minutes
      from tickets t where ${where(scope, query)}`)) as unknown as Rows<WidgetRow>;
    const r = result.rows[0]!;
    const average = Number(r.avg_minutes ?? 0);
    return {
      totalTicketsCount: r.total,
      whatsappTicketsCount: r.whatsapp,
      telegramTicketsCount: r.telegram,
      pendingTicketsCount: r.pending,
      averageAcceptanceTime: average > 0 ? average : 0,
      closedTicketsCount: r.closed,
      whatsappClosedTicketsCount: r.whatsapp_closed,
      telegramClosedTicketscount: r.telegram_closed,
    };
  },

  /**
   * One page in the requested order (default updated_at desc), the id breaking ties. The offset is walked in a
   * narrow subquery joined only to what the sort needs (the default order is an index-only scan of
   * tickets_company_updated_idx); only the 10 rows kept are joined to every name.
   */
  async page(db: Db, scope: TableScope, query: AdminTicketsQuery, offset: number): Promise<AdminTicketRow[]> {
    const joins = SORTS[query.sort].joins.map((alias) => JOINS[alias]);
    const result = (await db.execute(sql`
      with page as (
        select t.id from tickets t ${sql.join(joins, sql` `)}
        where ${where(scope, query)}
        order by ${orderBy(query)}
        limit ${ADMIN_TICKETS_PAGE} offset ${offset}
      )
      select t.id, t.stage, t.platform, d.name as department_name,
             h.first_name as handler_first, h.last_name as handler_last,
             c.name as client_name, c.account_number,
             t.updated_at, t.reopened_at, t.accepted_at, t.closed_at
      from page p
      join tickets t on t.id = p.id
      ${JOINS.d}
      ${JOINS.c}
      ${JOINS.h}
      order by ${orderBy(query)}`)) as unknown as Rows<PageRow>;
    return result.rows.map((r) => ({
      ticketid: r.id,
      stage: r.stage,
      platform: r.platform,
      department_name: r.department_name,
      user_name: r.handler_first === null ? null : `${r.handler_first} ${r.handler_last ?? ''}`.trim(),
      client_name: r.client_name,
      account_number: r.account_number,
      updated_on: iso(r.updated_at)!,
      reopened_on: iso(r.reopened_at),
      accepted_on: iso(r.accepted_at),
      // A reopened ticket keeps its last close in the row, but is not closed.
      closed_on: r.stage === 'closed' ? iso(r.closed_at) : null,
    }));
  },
};
