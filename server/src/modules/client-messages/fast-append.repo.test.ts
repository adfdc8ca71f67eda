import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';
import { fastAppendRepo, type FastAppend } from './fast-append.repo';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
let updateCounter = 0;

describe('the fast path and the waiting client', () => {
  it('one batch with several messages of a ticket waits from the oldest of them; a later batch keeps it', async () => {
    const home = await seedCompany(t);
    const externalId = `fast-${randomUUID()}`;
    const opened = await t.services.intake.receive(
      {
        companyId: home.company.id,
        platform: 'telegram',
        channelRef: 'bot-fast',
        client: { externalId, name: 'Fay Fast', language: 'en' },
      },
      { externalId: 'm-0', sentAt: t.clock.now(), content: { type: 'text', text: 'Hi' } },
    );
    if (opened.outcome !== 'appended') throw new Error(opened.outcome);
    // As if an agent had answered: nobody waits.
    await t.database.db.update(tickets).set({ awaitingSince: null }).where(eq(tickets.id, opened.ticketId));

    const base = t.clock.now().getTime();
    const item = (minutes: number): FastAppend => {
      const id = String(++updateCounter);
      return {
        companyId: home.company.id,
        platform: 'telegram',
        clientExternalId: externalId,
        language: 'en',
        username: null,
        update: { channelKey: 'fast-test', updateId: id, payload: { id } },
        message: {
          id: randomUUID(),
          type: 'text',
          content: `message ${id}`,
          region: null,
          externalId: `fast-${id}`,
          createdAt: new Date(base + minutes * MINUTE),
        },
      };
    };

    // Gathered by the group commit out of their written order.
    const batch = await fastAppendRepo.appendMany(t.database.db, [item(5), item(1)], new Date(base + 6 * MINUTE));
    expect(batch.every((r) => r?.ticket.id === opened.ticketId)).toBe(true);
    const [waiting] = await t.database.db.select().from(tickets).where(eq(tickets.id, opened.ticketId));
    expect(waiting!.awaitingSince).toEqual(new Date(base + MINUTE));
    expect(waiting!.updatedAt).toEqual(new Date(base + 6 * MINUTE));

    const [next] = await fastAppendRepo.appendMany(t.database.db, [item(9)], new Date(base + 9 * MINUTE));
    expect(next?.ticket.id).toBe(opened.ticketId);
    const [still] = await t.database.db.select().from(tickets).where(eq(tickets.id, opened.ticketId));
    expect(still!.awaitingSince).toEqual(new Date(base + MINUTE));
    expect(still!.updatedAt).toEqual(new Date(base + 9 * MINUTE));
  });
});
