/**
 * An upgrade from the previous release: its schema (migrations 0000–0005) holding a desk's data, written with raw
 * SQL as that release wrote it, then opened by today's code, which migrates at start. The data is all there, the
 * outbox's new order column is filled in the order rows were enqueued, and the app serves the desk.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../src/db/client';
import { messages, outbox } from '../src/db/schema';
import { hashPassword } from '../src/platform/passwords';
import { login, STRONG_PASSWORD, startTestApp, uniqueEmail } from './harness';
import { freshPostgres, testDbKind } from './test-db';

/** The previous release: the migrations folder with its journal cut after `lastTag`. */
function previousRelease(dir: string, lastTag: string) {
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(cut).toBeGreaterThanOrEqual(0);
  for (const later of journal.entries.slice(cut + 1)) fs.rmSync(path.join(dir, `${later.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return journal.entries.length;
}

type Run = (statement: string, params?: unknown[]) => Promise<unknown>;

const ids = {
  company: randomUUID(),
  department: randomUUID(),
  admin: randomUUID(),
  client: randomUUID(),
  ticket: randomUUID(),
  messages: [randomUUID(), randomUUID(), randomUUID(), randomUUID()],
  outbox: [randomUUID(), randomUUID(), randomUUID(), randomUUID()],
};
const adminEmail = uniqueEmail('upgrade-admin');

/** A desk as release 0005 stored it: a company, its admin, a Telegram client's ticket, a chat and its outbox. */
async function writeOldDesk(run: Run) {
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
  await run(
    `insert into companies (id, name, phone, email, country, created_at) values ($1, 'Old Co', '+1 555', 'old@co.test', 'US', $2)`,
    [ids.company, at(0)],
  );
  await run(`insert into departments (id, company_id, name, created_at) values ($1, $2, 'General', $3)`, [
    ids.department,
    ids.company,
    at(0),
  ]);
  await run(
    `insert into users (id, company_id, email, password_hash, first_name, last_name, role, department_id, created_at)
     values ($1, $2, $3, $4, 'Olga', 'Admin', 'admin', $5, $6)`,
    [ids.admin, ids.company, adminEmail, await hashPassword(STRONG_PASSWORD), ids.department, at(0)],
  );
  await run(
    `insert into clients (id, company_id, short_id, name, created_at) values ($1, $2, 'C0001', 'Ivan Petrov', $3)`,
    [ids.client, ids.company, at(1)],
  );
  await run(
    `insert into client_identities (id, company_id, client_id, platform, external_id, created_at) values ($1, $2, $3, 'telegram', '777', $4)`,
    [randomUUID(), ids.company, ids.client, at(1)],
  );
  await run(
    `insert into tickets (id, company_id, client_id, department_id, handler_id, platform, stage, created_at, updated_at, accepted_at, channel_ref)
     values ($1, $2, $3, $4, $5, 'telegram', 'accepted', $6, $6, $6, 'bot-1')`,
    [ids.ticket, ids.company, ids.client, ids.department, ids.admin, at(1)],
  );
  const chat: [string, boolean, string][] = [
    ['Hello, my order is late', false, 'received'],
    ['Looking into it', true, 'sent'],
    ['Found it: it ships today', true, 'pending'],
    ['Tracking number follows', true, 'pending'],
  ];
  for (const [i, [content, isAgent, status]] of chat.entries()) {
    await run(
      `insert into messages (id, company_id, ticket_id, client_id, type, content, is_agent, created_by_id, delivery_status, created_at)
       values ($1, $2, $3, $4, 'text', $5, $6, $7, $8, $9)`,
      [
        ids.messages[i],
        ids.company,
        ids.ticket,
        isAgent ? null : ids.client,
        content,
        isAgent,
        isAgent ? ids.admin : null,
        status,
        at(2 + i),
      ],
    );
  }
  // The outbox: one row sent, then three pending to the same chat in the order they were enqueued (the last one
  // a bot text of no message).
  const rows: [string | null, string, string][] = [
    [ids.messages[1]!, 'message', 'sent'],
    [ids.messages[2]!, 'message', 'pending'],
    [ids.messages[3]!, 'message', 'pending'],
    [null, 'botText', 'pending'],
  ];
  for (const [i, [messageId, kind, status]] of rows.entries()) {
    await run(
      `insert into outbox (id, company_id, kind, message_id, platform, channel_ref, recipient, payload, status, created_at)
       values ($1, $2, $3, $4, 'telegram', 'bot-1', '777', $5, $6, $7)`,
      [
        ids.outbox[i],
        ids.company,
        kind,
        messageId,
        kind === 'botText' ? JSON.stringify({ text: 'Thanks!' }) : null,
        status,
        at(3 + i),
      ],
    );
  }
  // The first pending row failed a try meanwhile: updated rows move within the table, so the new column's fill
  // must not follow the table's physical order.
  await run(`update outbox set attempts = 1, last_error = 'timeout', next_attempt_at = $2 where id = $1`, [
    ids.outbox[1],
    at(30),
  ]);
}

/** What the previous release wrote is all there, and every migration is applied. */
async function checkUpgraded(database: Database) {
  const { db } = database;
  const applied = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { n: number }[];
  };
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
  expect(applied.rows[0]!.n).toBe(journal.entries.length);
  const chat = await db.select({ id: messages.id }).from(messages).orderBy(asc(messages.seq));
  expect(chat.map((r) => r.id)).toEqual(ids.messages);
  const queued = await db.select({ id: outbox.id, seq: outbox.seq }).from(outbox);
  expect(queued.map((r) => r.id).sort()).toEqual([...ids.outbox].sort());
  expect(queued.every((r) => typeof r.seq === 'number')).toBe(true);
  expect(new Set(queued.map((r) => r.seq)).size).toBe(4);
}

/** The outbox's rows in the order the worker now sends them (seq). */
async function outboxOrder(database: Database) {
  const rows = await database.db.select({ id: outbox.id }).from(outbox).orderBy(asc(outbox.seq));
  return rows.map((r) => r.id);
}

async function checkAppServes(database: Database) {
  const t = await startTestApp({}, { database });
  try {
    const admin = t.client();
    await login(admin, adminEmail, STRONG_PASSWORD);
    const list = await admin.get('/tickets');
    expect(list.status).toBe(200);
    expect(list.body.map((x: { ticketid: string }) => x.ticketid)).toEqual([ids.ticket]);
    const chat = await admin.get(`/${ids.ticket}/0/chat`);
    expect(chat.status).toBe(200);
    expect(
      chat.body.sections.flatMap((s: { messages: { content: string }[] }) => s.messages.map((m) => m.content)),
    ).toEqual(['Hello, my order is late', 'Looking into it', 'Found it: it ships today', 'Tracking number follows']);
    // And it writes: a new reply is stored after the old ones.
    const sent = await admin.post('/send-message', { ticketid: ids.ticket, content: 'Upgraded and answering' });
    expect(sent.status).toBe(200);
  } finally {
    await t.close();
  }
}

/** The previous release's database with its data, then opened (and so migrated) by today's openDatabase. */
async function upgradedDatabase(
  base: string,
  previous: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const dataDir = path.join(base, 'data');
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const old = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    await old.waitReady;
    await migratePglite(drizzlePglite(old), { migrationsFolder: previous });
    await writeOldDesk((statement, params) => old.query(statement, params));
    await old.close();
    return { database: await openDatabase({ dataDir }), drop: async () => undefined };
  }
  const fresh = await freshPostgres(process.env.TEST_DATABASE_URL!, 'kc_upgrade');
  const old = new pg.Pool({ connectionString: fresh.url, max: 1 });
  await migratePg(drizzlePg(old), { migrationsFolder: previous });
  await writeOldDesk((statement, params) => old.query(statement, params));
  await old.end();
  return { database: await openDatabase({ databaseUrl: fresh.url }), drop: fresh.drop };
}

describe(`upgrading the previous release (migrations 0000–0005) with data (${testDbKind()})`, () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-upgrade-'));
  const previous = path.join(base, 'migrations-0005');
  let upgraded: Awaited<ReturnType<typeof upgradedDatabase>>;
  beforeAll(async () => {
    expect(previousRelease(previous, '0005_internal_notes')).toBe(6);
    upgraded = await upgradedDatabase(base, previous);
  }, 120_000);
  afterAll(async () => {
    await upgraded?.drop();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('migrates at start and keeps every row; the outbox rows get their order column', async () => {
    await checkUpgraded(upgraded.database);
  });

  /**
   * A pending row that failed a try was updated, so the table's physical order puts it behind rows queued after it:
   * 0006 numbers the rows by when they were queued (and a message's own seq within one transaction), not as stored.
   */
  it('keeps the order the outbox rows were queued in', async () => {
    expect(await outboxOrder(upgraded.database)).toEqual(ids.outbox);
  });

  it('serves the upgraded desk: login, ticket list, chat, a new reply', async () => {
    await checkAppServes(upgraded.database);
  }, 60_000);
});
