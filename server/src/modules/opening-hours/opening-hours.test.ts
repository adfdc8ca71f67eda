import {
  DEFAULT_SCHEDULE,
  DEFAULT_TARGETS,
  EMPTY_WEEK,
  INTERVAL_END_BEFORE_START,
  INTERVALS_OVERLAP,
  INVALID_TIME_ZONE,
  isOpenAt,
  type DepartmentHoursBody,
} from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { createCompanyService } from '../companies';
import { createDepartmentService } from '../departments';
import { createHoursReader } from './hours-reader';
import { createOpeningHoursService } from './opening-hours.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const officeHours: DepartmentHoursBody = {
  always_open: false,
  week: {
    ...EMPTY_WEEK,
    mon: [
      { from: '09:00', to: '12:30' },
      { from: '13:30', to: '17:00' },
    ],
    tue: [{ from: '09:00', to: '17:00' }],
    fri: [{ from: '22:00', to: '24:00' }],
    sat: [{ from: '00:00', to: '02:00' }],
  },
  special_dates: [{ date: '2026-12-25', name: 'Christmas', yearly: true, intervals: [] }],
  first_response_min: 15,
  next_response_min: 60,
  still_waiting_min: 5,
};

const defaultsOf = (departmentid: string, department_name: string) => ({
  departmentid,
  department_name,
  ...DEFAULT_SCHEDULE,
  ...DEFAULT_TARGETS,
});

describe('opening hours', () => {
  it('answers every member the zone and each live department, unset ones 24/7 without targets', async () => {
    const home = await seedCompany(t);
    const billing = (await home.adminClient.post('/admin/create-department', { department_name: 'Billing' })).body
      .departmentid as string;
    const gone = (await home.adminClient.post('/admin/create-department', { department_name: 'Gone' })).body
      .departmentid as string;
    expect((await home.adminClient.post('/admin/delete-department', { departmentid: gone })).status).toBe(200);
    const agent = await home.addAgent();

    const expected = {
      time_zone: 'UTC',
      departments: [defaultsOf(home.department.id, 'General'), defaultsOf(billing, 'Billing')],
    };
    expect(await agent.client.get('/opening-hours')).toMatchObject({ status: 200, body: expected });
    expect((await home.adminClient.get('/opening-hours')).body).toEqual(expected);
    expect((await t.client().get('/opening-hours')).status).toBe(401);
  });

  it('stores a department’s schedule and the zone, answering the whole page each time', async () => {
    const { adminClient, department, addAgent } = await seedCompany(t);
    const saved = await adminClient.put(`/opening-hours/${department.id}`, officeHours);
    expect(saved).toMatchObject({
      status: 200,
      body: { time_zone: 'UTC', departments: [{ departmentid: department.id, ...officeHours }] },
    });
    const zoned = await adminClient.put('/opening-hours/time-zone', { time_zone: 'Europe/Amsterdam' });
    expect(zoned).toMatchObject({ status: 200, body: { time_zone: 'Europe/Amsterdam' } });
    expect(zoned.body.departments[0]).toEqual({
      departmentid: department.id,
      department_name: 'General',
      ...officeHours,
    });

    // A second save replaces the first whole (an upsert, not a second row).
    const again = { ...officeHours, always_open: true, special_dates: [], first_response_min: null };
    expect((await adminClient.put(`/opening-hours/${department.id}`, again)).status).toBe(200);
    const { client } = await addAgent();
    expect((await client.get('/opening-hours')).body).toEqual({
      time_zone: 'Europe/Amsterdam',
      departments: [{ departmentid: department.id, department_name: 'General', ...again }],
    });
  });

  it('refuses invalid schedules and zones with the contract’s message', async () => {
    const { adminClient, department } = await seedCompany(t);
    const put = (week: Partial<DepartmentHoursBody['week']>) =>
      adminClient.put(`/opening-hours/${department.id}`, { ...officeHours, week: { ...EMPTY_WEEK, ...week } });
    expect(
      await put({
        wed: [
          { from: '09:00', to: '12:00' },
          { from: '11:00', to: '13:00' },
        ],
      }),
    ).toMatchObject({ status: 400, body: { message: INTERVALS_OVERLAP } });
    expect(await put({ thu: [{ from: '17:00', to: '09:00' }] })).toMatchObject({
      status: 400,
      body: { message: INTERVAL_END_BEFORE_START },
    });
    expect(await put({ thu: [{ from: '9:00', to: '17:00' }] })).toMatchObject({
      status: 400,
      body: { message: 'Use the form HH:MM' },
    });
    expect(await adminClient.put('/opening-hours/time-zone', { time_zone: 'Mars/Olympus_Mons' })).toMatchObject({
      status: 400,
      body: { message: INVALID_TIME_ZONE },
    });
    expect((await adminClient.put('/opening-hours/not-a-uuid', officeHours)).status).toBe(400);
    // Nothing was stored by the refused calls.
    expect((await adminClient.get('/opening-hours')).body).toEqual({
      time_zone: 'UTC',
      departments: [defaultsOf(department.id, 'General')],
    });
  });

  it('keeps companies apart and lets only admins change anything', async () => {
    const home = await seedCompany(t, { name: 'Home' });
    const rival = await seedCompany(t, { name: 'Rival' });
    expect((await home.adminClient.put(`/opening-hours/${home.department.id}`, officeHours)).status).toBe(200);
    expect((await home.adminClient.put('/opening-hours/time-zone', { time_zone: 'Asia/Tokyo' })).status).toBe(200);

    const foreign = await rival.adminClient.put(`/opening-hours/${home.department.id}`, {
      ...DEFAULT_SCHEDULE,
      ...DEFAULT_TARGETS,
    });
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Department not found!' } });
    expect((await rival.adminClient.get('/opening-hours')).body).toEqual({
      time_zone: 'UTC',
      departments: [defaultsOf(rival.department.id, 'General')],
    });

    const { client: agent } = await home.addAgent();
    const { client: moderator } = await home.addAgent({ role: 'moderator' });
    for (const c of [agent, moderator]) {
      expect(await c.put(`/opening-hours/${home.department.id}`, officeHours)).toMatchObject({
        status: 403,
        body: { message: 'You are not allowed to do this' },
      });
      expect((await c.put('/opening-hours/time-zone', { time_zone: 'UTC' })).status).toBe(403);
    }
    const stored = (await home.adminClient.get('/opening-hours')).body;
    expect(stored.time_zone).toBe('Asia/Tokyo');
    expect(stored.departments[0]).toMatchObject(officeHours);
  });

  it('answers 404 for a deleted department', async () => {
    const { adminClient } = await seedCompany(t);
    const id = (await adminClient.post('/admin/create-department', { department_name: 'Old' })).body.departmentid;
    expect((await adminClient.post('/admin/delete-department', { departmentid: id })).status).toBe(200);
    expect(await adminClient.put(`/opening-hours/${id}`, officeHours)).toMatchObject({
      status: 404,
      body: { message: 'Department not found!' },
    });
  });
});

