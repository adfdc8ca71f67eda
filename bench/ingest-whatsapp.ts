/**
 * The WhatsApp side of `npm run bench:ingest`: a bench server with a number connected to a fake Graph API (as an
 * admin connects one by hand), fed Meta's signed webhook batches. Each POST carries 1–10 text messages drawn at
 * random (seeded, so runs draw the same sizes), from consecutive clients — so from different clients, as Meta
 * batches what arrived together — with one `contacts` profile per sender, signed `X-Hub-Signature-256` over the
 * exact bytes posted.
 */
import { startFakeGraphApi } from '../server/test/fakes/whatsapp/fake-graph-api';
import { messagesPayload, textMessage, webhookBody } from '../server/test/fakes/whatsapp/webhooks';
import { startBenchServer, type IngestTarget } from './support';

const VERIFY_TOKEN = 'kreechat-bench-verify-token';
const MAX_BATCH = 10;

/** Client n's WhatsApp id (digits, no '+'). */
const waIdOf = (client: number) => String(447_700_000_000 + client);

/** mulberry32: a small seeded generator in [0, 1). */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startWhatsAppTarget(options: {
  databaseUrl?: string;
  nodeArgs?: string[];
  seed: number;
}): Promise<IngestTarget> {
  const fake = await startFakeGraphApi();
  const server = await startBenchServer({
    databaseUrl: options.databaseUrl,
    nodeArgs: options.nodeArgs,
    env: {
      WHATSAPP_GRAPH_ROOT: fake.root,
      WHATSAPP_GRAPH_VERSION: fake.version,
      WHATSAPP_APP_ID: fake.appId,
      WHATSAPP_APP_SECRET: fake.appSecret,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    },
  });
  const { base, cookie, dataDir, pid } = server;

  // The admin connects the number; the fake checks our callback (a GET to PUBLIC_URL) while subscribing.
  const business = fake.addBusiness();
  const connected = await fetch(`${base}/api/connect-whatsapp-number`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      wabaId: business.wabaId,
      phoneNumberId: business.phoneNumberId,
      accessToken: business.token,
    }),
  });
  if (!connected.ok) throw new Error(`connect-whatsapp-number: ${await connected.text()}`);

  const hook = `${base}/api/webhooks/whatsapp`;
  const random = seededRandom(options.seed);
  return {
    base,
    pid,
    cookie,
    dataDir,
    post(messages) {
      const from = messages.map((m) => waIdOf(m.client));
      const body = webhookBody(
        messagesPayload(
          business,
          messages.map((m, i) => textMessage({ from: from[i]!, body: m.text })),
          Object.fromEntries(from.map((waId) => [waId, `C${waId}`])),
        ),
      );
      return fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': fake.sign(body) },
        body,
      }).then((r) => {
        if (r.status !== 200) throw new Error(`webhook answered ${r.status}`);
      });
    },
    batchSize: () => 1 + Math.floor(random() * MAX_BATCH),
    async stop() {
      await server.stop();
      await fake.close();
    },
  };
}
