/**
 * The real app over a real database, driven through Fastify's inject (no sockets needed), with a cookie jar per
 * client and a clock the test moves.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp, type Services } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createMailer } from '../src/mail/mailer';
import { createLogger } from '../src/platform/logger';
import { hashPassword } from '../src/platform/passwords';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestDatabase } from './test-db';

export class TestClock {
  private current = new Date('2026-03-02T09:00:00.000Z');
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * Every app a test worker starts is a process of one deployment, given one SECRETS_KEY as README tells operators
 * (else each would generate its own into its own DATA_DIR and refuse the others' secrets). Tests of the generated
 * key file pass `SECRETS_KEY: ''`.
 */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  database: Database;
  clock: TestClock;
  smtp: SmtpSink;
  dataDir: string;
  /** http://127.0.0.1:<port> when started with `listen`, for sockets and webhooks; '' otherwise. */
  baseUrl: string;
  /** A new browser; `from` is the client address the server sees (Fastify inject's remoteAddress). */
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
};

export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    listen?: boolean;
    port?: number;
    pollTimeoutSeconds?: number;
    databaseUrl?: string;
    liveSweepMs?: number;
    /** A database the test opened (and filled) itself; the app closes it with the rest. */
    database?: Database;
    /** Where the app logs (at info level, or `logLevel`), for tests that read the log. */
    logTo?: DestinationStream;
    logLevel?: string;
  } = {},
): Promise<TestApp> {
  // A second process of the same deployment opens the first one's database.
  const database =
    options.database ??
    (options.databaseUrl ? await openDatabase({ databaseUrl: options.databaseUrl }) : await createTestDatabase());
  const smtp = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
  const logger = options.logTo
    ? createLogger(options.logLevel ?? 'info', options.logTo)
    : createLogger(process.env.KC_TEST_LOG ?? 'silent');
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger });
  const clock = new TestClock();
  const { app, services, start } = await buildApp({
    config,
    database,
    logger,
    mailer,
    clock,
    telegramPollTimeoutSeconds: options.pollTimeoutSeconds ?? 1,
    liveSweepMs: options.liveSweepMs,
  });
  await app.ready();
  if (options.listen) await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  await start();
  const address = app.server.address();
  return {
    app,
    services,
    database,
    clock,
    smtp,
    dataDir,
    baseUrl: options.listen && address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : '',
    client: (clientOptions) => new TestClient(app, clientOptions),
    async close() {
      await app.close();
      mailer.close();
      await smtp.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two processes of one deployment — one PostgreSQL database, one Redis — both listening, for cross-process tests. */
export async function startTwoProcesses(
  redisUrl: string,
  options: { liveSweepMs?: number } = {},
): Promise<[TestApp, TestApp]> {
  const a = await startTestApp({ REDIS_URL: redisUrl }, { listen: true, ...options });
  const b = await startTestApp(
    { REDIS_URL: redisUrl },
    { listen: true, databaseUrl: (a.database as { url?: string }).url, ...options },
  );
  return [a, b];
}

export type Reply = {
  status: number;
  body: any;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; [k: string]: unknown }[];
};

export type ClientOptions = { from?: string };

/** One browser: keeps the cookies the server sets and sends them back. */
export class TestClient {
  private jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ClientOptions = {},
  ) {}

  cookie(name: string) {
    return this.jar.get(name);
  }
  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const raw = typeof body === 'string' || Buffer.isBuffer(body);
    const response = await this.app.inject({
      method,
      url: `/api${url}`,
      ...(this.options.from ? { remoteAddress: this.options.from } : {}),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : raw ? (body as string | Buffer) : JSON.stringify(body),
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires as Date) <= new Date(0 + 1))) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown = response.body;
    try {
      parsed = response.json();
    } catch {
      /* not JSON */
    }
    return {
      status: response.statusCode,
      body: parsed,
      headers: response.headers,
      cookies: response.cookies as Reply['cookies'],
    };
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body: unknown = {}, headers?: Record<string, string>) => this.request('PUT', url, body, headers);
  del = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);
  /** A multipart POST, encoded the way a browser sends a FormData. */
  postForm = async (url: string, form: FormData) => {
    const encoded = new Request('http://localhost', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.request('POST', url, body, { 'content-type': encoded.headers.get('content-type')! });
  };
}

export const STRONG_PASSWORD = 'Sup3r-Secret!';

let counter = 0;
/** A unique e-mail address per call, so tests in one database never collide. */
export const uniqueEmail = (who = 'user') => `${who}.${Date.now().toString(36)}.${++counter}@example.test`;

/** A company with its admin and first department, created through the services (the HTTP flow has its own tests). */
export async function seedCompany(t: TestApp, options: { name?: string } = {}) {
  const { services } = t;
  const now = t.clock.now();
  const company = await services.companies.create({
    name: options.name ?? 'Acme Support',
    phone: '+44 20 7946 0000',
    email: uniqueEmail('company'),
    country: 'GB',
    createdAt: now,
  });
  const department = await services.departments.create(company.id, 'General');
  const passwordHash = await hashPassword(STRONG_PASSWORD);
  const adminEmail = uniqueEmail('admin');
  const admin = await services.agents.create({
    companyId: company.id,
    email: adminEmail,
    passwordHash,
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    departmentId: department.id,
    createdAt: now,
  });
  const adminClient = t.client();
  await login(adminClient, adminEmail, STRONG_PASSWORD);

  async function addAgent(
    options: { role?: 'agent' | 'moderator' | 'admin'; departmentId?: string; firstName?: string } = {},
  ) {
    const email = uniqueEmail('agent');
    const user = await services.agents.create({
      companyId: company.id,
      email,
      passwordHash,
      firstName: options.firstName ?? 'Bob',
      lastName: 'Agent',
      role: options.role ?? 'agent',
      departmentId: options.departmentId ?? department.id,
      createdAt: t.clock.now(),
    });
    const client = t.client();
    await login(client, email, STRONG_PASSWORD);
    return { user, email, client };
  }

  return { company, department, admin, adminEmail, adminClient, addAgent };
}

export async function login(client: TestClient, email: string, password: string) {
  const reply = await client.post('/auth/login', { email, password });
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
}

export { freePort } from './net';

/** Polls `check` until it returns something truthy (or throws its last error after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError ?? new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
