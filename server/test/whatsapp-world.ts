/**
 * A KreeChat server whose WhatsApp side talks to a fake Graph API (channel-apis.md §2) on loopback, with helpers
 * that read like what people do: an admin connects a number, a client writes or taps a button, and the test
 * waits until KreeChat has taken it in.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { inboundUpdates } from '../src/db/schema';
import { startFakeGraphApi, type FakeBusiness, type FakeGraphApi } from './fakes/whatsapp/fake-graph-api';
import type { InboundMessage, WebhookPayload } from './fakes/whatsapp/webhooks';
import { eventually, freePort, seedCompany, startTestApp, type TestApp } from './harness';

export const VERIFY_TOKEN = 'kreechat-verify-token-for-tests';

export async function startWhatsAppWorld(
  env: Record<string, string> = {},
  /** For tests that read the app's log. */
  log: { logTo?: DestinationStream; logLevel?: string } = {},
) {
  // Meta and KreeChat share one clock, so a test that lets a day pass moves both (the 24-hour window).
  const shared: { clock?: { now(): Date } } = {};
  const fake = await startFakeGraphApi({ now: () => shared.clock?.now().getTime() ?? Date.now() });
  const port = await freePort();
  const settings = {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WHATSAPP_GRAPH_ROOT: fake.root,
    WHATSAPP_GRAPH_VERSION: fake.version,
    WHATSAPP_APP_ID: fake.appId,
    WHATSAPP_APP_SECRET: fake.appSecret,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_CONFIG_ID: '1234567890',
    ...env,
  };
  const t = await startTestApp(settings, { listen: true, port, ...log });
  shared.clock = t.clock;
  fake.setAppCallbackUrl(`${t.baseUrl}/api/webhooks/whatsapp`);
  return {
    t,
    fake,
    /** Another process of the same deployment (same settings and PostgreSQL database), listening on its own port. */
    async secondProcess(): Promise<TestApp> {
      const url = (t.database as { url?: string }).url;
      if (!url) throw new Error('a second process needs PostgreSQL');
      return startTestApp(settings, { listen: true, port: await freePort(), databaseUrl: url });
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export type WhatsAppWorld = Awaited<ReturnType<typeof startWhatsAppWorld>>;

/** A company with one WhatsApp number connected through the manual call, as an admin would. */
export async function companyWithNumber(world: WhatsAppWorld, options: { name?: string } = {}) {
  const company = await seedCompany(world.t, options);
  const business = world.fake.addBusiness();
  const reply = await company.adminClient.post('/connect-whatsapp-number', {
    wabaId: business.wabaId,
    phoneNumberId: business.phoneNumberId,
    accessToken: business.token,
  });
  if (reply.status !== 200) throw new Error(`connect-whatsapp-number failed: ${JSON.stringify(reply.body)}`);
  return { ...company, business };
}

/** Whether KreeChat has processed the item recorded under this id for this number. */
export async function processed(t: TestApp, phoneNumberId: string, updateId: string) {
  const [row] = await t.database.db
    .select({ id: inboundUpdates.updateId })
    .from(inboundUpdates)
    .where(
      and(
        eq(inboundUpdates.channelKey, `wa:${phoneNumberId}`),
        eq(inboundUpdates.updateId, updateId),
        isNotNull(inboundUpdates.processedAt),
      ),
    );
  return Boolean(row);
}

/** A client's message, delivered signed by the fake; waits until KreeChat has processed it. */
export async function clientSays(
  world: WhatsAppWorld,
  business: FakeBusiness,
  message: InboundMessage & { id: string },
  name = 'Ana Client',
) {
  // Sent "now" on the shared clock (the builders stamp the wall clock), so the 24-hour window counts from here.
  const stamped = { ...message, timestamp: String(Math.floor(world.t.clock.now().getTime() / 1000)) };
  const report = await world.fake.receive(business.phoneNumberId, stamped, { name });
  if (!report.delivered) throw new Error(`the webhook was not answered 200: ${JSON.stringify(report.attempts)}`);
  await eventually(() => processed(world.t, business.phoneNumberId, message.id), 8_000);
  await world.t.services.whatsapp.idle();
  return report;
}

export type { FakeBusiness, FakeGraphApi, WebhookPayload };
