import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithNumber, startWhatsAppWorld, type WhatsAppWorld } from '../../../test/whatsapp-world';

/**
 * The webhook is hidden from the OpenAPI document (the API fuzz test does not reach it) and answers Meta, whose
 * retries last a week: whatever a signed body holds — any JSON, Meta's shape with wrong types, NUL characters —
 * it answers 200 or 400, never 5xx, and the process stays up.
 */
describe('the WhatsApp webhook under random signed bodies', () => {
  let world: WhatsAppWorld;
  let phoneNumberId: string;
  beforeAll(async () => {
    world = await startWhatsAppWorld();
    phoneNumberId = (await companyWithNumber(world)).business.phoneNumberId;
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
});
