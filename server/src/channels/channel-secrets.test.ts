import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { telegramBots, whatsappAccounts } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { createLogger } from '../platform/logger';
import { createSecretBox, keyIdOf, parseSecretsKey, SecretsKeyError, SecretTamperedError } from '../platform/secrets';
import { rotateSecrets } from '../scripts/rotate-secrets';
import { startFakeBotApi, type FakeBot, type FakeBotApi } from '../../test/fakes/telegram/fake-bot-api';
import { textUpdate } from '../../test/fakes/telegram/updates';
import {
  eventually,
  login,
  seedCompany,
  startTestApp,
  STRONG_PASSWORD,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../test/harness';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../test/telegram-world';
import { createTestDatabase, testDbKind } from '../../test/test-db';
import { createBotRepo } from './telegram/bot.repo';
import { prepareChannelSecrets, SECRET_COLUMNS } from './channel-secrets';

const logger = createLogger('silent');
const newKey = () => randomBytes(32).toString('base64');
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Every row of every table, as text: what a `pg_dump` of the database would hold. */
async function dumpDatabase(db: Db): Promise<string> {
  const tables = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`)) as unknown as {
    rows: { schema: string; name: string }[];
  };
  expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['telegram_bots', 'inbound_updates']));
  const lines: string[] = [];
  for (const table of tables.rows) {
    const rows = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
    )) as unknown as { rows: { row: string }[] };
    for (const { row } of rows.rows) lines.push(`${table.name}: ${row}`);
  }
  return lines.join('\n');
}

/** Every file under a directory, as bytes. */
function filesUnder(dir: string): Buffer[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() ? [fs.readFileSync(file)] : [];
  });
}

/**
 * A sealed value with one character of its ciphertext changed, as by someone with write access to the database.
 * The first character: every one of its bits is used (the last one of base64 may carry unused bits).
 */
function alter(sealed: string): string {
  const parts = sealed.split(':');
  const ciphertext = parts[4]!;
  parts[4] = (ciphertext.startsWith('A') ? 'B' : 'A') + ciphertext.slice(1);
  return parts.join(':');
}

/** The parts of a bot token that must never be readable: the whole token and its secret half. */
const secretsOf = (bot: FakeBot) => [bot.token, bot.token.split(':')[1]!];

describe('a database dump alone', () => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld('webhook');
  });
  afterAll(async () => world?.close());

  it('reveals no bot token and no webhook secret, while the bot works', async () => {
    const { bot, addAgent } = await companyWithBot(world);
    const agent = await addAgent();
    await deliver(world, bot, textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId: 8801, text: 'hi' }));
    const [ticket] = (await agent.client.get('/tickets')).body;
    await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });
    await agent.client.post('/send-message', { ticketid: ticket.ticketid, content: 'Hello from the desk' });
    await world.fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Hello from the desk');

    const webhookSecret = world.fake.webhook(bot.token)!.secret_token!;
    const dump = await dumpDatabase(world.t.database.db);
    expect(dump).toContain('Hello from the desk'); // the dump is real: it holds what was written
    for (const secret of [...secretsOf(bot), webhookSecret]) {
      expect(dump).not.toContain(secret);
      for (const file of filesUnder(world.t.dataDir)) expect(file.includes(secret)).toBe(false);
    }
    const [row] = await world.t.database.db.select().from(telegramBots).where(eq(telegramBots.telegramBotId, bot.id));
    const keyId = keyIdOf(parseSecretsKey(TEST_SECRETS_KEY)!);
    expect(row!.token).toMatch(new RegExp(`^kc1:${keyId}:`));
    expect(row!.webhookSecret).toMatch(new RegExp(`^kc1:${keyId}:`));
  });

  it('a stored secret that was altered fails loudly, and connecting the bot again repairs it', async () => {
    const { bot, adminClient } = await companyWithBot(world);
    const db = world.t.database.db;
    const [row] = await db.select().from(telegramBots).where(eq(telegramBots.telegramBotId, bot.id));
    await db
      .update(telegramBots)
      .set({ webhookSecret: alter(row!.webhookSecret) })
      .where(eq(telegramBots.id, row!.id));

    const update = textUpdate({ updateId: world.fake.nextUpdateId(bot.token), chatId: 8802, text: 'anyone?' });
    expect(await world.fake.pushUpdate(bot.token, update)).toBe(500);
    const recorded = await db
      .select()
      .from(schema.inboundUpdates)
      .where(eq(schema.inboundUpdates.channelKey, `tg:${bot.id}`));
    expect(recorded).toEqual([]);
    const repo = createBotRepo(world.t.services.secrets);
    await expect(repo.byId(db, row!.id)).rejects.toThrow(SecretTamperedError);
    // The settings page shows the bot as needing its token again, and the admin can connect it again.
    expect((await adminClient.get('/admin/get-telegram-token')).body).toEqual({
      tokenStatus: false,
      username: bot.username,
    });
    expect((await adminClient.post('/setup-telegram', { bot_id: bot.token })).status).toBe(200);
    await deliver(world, bot, update);
    expect((await adminClient.get('/admin/get-telegram-token')).body.tokenStatus).toBe(true);
  });
});

/** One deployment's storage, kept across restarts: its DATA_DIR, and its database (PGlite inside it, or PostgreSQL). */
async function createDeployment() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-deploy-'));
  const postgres = testDbKind() === 'postgres' ? await createTestDatabase() : undefined;
  return {
    dataDir,
    env: { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url! } : {}) },
    open: (): Promise<Database> =>
      postgres ? openDatabase({ databaseUrl: postgres.url! }) : openDatabase({ dataDir }),
    async close() {
      await postgres?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type Deployment = Awaited<ReturnType<typeof createDeployment>>;

/** A KreeChat process of the deployment; `SECRETS_KEY: ''` makes it use DATA_DIR/secrets.key. */
async function startProcess(deployment: Deployment, fake: FakeBotApi, env: Record<string, string>): Promise<TestApp> {
  return startTestApp(
    { TELEGRAM_API_ROOT: fake.apiRoot, ...deployment.env, ...env },
    { database: await deployment.open() },
  );
}

/**
 * A start of KreeChat with these settings over an open database of the deployment, up to where it would serve;
 * resolves once it got that far (and closes the app, not the database).
 */
async function startWith(deployment: Deployment, database: Database, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '', ...deployment.env, ...env });
  const mailer = createMailer({ from: config.mailFrom, dataDir: deployment.dataDir, logger });
  try {
    const { app } = await buildApp({ config, database, logger, mailer });
    await app.close();
  } finally {
    mailer.close();
  }
}

/** Every stored channel secret, in a stable order. */
async function storedValues(db: Db): Promise<string[]> {
  const values: string[] = [];
  for (const column of SECRET_COLUMNS) {
    const rows = (await db.execute(
      sql`select ${column.value} as value from ${column.table} order by ${column.id}`,
    )) as unknown as { rows: { value: string }[] };
    values.push(...rows.rows.map((r) => r.value));
  }
  return values;
}

/** The same, from the deployment's database while no process has it open (PGlite allows one at a time). */
async function storedValuesAtRest(deployment: Deployment): Promise<string[]> {
  const database = await deployment.open();
  try {
    return await storedValues(database.db);
  } finally {
    await database.close();
  }
}

/** A company whose bot is connected through the admin call; polling, so the fake sees the token in use. */
async function connectBot(t: TestApp, fake: FakeBotApi) {
  const company = await seedCompany(t);
  const bot = fake.addBot();
  expect((await company.adminClient.post('/setup-telegram', { bot_id: bot.token })).status).toBe(200);
  await eventually(() => fake.activePolls(bot.token) === 1);
  return { ...company, bot };
}

describe(
  'the secrets key across restarts, plaintext from older versions, and a wrong key',
  { timeout: 120_000 },
  () => {
    let fake: FakeBotApi;
    let deployment: Deployment;
    beforeAll(async () => {
      fake = await startFakeBotApi();
      deployment = await createDeployment();
    });
    afterAll(async () => {
      await fake?.close();
      await deployment?.close();
    });

    it('encrypts at start what an older version stored in plaintext, reusing the generated key file', async () => {
      const first = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      const keyFile = path.join(deployment.dataDir, 'secrets.key');
      const key = fs.readFileSync(keyFile, 'utf8');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const { bot, company } = await connectBot(first, fake);
      // Back to what a version without encryption stored: the token and webhook secret in the clear, and a
      // WhatsApp account's access token.
      const whatsappToken = `EAAG${randomBytes(24).toString('hex')}`;
      await first.database.db
        .update(telegramBots)
        .set({ token: bot.token, webhookSecret: 'plain-webhook-secret-0123456789' })
        .where(eq(telegramBots.companyId, company.id));
      await first.database.db.insert(whatsappAccounts).values({
        companyId: company.id,
        wabaId: '1029384756',
        phoneNumberId: '5550001111',
        accessToken: whatsappToken,
      });
      expect(await storedValues(first.database.db)).toEqual(
        expect.arrayContaining([bot.token, 'plain-webhook-secret-0123456789', whatsappToken]),
      );
      await first.close();

      const second = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      try {
        expect(fs.readFileSync(keyFile, 'utf8')).toBe(key); // the same key, read again
        const keyId = keyIdOf(parseSecretsKey(key)!);
        const values = await second.database.db.select().from(telegramBots);
        const stored = [...values.flatMap((v) => [v.token, v.webhookSecret])];
        const [account] = await second.database.db.select().from(whatsappAccounts);
        stored.push(account!.accessToken);
        for (const value of stored) expect(value).toMatch(new RegExp(`^kc1:${keyId}:`));
        const dump = await dumpDatabase(second.database.db);
        for (const secret of [...secretsOf(bot), 'plain-webhook-secret-0123456789', whatsappToken]) {
          expect(dump).not.toContain(secret);
        }
        // The sealed token is the real one: the bot is polled with it again.
        await eventually(() => fake.activePolls(bot.token) === 1);
        // Running the step again changes nothing.
        expect(await prepareChannelSecrets(second.database.db, second.services.secrets, logger)).toEqual({ sealed: 0 });
        const again = await second.database.db.select().from(telegramBots);
        expect(again.map((v) => v.token)).toEqual(values.map((v) => v.token));
      } finally {
        await second.close();
      }
    });

    it('refuses to start with another key, naming both; and refuses at use a secret of another key', async () => {
      const database = await deployment.open();
      try {
        const before = await storedValues(database.db);
        const keyText = fs.readFileSync(path.join(deployment.dataDir, 'secrets.key'), 'utf8');
        const fileKeyId = keyIdOf(parseSecretsKey(keyText)!);
        const other = newKey();
        const otherId = keyIdOf(parseSecretsKey(other)!);
        const refused = await startWith(deployment, database, { SECRETS_KEY: other }).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(SecretsKeyError);
        expect((refused as Error).message).toMatch(
          new RegExp(`encrypted with another key: ${fileKeyId} \\(3\\); this server's key is ${otherId}`),
        );
        // A process given its own DATA_DIR (so its own generated key) against the shared database is refused too.
        const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-other-'));
        try {
          await expect(
            startWith({ ...deployment, env: { ...deployment.env, DATA_DIR: elsewhere } }, database, {
              SECRETS_KEY: '',
            }),
          ).rejects.toThrow(/Give this process the key the others use/);
        } finally {
          fs.rmSync(elsewhere, { recursive: true, force: true });
        }
        expect(await storedValues(database.db)).toEqual(before);
        // The right key starts.
        await startWith(deployment, database, { SECRETS_KEY: keyText.trim() });

        // At use: a process whose key is not the one that sealed the secret (say, not restarted after a rotation).
        const repo = createBotRepo(createSecretBox(parseSecretsKey(other)!, 'SECRETS_KEY'));
        const [row] = await database.db.select().from(telegramBots).limit(1);
        await expect(repo.byId(database.db, row!.id)).rejects.toThrow(
          new RegExp(`was encrypted with key ${fileKeyId}, but this server's key \\(SECRETS_KEY\\) is ${otherId}`),
        );
      } finally {
        await database.close();
      }
    });
  },
);

