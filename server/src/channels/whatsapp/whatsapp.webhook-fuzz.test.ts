import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import {
  messagesPayload,
  messageStatus,
  textMessage,
  wamid,
  webhookBody,
  type InboundMessage,
} from '../../../test/fakes/whatsapp/webhooks';
import {
  companyWithNumber,
  processed,
  startWhatsAppWorld,
  type FakeBusiness,
  type WhatsAppWorld,
} from '../../../test/whatsapp-world';
import { eventually } from '../../../test/harness';

/**
 * The webhook is hidden from the OpenAPI document (the API fuzz test does not reach it) and answers Meta, whose
 * retries last a week: whatever a signed body holds — any JSON, Meta's shape with wrong types, NUL characters —
 * it answers 200 or 400, never 5xx, and the process stays up.
 */
describe('the WhatsApp webhook under random signed bodies', () => {
  let world: WhatsAppWorld;
  let business: FakeBusiness;
  let phoneNumberId: string;
  /** The app's log lines (warn and above), parsed. */
  const logged: { level: number; msg: string; at?: string; reason?: string }[] = [];
  beforeAll(async () => {
    world = await startWhatsAppWorld(
      {},
      { logLevel: 'warn', logTo: { write: (line) => void logged.push(JSON.parse(line)) } },
    );
    business = (await companyWithNumber(world)).business;
    phoneNumberId = business.phoneNumberId;
  });
  afterAll(async () => world?.close());

  const post = (raw: string) =>
    fetch(`${world.t.baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': world.fake.sign(raw) },
      body: raw,
    });

  const anyValue = fc.jsonValue({ maxDepth: 4 });
  /** Meta's envelope with random values where its fields go. */
  const metaShaped = fc.record({
    object: fc.constantFrom('whatsapp_business_account', 'page', 42),
    entry: fc.array(
      fc.record({
        id: fc.oneof(fc.string(), fc.integer()),
        changes: fc.array(
          fc.record({
            field: fc.constantFrom('messages', 'message_template_status_update', 'other'),
            value: fc.record({
              metadata: fc.oneof(fc.constant({ phone_number_id: '' }), anyValue, fc.constant(undefined)),
              contacts: fc.oneof(anyValue, fc.array(fc.record({ wa_id: fc.string(), profile: anyValue }))),
              messages: fc.oneof(
                anyValue,
                fc.array(
                  fc.record({
                    from: fc.string(),
                    id: fc.oneof(fc.string(), fc.integer()),
                    timestamp: fc.oneof(fc.string(), fc.integer()),
                    type: fc.constantFrom('text', 'image', 'interactive', 'reaction', 'weird'),
                    text: fc.oneof(fc.record({ body: fc.string({ unit: 'binary' }) }), anyValue),
                    image: anyValue,
                    interactive: anyValue,
                    reaction: anyValue,
                  }),
                  { maxLength: 3 },
                ),
              ),
              statuses: fc.oneof(
                anyValue,
                fc.array(fc.record({ id: fc.string(), status: fc.string() }), { maxLength: 2 }),
              ),
            }),
          }),
          { maxLength: 3 },
        ),
      }),
      { maxLength: 3 },
    ),
  });

  it('answers 200 or 400 to any signed JSON, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyValue, metaShaped), async (body) => {
        // Aim half of Meta-shaped batches at the connected number, so they reach parsing and intake.
        const raw = JSON.stringify(body).replaceAll('"phone_number_id":""', `"phone_number_id":"${phoneNumberId}"`);
        const reply = await post(raw);
        expect([200, 400]).toContain(reply.status);
      }),
      { numRuns: Number(process.env.KC_FUZZ_RUNS ?? 100) },
    );
    await world.t.services.whatsapp.idle();
    expect((await fetch(`${world.t.baseUrl}/api/health`)).status).toBe(200);
  });

  it('answers 400 to a signed body that is not JSON, and 401 to anything unsigned', async () => {
    expect((await post('{"object": ')).status).toBe(400);
    const unsigned = await fetch(`${world.t.baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
  });

  /** Not a string, and String() of it throws: `{"toString":1}` has a toString that is no function. */
  const HOSTILE = { toString: 1 };
  let clientCounter = 5511_977_000_000;
  const newClient = () => String(++clientCounter);

  /** The text of the message stored under this wamid, once it is processed. */
  const storedText = async (id: string) => {
    await eventually(() => processed(world.t, phoneNumberId, id), 8_000);
    const [row] = await world.t.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.externalId, id));
    return row?.content;
  };

  it('skips and logs an item with an object where a string goes; the good items of its batch are stored', async () => {
    const first = textMessage({ from: newClient(), body: 'My order is late' });
    const last = textMessage({ from: newClient(), body: 'Still waiting' });
    const bad = (changes: Partial<Record<keyof InboundMessage, unknown>>) =>
      ({ ...textMessage({ from: newClient(), body: 'never stored' }), ...changes }) as InboundMessage;
    const payload = messagesPayload(business, [first, last]);
    const value = payload.entry[0]!.changes[0]!.value as unknown as Record<string, unknown>;
    // Put in by hand: the builders themselves would trip over an object for a sender.
    value.messages = [
      first,
      bad({ id: HOSTILE }),
      bad({ from: HOSTILE }),
      bad({ type: HOSTILE }),
      bad({ timestamp: HOSTILE }),
      last,
    ];
    const status = messageStatus({ id: wamid(), status: 'delivered', recipientId: first.from });
    value.statuses = [
      { ...status, status: HOSTILE },
      { ...status, id: HOSTILE },
      { ...status, recipient_id: HOSTILE },
    ];
    // A second entry whose id, and a change whose phone number id, are objects.
    const orphan = textMessage({ from: newClient(), body: 'in a broken entry' });
    const brokenEntry = { ...messagesPayload(business, [orphan]).entry[0]!, id: HOSTILE };
    const brokenChange = messagesPayload(business, [orphan]).entry[0]!.changes[0]!;
    (brokenChange.value as unknown as { metadata: unknown }).metadata = { phone_number_id: HOSTILE };
    payload.entry[0]!.changes.push(brokenChange);
    const raw = webhookBody({ ...payload, entry: [...payload.entry, brokenEntry] });

    const before = logged.length;
    expect((await post(raw)).status).toBe(200);
    expect(await storedText(first.id)).toBe('My order is late');
    expect(await storedText(last.id)).toBe('Still waiting');
    await world.t.services.whatsapp.idle();

    const skipped = logged.slice(before).filter((l) => l.msg === 'a malformed WhatsApp webhook item was skipped');
    expect(skipped.map((l) => l.at).sort()).toEqual(
      [
        'entry[0].changes[0].messages[1]',
        'entry[0].changes[0].messages[2]',
        'entry[0].changes[0].messages[3]',
        'entry[0].changes[0].messages[4]',
        'entry[0].changes[0].statuses[0]',
        'entry[0].changes[0].statuses[1]',
        'entry[0].changes[0].statuses[2]',
        'entry[0].changes[1]',
        'entry[1]',
      ].sort(),
    );
    expect(skipped.find((l) => l.at === 'entry[0].changes[0].messages[1]')?.reason).toMatch(/^id: .*expected string/);
    // Never a client's words in the log.
    expect(JSON.stringify(skipped)).not.toContain('never stored');
    // The malformed ones were not stored.
    const strays = await world.t.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(inArray(messages.content, ['never stored', 'in a broken entry']));
    expect(strays).toEqual([]);
  });

  /** What goes where Meta puts a string: sometimes one, sometimes anything a signed body could hold instead. */
  const stringOrWorse = fc.oneof(
    fc.stringMatching(/^[0-9]{6,15}$/),
    fc.constant(HOSTILE),
    fc.constant({ valueOf: 'x', toString: null }),
    fc.constant([]),
    fc.constant(null),
    fc.integer(),
    fc.boolean(),
    fc.object({ maxDepth: 1 }),
  );

  it('stores the good message of any batch whose other items hold objects, arrays, numbers where strings go', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ id: stringOrWorse, from: stringOrWorse, type: stringOrWorse, timestamp: stringOrWorse }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.record({ id: stringOrWorse, status: stringOrWorse, recipient_id: stringOrWorse }), {
          maxLength: 3,
        }),
        fc.nat({ max: 4 }),
        async (hostile, statuses, position) => {
          const good = textMessage({ from: newClient(), body: 'the good one' });
          const others = hostile.map(
            (fields) => ({ ...textMessage({ from: newClient(), body: 'x' }), ...fields }) as unknown as InboundMessage,
          );
          others.splice(Math.min(position, others.length), 0, good);
          const payload = messagesPayload(business, [good]);
          const value = payload.entry[0]!.changes[0]!.value as unknown as Record<string, unknown>;
          value.messages = others;
          value.statuses = statuses.map((fields) => ({
            ...messageStatus({ id: wamid(), status: 'read', recipientId: good.from }),
            ...fields,
          }));
          expect((await post(webhookBody(payload))).status).toBe(200);
          expect(await storedText(good.id)).toBe('the good one');
        },
      ),
      { numRuns: Number(process.env.KC_FUZZ_RUNS ?? 25) },
    );
    await world.t.services.whatsapp.idle();
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });
});
