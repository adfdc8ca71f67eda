import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundUpdates, messages, whatsappAccounts } from '../../db/schema';
import { textMessage, wamid } from '../../../test/fakes/whatsapp/webhooks';
import { eventually, type TestApp } from '../../../test/harness';
import { companyWithNumber, processed, startWhatsAppWorld, type WhatsAppWorld } from '../../../test/whatsapp-world';

// Two processes of one deployment share a PostgreSQL database: this file runs in the PostgreSQL project only.
describe('WhatsApp webhooks across processes', () => {
  let world: WhatsAppWorld;
  let b: TestApp;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
    b = await world.secondProcess();
  });
  afterAll(async () => {
    await b?.close();
    await world?.close();
  });

  it("stores once a batch Meta's retries bring to both processes at the same time", async () => {
    const { business, company } = await companyWithNumber(world);
    const from = '5511900001111';
    const message = { ...textMessage({ from, body: 'to both at once' }), id: wamid(from) };
    const payload = world.fake.inboundPayload(business.phoneNumberId, message);
    const reports = await Promise.all([
      world.fake.deliver(payload, { to: `${world.t.baseUrl}/api/webhooks/whatsapp` }),
      world.fake.deliver(payload, { to: `${b.baseUrl}/api/webhooks/whatsapp` }),
      world.fake.deliver(payload, { to: `${b.baseUrl}/api/webhooks/whatsapp` }),
    ]);
    expect(reports.every((r) => r.delivered)).toBe(true);
    await eventually(() => processed(world.t, business.phoneNumberId, message.id));
    await world.t.services.whatsapp.idle();
    await b.services.whatsapp.idle();
    const stored = await world.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.externalId, message.id)));
    expect(stored).toHaveLength(1);
  });

  it('a message one process recorded and then died on is processed by the other one’s sweeper', async () => {
    const { business, company } = await companyWithNumber(world);
    const [account] = await world.t.database.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.phoneNumberId, business.phoneNumberId));
    const from = '5511900002222';
    const message = { ...textMessage({ from, body: 'recorded, never processed' }), id: wamid(from) };
    // What a process leaves behind when it is killed between the record (and Meta's 200) and the processing.
    const item = world.fake.inboundPayload(business.phoneNumberId, message);
    const receivedAt = new Date(b.clock.now().getTime() - 60_000);
    await world.t.database.db.insert(inboundUpdates).values({
      channelKey: `wa:${business.phoneNumberId}`,
      updateId: message.id,
      companyId: account!.companyId,
      payload: item,
      receivedAt,
      nextAttemptAt: receivedAt,
    });
    await b.services.whatsapp.sweep();
    await eventually(() => processed(b, business.phoneNumberId, message.id));
    await b.services.whatsapp.idle();
    const stored = await b.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.content, 'recorded, never processed')));
    expect(stored).toHaveLength(1);
  });
});
