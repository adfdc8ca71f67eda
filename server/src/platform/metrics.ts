/**
 * What an operator's Prometheus reads (`GET /metrics`, platform/metrics.routes.ts). Counters are moved where the
 * work happens, through decorators app.ts puts around the intake (channels/inbound/counting-intake.ts), the inbound record and the outbox worker's
 * delivery service (so no channel or module knows about metrics); gauges are read when scraped: the outbox backlog
 * from the delivery service (one cheap query), the sockets and the database pool from their owners. One registry
 * per app (tests build several in one process); Node's own figures (event-loop lag, memory, handles) are
 * prom-client's default metrics.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { platformEnum } from '../db/schema';

export type Platform = (typeof platformEnum.enumValues)[number];
/** What became of an update a channel delivered: stored (a message, an edit, a reaction, a rating…), or not. */
export type InboundOutcome = 'stored' | 'duplicate' | 'ignored' | 'failed';
/** A send's end: sent, to be tried again (retry; rateLimited when the channel said when), or given up. */
export type SendOutcome = 'sent' | 'retry' | 'rateLimited' | 'failed';
export type PoolStats = { total: number; idle: number; waiting: number };

export type Backlog = Map<Platform, { pending: number; oldestSeconds: number }>;

/** What the gauges read at scrape time. */
export type MetricSources = {
  /** The outbox's pending rows per platform (the delivery service's `backlog`). */
  backlog: () => Promise<Backlog>;
  sockets: { workspace(): number; widget(): number };
  /** PostgreSQL's pool; none for the embedded database (one connection, no pool: no pool gauges either). */
  pool?: () => PoolStats;
};

/** The outbox backlog query gives up after this: a slow database must not hang the scrape. */
const BACKLOG_TIMEOUT_MS = 2_000;
/** Both backlog gauges are read in one scrape from one query (prom-client collects them side by side). */
const BACKLOG_REUSE_MS = 500;

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const inbound = new Counter({
    name: 'kreechat_inbound_updates_total',
    help: 'Updates received from channels, by channel and outcome (stored, duplicate, ignored, failed)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const webhook = new Histogram({
    name: 'kreechat_webhook_duration_seconds',
    help: 'Time to answer a channel webhook (Telegram, WhatsApp) or a widget call, by channel and status code',
    labelNames: ['channel', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sends = new Counter({
    name: 'kreechat_outbox_sends_total',
    help: 'Outbox sends by platform and outcome (sent; retry, rateLimited: to be tried again; failed: given up)',
    labelNames: ['platform', 'outcome'] as const,
    registers: [registry],
  });

  let sources: MetricSources | undefined;
  let backlog: { at: number; rows: Promise<Backlog> } | undefined;
  const readBacklog = () => {
    const now = Date.now();
    if (!backlog || now - backlog.at > BACKLOG_REUSE_MS) backlog = { at: now, rows: timed(sources!.backlog()) };
    return backlog.rows;
  };

  new Gauge({
    name: 'kreechat_outbox_pending',
    help: 'Outbox rows waiting to be sent, by platform',
    labelNames: ['platform'] as const,
    registers: [registry],
    async collect() {
      await setBacklog(this, 'pending');
    },
  });
  new Gauge({
    name: 'kreechat_outbox_oldest_pending_seconds',
    help: 'Age of the oldest outbox row waiting to be sent, by platform (0 when none waits)',
    labelNames: ['platform'] as const,
    registers: [registry],
    async collect() {
      await setBacklog(this, 'oldestSeconds');
    },
  });
  async function setBacklog(gauge: Gauge<'platform'>, field: 'pending' | 'oldestSeconds') {
    gauge.reset();
    if (!sources) return;
    // A failed or slow query leaves the gauge empty for this scrape (absent, not a false zero).
    const rows = await readBacklog().catch(() => undefined);
    if (!rows) return;
    for (const platform of platformEnum.enumValues) gauge.set({ platform }, rows.get(platform)?.[field] ?? 0);
  }

  new Gauge({
    name: 'kreechat_connected_sockets',
    help: 'Live connections to this process: workspace (agents) and widget (website visitors)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (!sources) return;
      this.set({ kind: 'workspace' }, sources.sockets.workspace());
      this.set({ kind: 'widget' }, sources.sockets.widget());
    },
  });
  const poolGauges = (pool: () => PoolStats) => {
    const gauge = (name: string, help: string, field: keyof PoolStats) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pool()[field]);
        },
      });
    gauge('kreechat_db_pool_total', 'PostgreSQL connections open in the pool', 'total');
    gauge('kreechat_db_pool_idle', 'PostgreSQL connections open and idle', 'idle');
    gauge('kreechat_db_pool_waiting', 'Queries waiting for a free connection', 'waiting');
  };

  return {
    registry,
    /** Wires the gauges to what they read; before this they are empty. */
    observe(given: MetricSources) {
      sources = given;
      if (given.pool) poolGauges(given.pool);
    },
    inbound: (channel: Platform, outcome: InboundOutcome) => inbound.inc({ channel, outcome }),
    webhook: (channel: Platform, status: number, seconds: number) =>
      webhook.observe({ channel, status: String(status) }, seconds),
    send: (platform: Platform, outcome: SendOutcome) => sends.inc({ platform, outcome }),
    /** The Prometheus text exposition of every metric. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The backlog query's answer, or its failure after BACKLOG_TIMEOUT_MS. */
async function timed(query: Promise<Backlog>): Promise<Backlog> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('outbox backlog query timed out')), BACKLOG_TIMEOUT_MS);
  });
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
