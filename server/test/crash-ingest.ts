/**
 * Crash mid-ingest, shared by crash-ingest-*.postgres.test.ts: the real server in a child process of its
 * own over a PostgreSQL database of its own, with a Telegram bot connected, and what the database holds after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, expect } from 'vitest';
import { startFakeBotApi, type FakeBot, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { documentUpdate, textUpdate } from './fakes/telegram/updates';
import { freePort } from './harness';
import { spawnServer, type ServerProcess } from './server-process';
import { seedWebhookDeployment } from './webhook-deployment';

export const CHATS = 20;
export const PER_CHAT = 20;
export const TOTAL = CHATS * PER_CHAT;
const chatIdOf = (index: number) => 7_100_000 + index;

export type Deployment = Awaited<ReturnType<typeof deploy>>;

/**
 * A company whose bot is connected (through the in-process app, which then stops receiving so only the spawned
 * server does), and the spawned server on a port of its own, over the same PostgreSQL database.
 */
export async function deploy(mode: 'webhook' | 'polling') {
  const fake = await startFakeBotApi();
  const port = await freePort();
  const publicUrl = mode === 'webhook' ? `http://127.0.0.1:${port}` : '';
  const {
    seeder: t,
    company,
    bot,
    databaseUrl: url,
    env: deploymentEnv,
  } = await seedWebhookDeployment(publicUrl, fake);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-crash-ingest-'));
  const env = { ...deploymentEnv, DATA_DIR: dataDir };
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The test database is dropped WITH (FORCE) at the end: a connection still closing then gets 57P01, which must not
  // become an uncaught 'error' event in the test process (it did once in CI).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let server: ServerProcess | undefined = await spawnServer(env, { port });
  return {
    fake,
    bot,
    t,
    companyId: company.company.id,
    channelKey: `tg:${bot.id}`,
    pool,
    get server() {
      return server;
    },
    async kill() {
      await server?.kill();
      server = undefined;
    },
    async restart() {
      server = await spawnServer(env, { port });
    },
    async close() {
      await server?.kill(); // the database is dropped next: no graceful stop needed
      await pool.end();
      await t.close();
      await fake.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The burst: PER_CHAT messages from each of CHATS chats, interleaved, update ids increasing; every message says
 * its update id (`u<id>`). With `files`, every fourth message of the first half of the chats is a document, which
 * the webhook acknowledges once recorded and processes after its download.
 */
export function burst(fake: FakeBotApi, bot: FakeBot, options: { files: boolean }) {
  const updates = [];
  for (let n = 0; n < PER_CHAT; n += 1) {
    for (let c = 0; c < CHATS; c += 1) {
      const updateId = fake.nextUpdateId(bot.token);
      const from = { updateId, chatId: chatIdOf(c), firstName: `Client ${c}` };
      if (options.files && c < CHATS / 2 && n % 4 === 1) {
        const fileId = `BQACAgIAAxkBAAI${updateId}`;
        fake.addFile(bot.token, { file_id: fileId, bytes: Buffer.from(`%PDF-1.4 file of ${updateId}`) });
        updates.push(
          documentUpdate({
            ...from,
            file_id: fileId,
            file_name: 'a.pdf',
            mime_type: 'application/pdf',
            caption: `u${updateId}`,
          }),
        );
      } else updates.push(textUpdate({ ...from, text: `u${updateId}` }));
    }
  }
  return updates;
}

/** What the database holds: the client's texts (chat, update id), oldest first, and the recorded update ids. */
export async function stored(d: { pool: pg.Pool; companyId: string; channelKey: string }) {
  const messages = await d.pool.query<{ chat: string; content: string }>(
    `select ci.external_id as chat, m.content
       from messages m join client_identities ci on ci.client_id = m.client_id
      where m.company_id = $1 and not m.is_agent and m.content like 'u%'
      order by m.seq`,
    [d.companyId],
  );
  const updates = await d.pool.query<{ update_id: string; processed: boolean }>(
    `select update_id, processed_at is not null as processed from inbound_updates where channel_key = $1`,
    [d.channelKey],
  );
  const copies = new Map<number, number>();
  const byChat = new Map<string, number[]>();
  for (const row of messages.rows) {
    const id = Number(row.content.slice(1));
    copies.set(id, (copies.get(id) ?? 0) + 1);
    byChat.set(row.chat, [...(byChat.get(row.chat) ?? []), id]);
  }
  return {
    copies,
    byChat,
    /** Rows in inbound_updates, and those not processed (for update ids that are not numbers). */
    rows: updates.rows.length,
    unprocessed: updates.rows.filter((r) => !r.processed).length,
    recorded: new Set(updates.rows.map((r) => Number(r.update_id))),
    processed: new Set(updates.rows.filter((r) => r.processed).map((r) => Number(r.update_id))),
  };
}

export function expectEachStoredOnceInOrder(state: Awaited<ReturnType<typeof stored>>, ids: number[]) {
  expect(ids.filter((id) => state.copies.get(id) !== 1)).toEqual([]);
  expect(state.copies.size).toBe(ids.length);
  expect(ids.filter((id) => !state.processed.has(id))).toEqual([]);
  for (const [chat, got] of state.byChat) {
    expect(got, `chat ${chat}`).toEqual([...got].sort((a, b) => a - b));
  }
}

/** `deploy` for the tests of one file: each test's deployment is closed after it. */
export function deployEach() {
  let current: Deployment | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (mode: 'webhook' | 'polling') => (current = await deploy(mode));
}
