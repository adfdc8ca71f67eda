/**
 * `npm run bench:client-panel`: the chat's client panel (GET /api/{clientid}/get-client-panel) for a client with
 * 200 tickets. On PGlite (a fresh data directory), and on PostgreSQL too when TEST_DATABASE_URL or
 * BENCH_DATABASE_URL is set (a fresh database): one company whose desk already holds other clients' tickets
 * (BENCH_OTHER_CLIENTS × 5, so the client's rows sit among many), the client with 200 tickets over two years in
 * two departments — a third closed and rated, each with 10 messages — and the real app listening on a local port.
 * Requests go over HTTP (fetch, keep-alive) as the browser's would. Reported: p50/p95 of the panel's first page
 * as an admin and as an agent (their department's tickets only), of its third page, and of the existing client
 * profile (GET /api/admin/{id}/get-client, the baseline, same run), with the ratio to the baseline.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/client';
import { actionRecords, clientIdentities, clients, messages, tickets } from '../server/src/db/schema';
import { createMailer } from '../server/src/mail/mailer';
import { createLogger } from '../server/src/platform/logger';
import { hashPassword } from '../server/src/platform/passwords';
import { freshPostgres, percentile } from './support';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 200);
const MESSAGES_PER_TICKET = 10;
const OTHER_CLIENTS = Number(process.env.BENCH_OTHER_CLIENTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const TARGET_P95_MS = 30;
const PASSWORD = 'Bench-Pass1!';
const DAY_MS = 86_400_000;

type Result = { label: string; p50: number; p95: number };

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The company, its people, the desk's other tickets and the client under test; answers what the run needs. */
async function seed(database: Database, services: Awaited<ReturnType<typeof buildApp>>['services']) {
  const { db } = database;
  const now = Date.now();
  const company = await services.companies.create({
    name: 'Bench client panel',
    phone: '-',
    email: `bench-panel-${randomUUID()}@example.test`,
    country: 'GB',
    createdAt: new Date(now),
  });
  const general = await services.departments.create(company.id, 'General');
  const billing = await services.departments.create(company.id, 'Billing');
  const passwordHash = await hashPassword(PASSWORD);
  const person = (role: 'admin' | 'agent', firstName: string) =>
    services.agents.create({
      companyId: company.id,
      email: `bench-panel-${role}-${randomUUID()}@example.test`,
      passwordHash,
      firstName,
      lastName: 'Bench',
      role,
      departmentId: general.id,
      createdAt: new Date(now),
    });
  const admin = await person('admin', 'Ada');
  const agent = await person('agent', 'Gina');

  const others = Array.from({ length: OTHER_CLIENTS }, (_, i) => ({
    id: randomUUID(),
    companyId: company.id,
    shortId: `O${i.toString(36).toUpperCase().padStart(7, '0')}`,
    name: `Other ${i}`,
    createdAt: new Date(now - (i + 1) * 60_000),
  }));
  await inBatches(others, 1_000, (batch) => db.insert(clients).values(batch));
  const otherTickets = others.flatMap((c, i) =>
    Array.from({ length: 5 }, (_, k) => ({
      companyId: company.id,
      clientId: c.id,
      departmentId: k % 2 ? billing.id : general.id,
      handlerId: admin.id,
      platform: 'telegram' as const,
      stage: 'closed' as const,
      createdAt: new Date(now - (i * 5 + k) * 3_600_000),
      closedAt: new Date(now - (i * 5 + k) * 3_600_000 + 600_000),
    })),
  );
  await inBatches(otherTickets, 1_000, (batch) => db.insert(tickets).values(batch));

  const [ana] = await db
    .insert(clients)
    .values({
      companyId: company.id,
      shortId: 'ANA00001',
      name: 'Ana Bench',
      email: 'ana@example.test',
      accountNumber: 'ACC-200',
      reopenedCount: 12,
      createdAt: new Date(now - 2 * 365 * DAY_MS),
    })
    .returning();
  await db.insert(clientIdentities).values([
    { companyId: company.id, clientId: ana!.id, platform: 'telegram', externalId: '5500200' },
    { companyId: company.id, clientId: ana!.id, platform: 'whatsapp', externalId: '447700900200' },
  ]);
  const anasTickets = Array.from({ length: TICKETS }, (_, i) => {
    const createdAt = new Date(now - (TICKETS - i) * 3 * DAY_MS);
    const closed = i < TICKETS - 3;
    return {
      id: randomUUID(),
      companyId: company.id,
      clientId: ana!.id,
      departmentId: i % 2 ? billing.id : general.id,
      handlerId: i === TICKETS - 1 ? null : i % 3 ? admin.id : agent.id,
      platform: i % 4 ? ('telegram' as const) : ('whatsapp' as const),
      stage: closed ? ('closed' as const) : i === TICKETS - 1 ? ('pending' as const) : ('accepted' as const),
      createdAt,
      acceptedAt: i === TICKETS - 1 ? null : new Date(createdAt.getTime() + 120_000),
      closedAt: closed ? new Date(createdAt.getTime() + 3_600_000) : null,
      rating: closed && i % 3 === 0 ? (i % 3) + 1 : null,
    };
  });
  await db.insert(tickets).values(anasTickets);
  const anasMessages = anasTickets.flatMap((t) =>
    Array.from({ length: MESSAGES_PER_TICKET }, (_, k) => ({
      companyId: company.id,
      ticketId: t.id,
      clientId: k % 2 ? null : ana!.id,
      type: 'text' as const,
      content: `Message ${k + 1} of ticket ${t.id.slice(0, 8)}`,
      isAgent: k % 2 === 1,
      createdById: k % 2 ? admin.id : null,
      createdAt: new Date(t.createdAt.getTime() + k * 60_000),
    })),
  );
  await inBatches(anasMessages, 1_000, (batch) => db.insert(messages).values(batch));
  // The baseline profile lists the client's actions (up to 100): an accept, a close and a rating per ticket.
  const actions = anasTickets.flatMap((t) => [
    {
      companyId: company.id,
      userId: admin.id,
      clientId: ana!.id,
      ticketId: t.id,
      actionType: 'ticket_accept' as const,
      createdAt: t.createdAt,
    },
    {
      companyId: company.id,
      userId: admin.id,
      clientId: ana!.id,
      ticketId: t.id,
      actionType: 'ticket_close' as const,
      createdAt: t.createdAt,
    },
  ]);
  await inBatches(actions, 1_000, (batch) => db.insert(actionRecords).values(batch));
  return { admin, agent, client: ana! };
}

