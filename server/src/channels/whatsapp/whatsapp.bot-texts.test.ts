import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, tickets } from '../../db/schema';
import { buttonReplyMessage, textMessage, wamid } from '../../../test/fakes/whatsapp/webhooks';
import { eventually } from '../../../test/harness';
import { clientSays, companyWithNumber, startWhatsAppWorld, type WhatsAppWorld } from '../../../test/whatsapp-world';

let phoneCounter = 5511_930_000_000;
const newClient = () => String(++phoneCounter);

/** The bots' texts as a company words and switches them (Settings → Automatic messages), on WhatsApp. */
describe('the WhatsApp number speaks the company’s words', () => {
  let world: WhatsAppWorld;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
  });
  afterAll(async () => world?.close());

  it('asks for the department in its words; the closing text alone goes as plain text, the question with buttons', async () => {
    const { business, company, department, adminClient, addAgent } = await companyWithNumber(world);
    const agent = await addAgent({ departmentId: department.id });
    await world.t.services.departments.create(company.id, 'Billing');
    const put = (kind: string, enabled: boolean, texts: Record<string, string> = {}) =>
      adminClient.put(`/automatic-messages/${kind}`, { enabled, texts });
    expect((await put('chooseDepartment', true, { en: 'Hi {client_name}, who should answer you?' })).status).toBe(200);
    expect((await put('closing', true, { en: 'Closed, {client_name}. Ticket #{ticket_number}.' })).status).toBe(200);
    expect((await put('ratingQuestion', false)).status).toBe(200);
    const drained = () =>
      eventually(async () => {
        const pending = await world.t.database.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.companyId, company.id), eq(outbox.status, 'pending')));
        return pending.length === 0;
      });

    const from = newClient();
    await clientSays(
      world,
      business,
      { ...textMessage({ from, body: 'Where is my invoice?' }), id: wamid(from) },
      'Ana',
    );
    const question = await world.fake.waitForSent((m) => m.waId === from && m.type === 'interactive');
    const interactive = (
      question.request as { interactive: { body: { text: string }; action: { buttons: { reply: { id: string } }[] } } }
    ).interactive;
    expect(interactive.body.text).toBe('Hi Ana, who should answer you?');
    const general = interactive.action.buttons[0]!.reply;
    await clientSays(world, business, {
      ...buttonReplyMessage({
        from,
        reply: { ...general, title: 'General' },
        context: { from: business.displayPhoneNumber, id: question.wamid },
      }),
      id: wamid(from),
    });
    const ticket = await eventually(async () => {
      const [row] = await world.t.database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
      return row;
    });
    expect((await agent.client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
    expect((await agent.client.post('/close-ticket', { ticketid: ticket.id })).status).toBe(200);
    const closing = await world.fake.waitForSent((m) => m.waId === from && m.type === 'text');
    expect(closing.request).toMatchObject({ text: { body: `Closed, Ana. Ticket #${ticket.id.slice(0, 8)}.` } });

    // The question back on, the closing text off: the question alone, with its three buttons.
    expect((await put('ratingQuestion', true)).status).toBe(200);
    expect((await put('closing', false)).status).toBe(200);
    await drained();
    const before = world.fake.sent({ to: from }).length;
    await clientSays(world, business, { ...textMessage({ from, body: 'One more thing' }), id: wamid(from) });
    await eventually(async () => {
      const [row] = await world.t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      return row?.stage === 'pending';
    });
    expect((await agent.client.post('/acceptTicket', { ticketid: ticket.id })).status).toBe(200);
    expect((await agent.client.post('/close-ticket', { ticketid: ticket.id })).status).toBe(200);
    await drained();
    const after = world.fake.sent({ to: from }).slice(before);
    expect(after).toHaveLength(1);
    const rating = (after[0]!.request as { interactive: { body: { text: string }; action: { buttons: unknown[] } } })
      .interactive;
    expect(rating.body.text).toBe('How would you rate our support?');
    expect(rating.action.buttons).toHaveLength(3);
  });
});