describe('the hours reader', () => {
  it('sees this process’s changes at once and another process’s after its TTL', async () => {
    const { company, department, adminClient } = await seedCompany(t);
    const reader = t.services.hours;
    const before = await reader.department(company.id, department.id);
    expect(before).toEqual({ zoned: { timeZone: 'UTC', schedule: DEFAULT_SCHEDULE }, targets: DEFAULT_TARGETS });

    // This process's PUT: the next read already has it.
    expect((await adminClient.put(`/opening-hours/${department.id}`, officeHours)).status).toBe(200);
    const after = await reader.department(company.id, department.id);
    expect(after.zoned.schedule.week.mon).toEqual(officeHours.week.mon);
    expect(after.targets).toEqual({ first_response_min: 15, next_response_min: 60, still_waiting_min: 5 });
    // Friday 2026-03-06 23:00 UTC falls in the late interval.
    expect(isOpenAt(after.zoned, new Date('2026-03-06T23:00:00Z'))).toBe(true);

    // Another process (its own reader and service over the same database) changes the zone and the hours.
    const db = t.database.db;
    const elsewhere = createOpeningHoursService({
      db,
      clock: t.clock,
      companies: createCompanyService({ db }),
      departments: createDepartmentService({ db, clock: t.clock }),
      hours: createHoursReader({ db, clock: t.clock }),
    });
    await elsewhere.setTimeZone(company.id, 'America/New_York');
    await elsewhere.setDepartment(company.id, department.id, { ...officeHours, still_waiting_min: 30 });
    t.clock.advance(9_000);
    const cached = await reader.company(company.id);
    expect(cached.timeZone).toBe('UTC');
    expect(cached.departments.get(department.id)?.targets.still_waiting_min).toBe(5);
    t.clock.advance(1_000);
    const fresh = await reader.company(company.id);
    expect(fresh.timeZone).toBe('America/New_York');
    expect(fresh.departments.get(department.id)).toEqual({
      zoned: { timeZone: 'America/New_York', schedule: expect.objectContaining({ always_open: false }) },
      targets: { first_response_min: 15, next_response_min: 60, still_waiting_min: 30 },
    });
  });

  it('answers an unknown or deleted department as open 24/7 in the company’s zone', async () => {
    const { company, adminClient } = await seedCompany(t);
    await adminClient.put('/opening-hours/time-zone', { time_zone: 'Europe/Amsterdam' });
    const unknown = await t.services.hours.department(company.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown).toEqual({
      zoned: { timeZone: 'Europe/Amsterdam', schedule: DEFAULT_SCHEDULE },
      targets: DEFAULT_TARGETS,
    });
  });

  it('reads inside a caller’s transaction without waiting for that transaction to end', async () => {
    const { company, department, adminClient } = await seedCompany(t);
    await adminClient.put('/opening-hours/time-zone', { time_zone: 'Europe/Amsterdam' });
    const reader = createHoursReader({ db: t.database.db, clock: t.clock });
    const { inside, outside } = await t.database.db.transaction(async (tx) => {
      // A read outside, begun first: on PGlite (one connection) it waits for this transaction to end, so the
      // caller's own read must neither join it nor go outside.
      const outside = reader.company(company.id);
      const inside = await reader.department(company.id, department.id, tx);
      return { inside, outside };
    });
    expect(inside.zoned.timeZone).toBe('Europe/Amsterdam');
    expect((await outside).timeZone).toBe('Europe/Amsterdam');
  });

  it('keeps at most its bound of companies, dropping the one read longest ago', async () => {
    const a = await seedCompany(t);
    const b = await seedCompany(t);
    const reader = createHoursReader({ db: t.database.db, clock: t.clock, ttlMs: 60_000, maxCompanies: 1 });
    await reader.company(a.company.id);
    await a.adminClient.put('/opening-hours/time-zone', { time_zone: 'Asia/Tokyo' });
    expect((await reader.company(a.company.id)).timeZone).toBe('UTC'); // cached (another reader's PUT)
    await reader.company(b.company.id); // pushes a out
    expect((await reader.company(a.company.id)).timeZone).toBe('Asia/Tokyo');
  });
});
