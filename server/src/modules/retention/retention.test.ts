/**
 * Data retention through the real app: the dry run an admin sees equals what the sweep then deletes, and the sweep
 * deletes only what is past its company's setting, once, however many sweeps run.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { RETENTION_MESSAGES, type RetentionPreview } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessLocks } from '../../db/locks';
import { messages, notifications, tickets } from '../../db/schema';
import { login, seedCompany, startTestApp, STRONG_PASSWORD, type TestApp } from '../../../test/harness';
import { createLogger } from '../../platform/logger';
import { monthsBefore } from './months';
import { createRetentionSweeper } from './retention.sweeper';

const DAY = 86_400_000;
const logger = createLogger('silent');

let t: TestApp;
let home: Awaited<ReturnType<typeof seedCompany>>;
let rival: Awaited<ReturnType<typeof seedCompany>>;
let png: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  home = await newCompany('Home');
  rival = await newCompany('Rival');
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(async () => t?.close());

type Company = typeof home;

const companies: Company[] = [];
async function newCompany(name: string) {
  const seeded = await seedCompany(t, { name });
  companies.push(seeded);
  return seeded;
}

/** Moves the clock on by days; the admins' sessions (hours long) have expired by then, so they log in again. */
async function travel(days: number) {
  t.clock.advance(days * DAY);
  for (const c of companies) await login(c.adminClient, c.adminEmail, STRONG_PASSWORD);
}
type Opened = { ticketId: string; clientRef: string; fileKeys: string[] };

/** A Telegram client writes (intake), with `files` pictures after the text; the ticket stays open. */
async function clientWrites(company: Company, options: { files?: number; clientRef?: string } = {}): Promise<Opened> {
  const clientRef = options.clientRef ?? randomUUID();
  const origin = {
    companyId: company.company.id,
    platform: 'telegram' as const,
    channelRef: 'test-bot',
    client: { externalId: clientRef, name: `Client ${clientRef.slice(0, 4)}`, language: 'en' },
  };
  const first = await t.services.intake.receive(origin, {
    externalId: randomUUID(),
    sentAt: t.clock.now(),
    content: { type: 'text', text: 'Hello, my order is late' },
  });
  if (first.outcome !== 'appended') throw new Error(`intake answered ${first.outcome}`);
  const fileKeys: string[] = [];
  for (let i = 0; i < (options.files ?? 0); i++) {
    const stored = await t.services.storage.save(company.company.id, png, `photo-${i}.png`, {
      source: { kind: 'channel', platform: 'telegram', channelRef: 'test-bot', senderId: clientRef },
      types: 'chat',
    });
    fileKeys.push(stored.key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : []));
    await t.services.intake.receive(origin, {
      externalId: randomUUID(),
      sentAt: t.clock.now(),
      content: {
        type: 'image',
        caption: null,
        file: { key: stored.key, name: stored.name, size: stored.size, thumbnailKey: stored.thumbnailKey },
      },
    });
  }
  return { ticketId: first.ticketId, clientRef, fileKeys };
}

/** The company's admin accepts and closes the ticket now. */
async function close(company: Company, ticketId: string) {
  await company.adminClient.post('/acceptTicket', { ticketid: ticketId });
  const closed = await company.adminClient.post('/close-ticket', { ticketid: ticketId });
  expect(closed.status).toBe(200);
}

async function closedTicket(company: Company, options: { files?: number } = {}) {
  const opened = await clientWrites(company, options);
  await close(company, opened.ticketId);
  return opened;
}

/** What the database holds of these tickets: their messages, files among them and those files' bytes. */
async function held(ticketIds: string[]): Promise<Omit<RetentionPreview, 'closedBefore'>> {
  const rows = await t.database.db
    .select({ filePath: messages.filePath, fileSize: messages.fileSize })
    .from(messages)
    .where(inArray(messages.ticketId, ticketIds));
  const files = rows.filter((r) => r.filePath !== null);
  return {
    tickets: ticketIds.length,
    messages: rows.length,
    files: files.length,
    bytes: files.reduce((sum, r) => sum + (r.fileSize ?? 0), 0),
  };
}

const messageCount = async (ticketId: string) =>
  (await t.database.db.select({ n: count() }).from(messages).where(eq(messages.ticketId, ticketId)))[0]!.n;
