import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_WEEK, type ResponseTimesResponse } from '@kreechat/contract';
import { clients, companies, departments, departmentSettings, tickets } from '../../db/schema';
import { login, seedCompany, startTestApp, STRONG_PASSWORD, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Seeded = Awaited<ReturnType<typeof seedCompany>>;
const MINUTE = 60_000;

/** A ticket as the statistics read it, written directly with its own times. */
async function addTicket(
  home: Seeded,
  departmentId: string,
  at: string,
  options: { workSec?: number; closedAt?: string } = {},
) {
  const companyId = home.company.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({ companyId, shortId: Math.random().toString(36).slice(2, 10), name: 'Rae Client' })
    .returning();
  const createdAt = new Date(at);
  await t.database.db.insert(tickets).values({
    companyId,
    clientId: client!.id,
    departmentId,
    platform: 'telegram',
    stage: options.closedAt ? 'closed' : options.workSec === undefined ? 'pending' : 'accepted',
    createdAt,
    updatedAt: createdAt,
    closedAt: options.closedAt ? new Date(options.closedAt) : null,
    firstResponseAt: options.workSec === undefined ? null : new Date(createdAt.getTime() + options.workSec * 1000),
    firstResponseWorkSec: options.workSec ?? null,
  });
}

async function settings(home: Seeded, departmentId: string, firstResponseMin: number, workdays?: boolean) {
  const day = [{ from: '09:00', to: '17:00' }];
  await t.database.db.insert(departmentSettings).values({
    departmentId,
    companyId: home.company.id,
    alwaysOpen: !workdays,
    week: workdays ? { ...EMPTY_WEEK, mon: day, tue: day, wed: day, thu: day, fri: day } : EMPTY_WEEK,
    specialDates: [],
    firstResponseMin,
  });
}

const byName = (body: ResponseTimesResponse) => new Map(body.departments.map((d) => [d.department_name, d]));

describe('first-response statistics', () => {
  it('per department over whole days of the company zone: median, p90, target and the share within it', async () => {
    const home = await seedCompany(t, { name: 'Stats Co' });
    await t.database.db
      .update(companies)
      .set({ timeZone: 'Europe/Amsterdam' })
      .where(eq(companies.id, home.company.id));
    await t.database.db.update(departments).set({ name: 'Sales' }).where(eq(departments.id, home.department.id));
    const sales = home.department.id;
    const support = (await t.services.departments.create(home.company.id, 'Support')).id;
    const billing = (await t.services.departments.create(home.company.id, 'Billing')).id;
    const gone = (await t.services.departments.create(home.company.id, 'Gone')).id;
    await settings(home, sales, 10);
    // Support works weekdays 09:00–17:00 Amsterdam time (UTC+2 in May); Billing has no settings: no target.
    await settings(home, support, 60, true);

    // Now: Tuesday 2026-05-05, 09:20 in Amsterdam.
    t.clock.advance(new Date('2026-05-05T07:20:00Z').getTime() - t.clock.now().getTime());
    await login(home.adminClient, home.adminEmail, STRONG_PASSWORD);

    // Sales (always open, target 10 min). 00:30 on 4 May in Amsterdam is inside the period, 23:30 on 3 May is not.
    await addTicket(home, sales, '2026-05-03T22:30:00Z', { workSec: 60 });
    await addTicket(home, sales, '2026-05-03T21:30:00Z', { workSec: 5000 });
    for (const [i, workSec] of [120, 300, 600, 900].entries()) {
      await addTicket(home, sales, `2026-05-04T0${i + 1}:00:00Z`, { workSec });
    }
    await addTicket(home, sales, '2026-05-05T06:00:00Z'); // waiting 80 min: a miss
    await addTicket(home, sales, '2026-05-05T07:15:00Z'); // waiting 5 min: not decided yet
    await addTicket(home, sales, '2026-05-04T09:00:00Z', { closedAt: '2026-05-04T09:05:00Z' }); // closed in time
    await addTicket(home, sales, '2026-05-04T10:00:00Z', { closedAt: '2026-05-04T11:00:00Z' }); // closed late: a miss

    // Support (target 60 working minutes). Since Monday 16:30: 30 min Monday + 20 min today, the night skipped.
    await addTicket(home, support, '2026-05-04T14:30:00Z');
    // Since Monday 15:00: 2 h + 20 min, a miss.
    await addTicket(home, support, '2026-05-04T13:00:00Z');
    await addTicket(home, support, '2026-05-04T08:00:00Z', { workSec: 1800 });

    await addTicket(home, billing, '2026-05-04T12:00:00Z', { workSec: 100 });
    await addTicket(home, gone, '2026-05-04T12:00:00Z', { workSec: 100 });
    await t.database.db.update(departments).set({ deletedAt: t.clock.now() }).where(eq(departments.id, gone));

    const reply = await home.adminClient.get('/get-response-times?from=2026-05-04&to=2026-05-05');
    expect(reply.status).toBe(200);
    const body = reply.body as ResponseTimesResponse;
    expect(body.time_zone).toBe('Europe/Amsterdam');
    expect(body.departments.map((d) => d.department_name)).toEqual(['Sales', 'Support', 'Billing']);
    const rows = byName(body);
    expect(rows.get('Sales')).toEqual({
      departmentid: sales,
      department_name: 'Sales',
      tickets: 9,
      answered: 5,
      median_sec: 300,
      // percentile_cont over 60, 120, 300, 600, 900: 600 + 0.6 × 300.
      p90_sec: 780,
      target_min: 10,
      // 60, 120, 300 and 600 s within 10 min, of 5 answered + 2 missed.
      within_target: 4 / 7,
    });
    expect(rows.get('Support')).toMatchObject({
      tickets: 3,
      answered: 1,
      median_sec: 1800,
      p90_sec: 1800,
      target_min: 60,
      within_target: 0.5,
    });
    expect(rows.get('Billing')).toMatchObject({
      tickets: 1,
      answered: 1,
      median_sec: 100,
      target_min: null,
      within_target: null,
    });

    // Later the same day Support's newest ticket has waited past its hour as well.
    t.clock.advance(15 * MINUTE);
    const later = byName((await home.adminClient.get('/get-response-times?from=2026-05-04&to=2026-05-05')).body);
    expect(later.get('Support')?.within_target).toBe(1 / 3);

    // A day without tickets: counts of zero, no percentiles, nothing decided.
    const empty = byName((await home.adminClient.get('/get-response-times?from=2026-05-06&to=2026-05-06')).body);
    expect(empty.get('Sales')).toMatchObject({
      tickets: 0,
      answered: 0,
      median_sec: null,
      p90_sec: null,
      within_target: null,
    });
  });

  it('refuses bad periods with 400, agents and moderators with 403, and shows another company only its own', async () => {
    const home = await seedCompany(t, { name: 'Home Co' });
    await addTicket(home, home.department.id, t.clock.now().toISOString(), { workSec: 42 });
    const other = await seedCompany(t, { name: 'Other Co' });
    const day = t.clock.now().toISOString().slice(0, 10);

    for (const query of [
      '',
      `?from=${day}`,
      '?from=2026-05-10&to=2026-05-09',
      '?from=2025-01-01&to=2026-05-09',
      '?from=2026-02-30&to=2026-03-01',
      `?from=${day}&to=${day}&department=x`,
    ]) {
      const reply = await home.adminClient.get(`/get-response-times${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toEqual(expect.any(String));
    }

    for (const role of ['agent', 'moderator'] as const) {
      const member = await home.addAgent({ role });
      expect((await member.client.get(`/get-response-times?from=${day}&to=${day}`)).status).toBe(403);
    }
    expect((await t.client().get(`/get-response-times?from=${day}&to=${day}`)).status).toBe(401);

    const theirs = await other.adminClient.get(`/get-response-times?from=${day}&to=${day}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.departments).toEqual([
      expect.objectContaining({ departmentid: other.department.id, tickets: 0, answered: 0 }),
    ]);
    const ours = await home.adminClient.get(`/get-response-times?from=${day}&to=${day}`);
    expect(ours.body.departments).toEqual([
      expect.objectContaining({ departmentid: home.department.id, tickets: 1, median_sec: 42 }),
    ]);
  });
});