async function measureCall(label: string, call: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < 30; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(label: string, url: string, cookie: string): Promise<Result> {
  const run = async () => {
    const reply = await fetch(url, { headers: { cookie } });
    await reply.arrayBuffer();
    if (reply.status !== 200) throw new Error(`${label} answered ${reply.status}`);
  };
  for (let i = 0; i < 30; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function runOn(kind: 'PGlite' | 'PostgreSQL', databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-panel-'));
  const config = loadConfig({
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_DIST: '',
    PUBLIC_URL: '',
  });
  const logger = createLogger('silent');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = createMailer({ from: config.mailFrom, dataDir, logger });
  const { app, services } = await buildApp({ config, database, logger, mailer });
  try {
    const seeding = performance.now();
    const { admin, agent, client } = await seed(database, services);
    console.log(
      `\n${kind}: seeded ${OTHER_CLIENTS} other clients (${OTHER_CLIENTS * 5} tickets) and a client with ${TICKETS} tickets ` +
        `(${TICKETS * MESSAGES_PER_TICKET} messages) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    if (kind === 'PostgreSQL') await database.db.execute('analyze');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const login = async (email: string) => {
      const reply = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (reply.status !== 200) throw new Error(`login failed: ${reply.status}`);
      return reply.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const adminCookie = await login(admin.email);
    const agentCookie = await login(agent.email);

    const panelUrl = `${base}/${client.id}/get-client-panel`;
    const first = (await (await fetch(panelUrl, { headers: { cookie: adminCookie } })).json()) as {
      counts: { tickets: number };
      tickets: unknown[];
      next_before: string;
    };
    if (first.counts.tickets !== TICKETS || first.tickets.length !== 20) {
      throw new Error(`unexpected panel: ${JSON.stringify(first).slice(0, 300)}`);
    }
    const second = (await (
      await fetch(`${panelUrl}?before=${first.next_before}`, { headers: { cookie: adminCookie } })
    ).json()) as { next_before: string };

    const results = [
      await measure(
        `GET /api/admin/{id}/get-client (profile, baseline)`,
        `${base}/admin/${client.id}/get-client`,
        adminCookie,
      ),
      await measure('GET /api/{clientid}/get-client-panel (admin)', panelUrl, adminCookie),
      await measure('GET /api/{clientid}/get-client-panel (agent)', panelUrl, agentCookie),
      await measure('… ?before= (third page, admin)', `${panelUrl}?before=${second.next_before}`, adminCookie),
    ];
    // The same two calls in-process, without HTTP and the session check: what the statements and mapping cost.
    const principal = {
      sessionId: '-',
      expiresAt: new Date(Date.now() + DAY_MS),
      userId: admin.id,
      companyId: admin.companyId,
      role: 'admin' as const,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      departmentId: admin.departmentId,
      language: 'en',
    };
    const inProcess = [
      await measureCall('clients.profile() in-process (baseline)', () =>
        services.clients.profile(admin.companyId, client.id),
      ),
      await measureCall('clients.panel() in-process', () => services.clients.panel(principal, client.id)),
    ];
    const baseline = results[0]!;
    console.log(`${RUNS} calls each in-process, ${kind}:`);
    for (const r of inProcess) {
      console.log(
        `${r.label.padEnd(56)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms` +
          `  ×${(r.p95 / inProcess[0]!.p95).toFixed(2)} baseline p95`,
      );
    }
    console.log(`${RUNS} requests each over HTTP (keep-alive), ${kind}:`);
    for (const r of results) {
      const verdict = r === baseline ? '' : r.p95 < TARGET_P95_MS ? '  ok' : `  OVER ${TARGET_P95_MS} ms`;
      console.log(
        `${r.label.padEnd(56)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms` +
          `  ×${(r.p95 / baseline.p95).toFixed(2)} baseline p95${verdict}`,
      );
    }
    return results.slice(1).every((r) => r.p95 < TARGET_P95_MS);
  } finally {
    await app.close();
    mailer.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  let ok = await runOn('PGlite', '');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const postgres = await freshPostgres(adminUrl, 'kc_bench_panel');
    try {
      ok = (await runOn('PostgreSQL', postgres.url)) && ok;
    } finally {
      await postgres.drop();
    }
  } else {
    console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
  }
  if (!ok) process.exitCode = 1;
}

await main();
