import { ADMIN_TICKETS_PAGE, type AdminTicketRow, type TicketWidgetData } from '@kreechat/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Rows<T> = { rows: T[] };

/** Whose tickets the table shows: the whole company, or a department plus the tickets one agent handles. */
export type TableScope =
  { companyId: string; all: true } | { companyId: string; all: false; departmentId: string | null; userId: string };

const scoped = (s: TableScope): SQL =>
  s.all
    ? sql`company_id = ${s.companyId}`
    : sql`company_id = ${s.companyId} and (department_id = ${s.departmentId} or handler_id = ${s.userId})`;

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
  async widgets(db: Db, scope: TableScope): Promise<TicketWidgetData> {
    const result = (await db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where platform = 'whatsapp')::int as whatsapp,
             count(*) filter (where platform = 'telegram')::int as telegram,
             count(*) filter (where stage = 'pending')::int as pending,
             count(*) filter (where stage = 'closed')::int as closed,
             count(*) filter (where stage = 'closed' and platform = 'whatsapp')::int as whatsapp_closed,
             count(*) filter (where stage = 'closed' and platform = 'telegram')::int as telegram_closed,
             round((avg(date_part('epoch', accepted_at - created_at)) / 60)::numeric, 2) as avg_minutes
      from tickets where ${scoped(scope)}`)) as unknown as Rows<WidgetRow>;
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
   * One page in the stable order (updated_at desc, id desc). The offset is walked in a narrow subquery that an
   * index-only scan of tickets_company_updated_idx answers; only the 10 rows kept are joined to their names.
   */
  async page(db: Db, scope: TableScope, offset: number): Promise<AdminTicketRow[]> {
    const result = (await db.execute(sql`
      with page as (
        select id, updated_at from tickets where ${scoped(scope)}
        order by updated_at desc, id desc
        limit ${ADMIN_TICKETS_PAGE} offset ${offset}
      )
      select t.id, t.stage, t.platform, d.name as department_name,
             h.first_name as handler_first, h.last_name as handler_last,
             c.name as client_name, c.account_number,
             t.updated_at, t.reopened_at, t.accepted_at, t.closed_at
      from page p
      join tickets t on t.id = p.id
      join departments d on d.id = t.department_id
      join clients c on c.id = t.client_id
      left join users h on h.id = t.handler_id
      order by p.updated_at desc, p.id desc`)) as unknown as Rows<PageRow>;
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
      closed_on: iso(r.closed_at),
    }));
  },
};
