import { DEFAULT_TARGETS, EMPTY_WEEK, type DepartmentHoursBody } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramBots, whatsappAccounts, wordpressTokens } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { pendingTicket } from '../../../test/live-world';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const officeHours: DepartmentHoursBody = {
  always_open: false,
  week: { ...EMPTY_WEEK, mon: [{ from: '09:00', to: '17:00' }] },
  special_dates: [],
  ...DEFAULT_TARGETS,
};

const nothingConnected = [
  { platform: 'telegram', connected: false, addresses: [] },
  { platform: 'whatsapp', connected: false, addresses: [] },
  { platform: 'wordpress', connected: false, addresses: [] },
];

describe('first-run checklist', () => {
  it('starts with every step open for a new company', async () => {
    const { adminClient } = await seedCompany(t);
    const status = await adminClient.get('/onboarding');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      channels: nothingConnected,
      steps: { channel: false, agent: false, hours: false, testMessage: false },
      dismissed: false,
    });
  });

  it('ticks each step from the company’s real state, with each channel’s address', async () => {
    const { company, department, adminClient, addAgent } = await seedCompany(t);
    const db = t.database.db;
    const id = company.id.slice(0, 8);
    await db.insert(telegramBots).values({
      companyId: company.id,
      botKey: `bot-${id}`,
      token: 'sealed',
      telegramBotId: 4242,
      username: 'fjord_help_bot',
      webhookSecret: 'secret',
    });
    await db.insert(whatsappAccounts).values([
      {
        companyId: company.id,
        wabaId: `waba-${id}`,
        phoneNumberId: `pn-${id}`,
        accessToken: 'sealed',
        displayPhoneNumber: '+47 22 00 00 00',
      },
    ]);
    // Two tokens for one site are one site.
    await db.insert(wordpressTokens).values(
      ['a', 'b'].map((k) => ({
        companyId: company.id,
        publicId: `wpt_${k}${id}`,
        name: k,
        secret: 'sealed',
        siteOrigin: 'https://fjord.example',
      })),
    );
    await addAgent();
    expect((await adminClient.put(`/opening-hours/${department.id}`, officeHours)).status).toBe(200);
    await pendingTicket(t, company.id, department.id);

    const status = await adminClient.get('/onboarding');
    expect(status.body).toEqual({
      channels: [
        { platform: 'telegram', connected: true, addresses: ['@fjord_help_bot'] },
        { platform: 'whatsapp', connected: true, addresses: ['+47 22 00 00 00'] },
        { platform: 'wordpress', connected: true, addresses: ['https://fjord.example'] },
      ],
      steps: { channel: true, agent: true, hours: true, testMessage: true },
      dismissed: false,
    });
  });

  it('does not tick hours for a department left open around the clock', async () => {
    const { department, adminClient } = await seedCompany(t);
    await adminClient.put(`/opening-hours/${department.id}`, { ...officeHours, always_open: true });
    expect((await adminClient.get('/onboarding')).body.steps.hours).toBe(false);
  });

  it('is dismissed per admin, and can be brought back', async () => {
    const { adminClient, addAgent } = await seedCompany(t);
    const other = await addAgent({ role: 'admin' });
    expect((await adminClient.post('/onboarding/dismiss', { dismissed: true })).status).toBe(200);
    expect((await adminClient.get('/onboarding')).body.dismissed).toBe(true);
    // The other admin still has theirs.
    expect((await other.client.get('/onboarding')).body.dismissed).toBe(false);
    expect((await adminClient.post('/onboarding/dismiss', { dismissed: false })).status).toBe(200);
    expect((await adminClient.get('/onboarding')).body.dismissed).toBe(false);
  });

  it('shows another company’s admin only their own company, and refuses agents, moderators and strangers', async () => {
    const busy = await seedCompany(t);
    await t.database.db.insert(telegramBots).values({
      companyId: busy.company.id,
      botKey: `bot-${busy.company.id.slice(0, 8)}`,
      token: 'sealed',
      telegramBotId: 77,
      username: 'busy_bot',
      webhookSecret: 'secret',
    });
    await busy.addAgent();
    await pendingTicket(t, busy.company.id, busy.department.id);

    const stranger = await seedCompany(t);
    expect((await stranger.adminClient.get('/onboarding')).body).toMatchObject({
      channels: nothingConnected,
      steps: { channel: false, agent: false, hours: false, testMessage: false },
    });
    // Dismissing names no user: another company's admin can only put their own list away.
    await stranger.adminClient.post('/onboarding/dismiss', { dismissed: true });
    expect((await busy.adminClient.get('/onboarding')).body.dismissed).toBe(false);

    for (const role of ['agent', 'moderator'] as const) {
      const { client } = await busy.addAgent({ role });
      expect((await client.get('/onboarding')).status).toBe(403);
      expect((await client.post('/onboarding/dismiss', { dismissed: true })).status).toBe(403);
    }
    expect((await t.client().get('/onboarding')).status).toBe(401);
  });

  it('refuses a body without a yes or no', async () => {
    const { adminClient } = await seedCompany(t);
    expect((await adminClient.post('/onboarding/dismiss', {})).status).toBe(400);
  });
});
