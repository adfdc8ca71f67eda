/**
 * `npm run demo`'s seed on a fresh database, through buildServices as the script runs it: the first screen is a
 * working desk (several channels, days of history, every stage, unread messages, pins), nothing is queued for a
 * channel, and a second run changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workingMs, type OpeningHours, type Ticket } from '@kreechat/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { clientIdentities, messages, notifications, outbox, pinnedMessages, tickets } from '../src/db/schema';
import { createMailer } from '../src/mail/mailer';
import { createLogger } from '../src/platform/logger';
import { createDemoClock, DEMO_ADMIN_EMAIL, DEMO_AGENTS, DEMO_PASSWORD, seedDemo } from '../src/scripts/demo-seed';
import { login, startTestApp, TEST_SECRETS_KEY, type TestApp } from './harness';
import { createTestDatabase } from './test-db';

const DAY = 86_400_000;

describe('npm run demo: a working desk on a fresh database', () => {
  let database: Database;
  let dataDir: string;
  let t: TestApp;
  const started = Date.now();

  async function seedOnce() {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    const logger = createLogger('silent');
    const mailer = createMailer({ from: config.mailFrom, dataDir, logger });
    const clock = createDemoClock();
    const services = buildServices({ config, database, logger, mailer, clock });
    return seedDemo(services, database.db, clock);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-demo-'));
    expect(await seedOnce()).toEqual({ companyCreated: true, deskSeeded: true });
    // The app over the seeded database, as `npm start` would open it next.
    t = await startTestApp({}, { database });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => database.db;

  it('has pending, accepted, closed and rated tickets on three channels', async () => {
    const stages = await db().select({ stage: tickets.stage, n: count() }).from(tickets).groupBy(tickets.stage);
    const byStage = Object.fromEntries(stages.map((s) => [s.stage, Number(s.n)]));
    expect(byStage).toEqual({ pending: 4, accepted: 5, closed: 5 });

    const rated = await db()
      .select({ n: count() })
      .from(tickets)
      .where(sql`${tickets.rating} is not null`);
    expect(Number(rated[0]!.n)).toBeGreaterThanOrEqual(4);

    const platforms = await db().selectDistinct({ platform: tickets.platform }).from(tickets);
    expect(platforms.map((p) => p.platform).sort()).toEqual(['telegram', 'whatsapp', 'wordpress']);

    const identities = await db().select().from(clientIdentities);
    expect(identities).toHaveLength(14);
    for (const identity of identities) {
      if (identity.platform === 'telegram') expect(identity.externalId).toMatch(/^\d{9,10}$/);
      if (identity.platform === 'whatsapp') expect(identity.externalId).toMatch(/^\d{10,15}$/);
      if (identity.platform === 'wordpress') expect(identity.externalId).toMatch(/^[^@\s]+@[^@\s]+\.\w+$/);
    }
  });

  it('gives every ticket messages, spread over several days up to now', async () => {
    const perTicket = await db()
      .select({ ticketId: tickets.id, n: count(messages.id) })
      .from(tickets)
      .leftJoin(messages, eq(messages.ticketId, tickets.id))
      .groupBy(tickets.id);
    expect(perTicket).toHaveLength(14);
    for (const row of perTicket) expect(Number(row.n)).toBeGreaterThan(0);

    const times = (await db().select({ at: messages.createdAt }).from(messages)).map((m) => m.at.getTime());
    const days = new Set(times.map((ms) => Math.floor((started - ms) / DAY)));
    expect(days.size).toBeGreaterThanOrEqual(5);
    expect(Math.min(...times)).toBeGreaterThan(started - 6 * DAY);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });

  it('queues nothing for a channel: no outbox rows, agent messages already delivered', async () => {
    expect(await db().select().from(outbox)).toEqual([]);
    const agentStatuses = await db()
      .selectDistinct({ status: messages.deliveryStatus })
      .from(messages)
      .where(eq(messages.isAgent, true));
    expect(agentStatuses.map((s) => s.status).every((s) => ['sent', 'delivered', 'read'].includes(s))).toBe(true);
  });

  it('leaves unread client messages, pins and inbox entries for the agents', async () => {
    const pins = await db().select().from(pinnedMessages);
    expect(pins.length).toBeGreaterThanOrEqual(1);
    const inbox = await db().select().from(notifications);
    expect(inbox.some((n) => n.type === 'text' && !n.seen)).toBe(true);
    expect(inbox.some((n) => n.type === 'rating')).toBe(true);
  });

  it('shows the desk to the demo logins the script prints', async () => {
    const admin = t.client();
    await login(admin, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const open = (await admin.get('/tickets')).body as { stage: string }[];
    expect(open.filter((x) => x.stage === 'pending')).toHaveLength(4);
    expect(open.filter((x) => x.stage === 'accepted').length).toBe(5);

    // The admin's own reopened ticket: its chat spans days, so the day separators show.
    const mine = (await admin.get('/tickets')).body.find(
      (x: { client_name: string }) => x.client_name === 'Pieter van Dijk',
    ) as { ticketid: string; stage: string; user_name: string } | undefined;
    expect(mine).toMatchObject({ stage: 'accepted', user_name: 'Alex Morgan' });
    const chat = await admin.get(`/${mine!.ticketid}/0/chat`);
    expect(chat.status).toBe(200);
    expect((chat.body as { sections: unknown[] }).sections.length).toBeGreaterThanOrEqual(3);
    const pinned = await admin.get(`/${mine!.ticketid}/get-pinned-msg`);
    expect((pinned.body as unknown[]).length).toBe(1);

    const maria = t.client();
    await login(maria, DEMO_AGENTS[0]!.email, DEMO_PASSWORD);
    const hers = (await maria.get('/tickets')).body as { stage: string }[];
    expect(hers.some((x) => x.stage === 'accepted')).toBe(true);
    expect(hers.some((x) => x.stage === 'pending')).toBe(true);
  });

  it('has clients waiting against response targets: some cards plainly waiting, some due soon, some overdue', async () => {
    const admin = t.client();
    await login(admin, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const open = (await admin.get('/tickets')).body as Ticket[];
    const hours = (await admin.get('/opening-hours')).body as OpeningHours;
    const now = new Date();
    const tones = new Map<string, string>();
    for (const ticket of open) {
      if (!ticket.awaiting_since) continue;
      const department = hours.departments.find((d) => d.departmentid === ticket.departmentid)!;
      const target = ticket.first_response_on ? department.next_response_min : department.first_response_min;
      const waited = workingMs(
        { timeZone: hours.time_zone, schedule: department },
        new Date(ticket.awaiting_since),
        now,
      );
      const ratio = waited / (target! * 60_000);
      tones.set(ticket.client_name, ratio >= 1 ? 'late' : ratio >= 0.8 ? 'soon' : 'ok');
    }
    expect(Object.fromEntries(tones)).toEqual({
      'Olga Ivanova': 'soon',
      'Carlos Mendes': 'late',
      'Emma Clarke': 'ok',
      'Yuki Tanaka': 'late',
      'Pieter van Dijk': 'soon',
      'Ahmed Hassan': 'late',
      'Thabo Nkosi': 'ok',
      'Lucas Silva': 'late',
    });
    // Answered tickets carry their first response, for the targets' counts in the admin panel.
    const sophie = open.find((x) => x.client_name === 'Sophie Martin')!;
    expect(sophie).toMatchObject({ awaiting_since: null });
    expect(sophie.first_response_on).not.toBeNull();
  });

  it('changes nothing when run again', async () => {
    const before = await db().select({ n: count() }).from(messages);
    expect(await seedOnce()).toEqual({ companyCreated: false, deskSeeded: false });
    const after = await db().select({ n: count() }).from(messages);
    expect(after).toEqual(before);
    expect(await db().select().from(outbox)).toEqual([]);
  });
});