describe('npm run secrets:rotate', { timeout: 120_000 }, () => {
  let fake: FakeBotApi;
  beforeAll(async () => {
    fake = await startFakeBotApi();
  });
  afterAll(async () => fake?.close());

  it('re-encrypts every channel secret from SECRETS_KEY to NEW_SECRETS_KEY in one go, and can run again', async () => {
    const deployment = await createDeployment();
    try {
      const oldKey = newKey();
      const first = await startProcess(deployment, fake, { SECRETS_KEY: oldKey });
      const { bot } = await connectBot(first, fake);
      expect(await storedValues(first.database.db)).toHaveLength(2);
      await first.close();

      const nextKey = newKey();
      const lines: string[] = [];
      const env = { ...deployment.env, SECRETS_KEY: oldKey, NEW_SECRETS_KEY: nextKey };
      const result = await rotateSecrets(env, (line) => lines.push(line));
      const [from, to] = [keyIdOf(parseSecretsKey(oldKey)!), keyIdOf(parseSecretsKey(nextKey)!)];
      expect(result).toEqual({ resealed: 2, alreadyNew: 0, wasPlaintext: 0, forgotten: 0, from, to });
      expect(lines.join('\n')).toContain(
        'Now set SECRETS_KEY to the value of NEW_SECRETS_KEY on every KreeChat process',
      );
      expect(lines.join('\n')).not.toContain(nextKey);
      // The new key opens the secrets, and the bot is polled with its token again; the old key is refused now.
      const second = await startProcess(deployment, fake, { SECRETS_KEY: nextKey });
      let after: string[];
      try {
        after = await storedValues(second.database.db);
        for (const value of after) expect(value.startsWith(`kc1:${to}:`)).toBe(true);
        await eventually(() => fake.activePolls(bot.token) === 1);
        await expect(startWith(deployment, second.database, { SECRETS_KEY: oldKey })).rejects.toThrow(
          /encrypted with another key/,
        );
      } finally {
        await second.close();
      }
      // Run again (an interrupted rotation is finished this way): nothing left to re-encrypt.
      expect(await rotateSecrets(env, () => undefined)).toMatchObject({ resealed: 0, alreadyNew: 2 });
      expect(await storedValuesAtRest(deployment)).toEqual(after);
    } finally {
      await deployment.close();
    }
  });

  it('aborts without changing anything when a stored secret does not open', async () => {
    const deployment = await createDeployment();
    try {
      const first = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      await connectBot(first, fake);
      await connectBot(first, fake);
      const [row] = await first.database.db.select().from(telegramBots).limit(1);
      await first.database.db
        .update(telegramBots)
        .set({ token: alter(row!.token) })
        .where(eq(telegramBots.id, row!.id));
      const before = await storedValues(first.database.db);
      await first.close();
      const keyFile = path.join(deployment.dataDir, 'secrets.key');
      const key = fs.readFileSync(keyFile, 'utf8');

      await expect(rotateSecrets({ ...deployment.env }, () => undefined)).rejects.toThrow(SecretTamperedError);
      expect(await storedValuesAtRest(deployment)).toEqual(before);
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
      expect(fs.readdirSync(deployment.dataDir).filter((f) => f.startsWith('secrets.key'))).toEqual(['secrets.key']);
    } finally {
      await deployment.close();
    }
  });

  it('with --forget-unreadable, gets a deployment whose key was lost running again; its channels reconnect', async () => {
    const deployment = await createDeployment();
    try {
      const first = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      const { bot, addAgent, adminEmail } = await connectBot(first, fake);
      const agent = await addAgent();
      await fake.pushUpdate(
        bot.token,
        textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 8803, text: 'hi' }),
      );
      const ticket = await eventually(async () => (await agent.client.get('/tickets')).body[0]);
      await agent.client.post('/acceptTicket', { ticketid: ticket.ticketid });
      await first.close();
      const keyFile = path.join(deployment.dataDir, 'secrets.key');
      fs.rmSync(keyFile); // the key is lost

      await expect(rotateSecrets(deployment.env, () => undefined)).rejects.toThrow(/No current key/);
      const lines: string[] = [];
      const result = await rotateSecrets(deployment.env, (line) => lines.push(line), { forgetUnreadable: true });
      expect(result).toMatchObject({ from: null, forgotten: 2, resealed: 0 });
      expect(lines.join('\n')).toContain('Forgot 2 channel secrets no key at hand could open: connect those channels');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

      const second = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      try {
        const admin = second.client();
        await login(admin, adminEmail, STRONG_PASSWORD);
        expect((await admin.get('/admin/get-telegram-token')).body).toEqual({
          tokenStatus: false,
          username: bot.username,
        });
        expect(fake.activePolls(bot.token)).toBe(0);
        const [before] = await second.database.db.select().from(telegramBots);

        expect((await admin.post('/setup-telegram', { bot_id: bot.token })).status).toBe(200);
        await eventually(() => fake.activePolls(bot.token) === 1);
        const [after] = await second.database.db.select().from(telegramBots);
        expect(after!.id).toBe(before!.id); // the same channel: its tickets still reach the client
        const handler = second.client();
        await login(handler, agent.email, STRONG_PASSWORD);
        await handler.post('/send-message', { ticketid: ticket.ticketid, content: 'Back online' });
        await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Back online');
      } finally {
        await second.close();
      }
    } finally {
      await deployment.close();
    }
  });

  it('as the npm script, with the generated key file: replaces the file, keeps the old key beside it', async () => {
    const deployment = await createDeployment();
    try {
      const first = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      const { bot } = await connectBot(first, fake);
      await first.close();
      const keyFile = path.join(deployment.dataDir, 'secrets.key');
      const oldKey = fs.readFileSync(keyFile, 'utf8');

      const run = spawnSync('npm', ['run', '--silent', 'secrets:rotate'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...deployment.env },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.stderr.replace(/npm warn .*\n/g, '')).toBe('');
      expect(run.status).toBe(0);
      const newKeyText = fs.readFileSync(keyFile, 'utf8');
      const [from, to] = [keyIdOf(parseSecretsKey(oldKey)!), keyIdOf(parseSecretsKey(newKeyText)!)];
      expect(from).not.toBe(to);
      expect(run.stdout).toContain(`Rotating the channel secrets' key ${from} -> ${to}`);
      expect(run.stdout).toContain('Re-encrypted 2 channel secrets.');
      expect(run.stdout).toContain(`${keyFile} now holds the new key`);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(`${keyFile}.old`, 'utf8')).toBe(oldKey);
      expect(fs.statSync(`${keyFile}.old`).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(`${keyFile}.new`)).toBe(false);
      const second = await startProcess(deployment, fake, { SECRETS_KEY: '' });
      try {
        for (const value of await storedValues(second.database.db)) expect(value.startsWith(`kc1:${to}:`)).toBe(true);
        await eventually(() => fake.activePolls(bot.token) === 1);
      } finally {
        await second.close();
      }
    } finally {
      await deployment.close();
    }
  });
});

describe('the list of secret columns', () => {
  it('holds every column named like a channel secret that is not a hash or an id', () => {
    const listed = new Set(SECRET_COLUMNS.map((c) => c.name));
    const secretLike = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return (
          config.columns
            // A uuid column is an id (widget_sessions.token_id names a WordPress token), not a secret.
            .filter(
              (column) =>
                /token|secret|password|access_key/.test(column.name) &&
                !/_hash$/.test(column.name) &&
                column.columnType !== 'PgUUID',
            )
            .map((column) => `${config.name}.${column.name}`)
        );
      });
    expect(secretLike.length).toBeGreaterThanOrEqual(3);
    expect(secretLike.filter((name) => !listed.has(name))).toEqual([]);
  });
});