const ticketRow = async (ticketId: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
const stored = async (companyId: string, key: string) => (await t.services.storage.open(companyId, key)) !== undefined;
const without = ({ closedBefore: _, ...counts }: RetentionPreview) => counts;

describe('data retention', () => {
  it('is off by default: no months, nothing to delete, and a sweep deletes nothing', async () => {
    const old = await closedTicket(home, { files: 1 });
    await travel(400);
    const read = await home.adminClient.get('/retention');
    expect(read).toMatchObject({
      status: 200,
      body: { months: null, preview: { tickets: 0, messages: 0, files: 0, bytes: 0, closedBefore: null } },
    });
    const swept = await t.services.retentionSweeper.sweepOnce();
    expect(swept.tickets).toBe(0);
    expect(await messageCount(old.ticketId)).toBeGreaterThan(0);
    expect((await ticketRow(old.ticketId)).purgedAt).toBeNull();
    for (const key of old.fileKeys) expect(await stored(home.company.id, key)).toBe(true);
  });

  it('deletes what the dry run counted: only closed tickets of that company closed longer ago than the setting', async () => {
    // Seven months ago: one ticket with two pictures, one the client has since reopened; the rival's own.
    const old = await closedTicket(home, { files: 2 });
    const reopened = await closedTicket(home);
    const rivals = await closedTicket(rival, { files: 1 });
    await travel(95);
    // Four months ago.
    const recent = await closedTicket(home, { files: 1 });
    await travel(60);
    await clientWrites(home, { clientRef: reopened.clientRef });
    expect((await ticketRow(reopened.ticketId)).stage).toBe('pending');
    await travel(60);
    // The rival keeps its messages for a year: its seven-month-old ticket is not due.
    expect((await rival.adminClient.put('/retention', { months: 12 })).status).toBe(200);

    const expected = await held([old.ticketId]);
    expect(expected).toMatchObject({ messages: expect.any(Number), files: 2 });
    expect(expected.bytes).toBe(2 * png.length);
    // The first test's ticket, a year and more old, is due as well.
    const all = (await home.adminClient.get('/retention')).body;
    expect(all.months).toBeNull();

    const saved = await home.adminClient.put('/retention', { months: 6 });
    expect(saved.status).toBe(200);
    expect(saved.body.months).toBe(6);
    const dueTickets = (
      await t.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, home.company.id))
    )
      .map((r) => r.id)
      .filter((id) => id !== recent.ticketId && id !== reopened.ticketId);
    const due = await held(dueTickets);
    expect(without(saved.body.preview)).toEqual(due);
    expect(saved.body.preview.closedBefore).toBe(monthsBefore(t.clock.now(), 6).toISOString());
    // The same value typed, not saved, answers the same; three months would take the four-month-old ticket too.
    expect((await home.adminClient.get('/retention/preview?months=6')).body).toEqual(saved.body.preview);
    const three = (await home.adminClient.get('/retention/preview?months=3')).body;
    expect(without(three)).toEqual(await held([...dueTickets, recent.ticketId]));

    const swept = await t.services.retentionSweeper.sweepOnce();
    expect(swept).toEqual(due);

    for (const id of dueTickets) {
      expect(await messageCount(id)).toBe(0);
      const row = await ticketRow(id);
      expect(row.purgedAt).toEqual(t.clock.now());
      // The row keeps what the statistics read.
      expect(row.stage).toBe('closed');
      expect(row.closedAt).not.toBeNull();
    }
    for (const key of old.fileKeys) expect(await stored(home.company.id, key)).toBe(false);
    expect(await t.database.db.select().from(notifications).where(inArray(notifications.ticketId, dueTickets))).toEqual(
      [],
    );
    // Untouched: the recent ticket, the reopened one, the rival's.
    for (const kept of [recent, reopened]) expect(await messageCount(kept.ticketId)).toBeGreaterThan(0);
    for (const key of recent.fileKeys) expect(await stored(home.company.id, key)).toBe(true);
    expect(await messageCount(rivals.ticketId)).toBeGreaterThan(0);
    for (const key of rivals.fileKeys) expect(await stored(rival.company.id, key)).toBe(true);
    expect((await ticketRow(rivals.ticketId)).purgedAt).toBeNull();

    // Nothing is left to do: the dry run says so and a second sweep deletes nothing.
    expect(without((await home.adminClient.get('/retention')).body.preview)).toEqual({
      tickets: 0,
      messages: 0,
      files: 0,
      bytes: 0,
    });
    expect(await t.services.retentionSweeper.sweepOnce()).toEqual({ tickets: 0, messages: 0, files: 0, bytes: 0 });

    // A purged ticket still reads everywhere: its empty chat, the admin table, the response times.
    const chat = await home.adminClient.get(`/${old.ticketId}/0/chat`);
    expect(chat.status).toBe(200);
    expect(chat.body.sections).toEqual([]);
    const table = await home.adminClient.get('/get-tickets?stage=closed');
    expect(table.status).toBe(200);
    expect(JSON.stringify(table.body)).toContain(old.ticketId);
    const times = await home.adminClient.get('/get-response-times?from=2026-01-01&to=2026-12-31');
    expect(times.status).toBe(200);

    // The client of a purged ticket writes again: it reopens with the new message, no longer marked purged, and
    // once closed long enough its new messages go too.
    await clientWrites(home, { clientRef: old.clientRef });
    const back = await ticketRow(old.ticketId);
    expect(back.stage).toBe('pending');
    expect(back.purgedAt).toBeNull();
    expect(await messageCount(old.ticketId)).toBeGreaterThan(0);
    await close(home, old.ticketId);
    expect((await t.services.retentionSweeper.sweepOnce()).tickets).toBe(0);
    await travel(190);
    const later = await t.services.retentionSweeper.sweepOnce();
    expect(later.tickets).toBeGreaterThanOrEqual(1);
    expect(await messageCount(old.ticketId)).toBe(0);
  });

  it('two sweeps at once delete each ticket once, with the leader lock and, without it, by the row locks', async () => {
    const racing = await newCompany('Racing');
    expect((await racing.adminClient.put('/retention', { months: 1 })).status).toBe(200);
    const sweeper = () =>
      createRetentionSweeper({
        db: t.database.db,
        clock: t.clock,
        locks: t.database.locks,
        companies: t.services.companies,
        storage: t.services.storage,
        logger,
      });
    // No leader lock at all: every sweep may run, and only the row locks keep them apart.
    const unlocked = () =>
      createRetentionSweeper({
        db: t.database.db,
        clock: t.clock,
        locks: { tryAcquire: async () => ({ release: async () => {}, lost: false }) },
        companies: t.services.companies,
        storage: t.services.storage,
        logger,
      });
    for (const make of [sweeper, unlocked]) {
      const opened = [];
      for (let i = 0; i < 5; i++) opened.push(await closedTicket(racing, { files: 1 }));
      await travel(40);
      const ids = opened.map((o) => o.ticketId);
      const expected = await held(ids);
      const results = await Promise.all([make().sweepOnce(), make().sweepOnce(), make().sweepOnce()]);
      const sum = results.reduce(
        (a, r) => ({
          tickets: a.tickets + r.tickets,
          messages: a.messages + r.messages,
          files: a.files + r.files,
          bytes: a.bytes + r.bytes,
        }),
        { tickets: 0, messages: 0, files: 0, bytes: 0 },
      );
      // Other companies' due tickets may be among them (this world's clock moved on): this company's are counted.
      expect(sum.tickets).toBeGreaterThanOrEqual(expected.tickets);
      for (const id of ids) expect(await messageCount(id)).toBe(0);
      for (const o of opened) for (const key of o.fileKeys) expect(await stored(racing.company.id, key)).toBe(false);
      const purged = await t.database.db.select({ at: tickets.purgedAt }).from(tickets).where(inArray(tickets.id, ids));
      expect(purged.every((r) => r.at !== null)).toBe(true);
    }
  });

  it('the leader lock keeps a second sweep out while one runs', async () => {
    const locks = inProcessLocks();
    const taken = await locks.tryAcquire('retention-sweep');
    const blocked = createRetentionSweeper({
      db: t.database.db,
      clock: t.clock,
      locks,
      companies: t.services.companies,
      storage: t.services.storage,
      logger,
    });
    const locked = await newCompany('Locked');
    expect((await locked.adminClient.put('/retention', { months: 1 })).status).toBe(200);
    const opened = await closedTicket(locked);
    await travel(40);
    expect((await blocked.sweepOnce()).tickets).toBe(0);
    expect(await messageCount(opened.ticketId)).toBeGreaterThan(0);
    await taken!.release();
    expect((await blocked.sweepOnce()).tickets).toBeGreaterThanOrEqual(1);
    expect(await messageCount(opened.ticketId)).toBe(0);
  });

  it('switched off again, nothing more is deleted', async () => {
    const switching = await newCompany('Switching');
    expect((await switching.adminClient.put('/retention', { months: 1 })).status).toBe(200);
    expect((await switching.adminClient.put('/retention', { months: null })).body).toEqual({
      months: null,
      preview: { tickets: 0, messages: 0, files: 0, bytes: 0, closedBefore: null },
    });
    const opened = await closedTicket(switching);
    await travel(400);
    await t.services.retentionSweeper.sweepOnce();
    expect(await messageCount(opened.ticketId)).toBeGreaterThan(0);
  });

  it('refuses months outside 1–120 with the contract message, and is for admins of the caller’s own company', async () => {
    for (const months of [0, 121, 1.5, '6', -1]) {
      const reply = await home.adminClient.put('/retention', { months });
      expect({ months, status: reply.status, body: reply.body }).toEqual({
        months,
        status: 400,
        body: { message: RETENTION_MESSAGES.months },
      });
    }
    for (const query of ['months=0', 'months=121', 'months=six', 'months=2.5', '']) {
      const reply = await home.adminClient.get(`/retention/preview?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
    }
    const agent = await home.addAgent();
    const moderator = await home.addAgent({ role: 'moderator' });
    for (const c of [agent.client, moderator.client]) {
      expect((await c.get('/retention')).status).toBe(403);
      expect((await c.get('/retention/preview?months=6')).status).toBe(403);
      expect((await c.put('/retention', { months: 1 })).status).toBe(403);
    }
    expect((await t.client().get('/retention')).status).toBe(401);
    // Each admin reads and sets their own company's setting only.
    expect((await home.adminClient.put('/retention', { months: 24 })).status).toBe(200);
    expect((await rival.adminClient.get('/retention')).body.months).toBe(12);
    expect((await rival.adminClient.put('/retention', { months: 3 })).status).toBe(200);
    expect((await home.adminClient.get('/retention')).body.months).toBe(24);
  });
});
