/**
 * A deployment of real server processes (spawnServer) behind one public address, for the graceful-stop and
 * rolling-restart and crash-ingest tests: an in-process app seeds the company, its agent and a Telegram bot whose
 * webhook points at that address (with no address, `''`, the bot is polled), then stops its own outbox worker and
 * receivers, so only the spawned processes send and receive.
 */
import { startFakeBotApi, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { seedCompany, startTestApp, STRONG_PASSWORD, TEST_SECRETS_KEY } from './harness';

export async function seedWebhookDeployment(publicUrl: string, fake: FakeBotApi) {
  const seeder = await startTestApp({ TELEGRAM_API_ROOT: fake.apiRoot, PUBLIC_URL: publicUrl });
  await seeder.services.worker.stop();
  const company = await seedCompany(seeder);
  const bot = fake.addBot();
  const setup = await company.adminClient.post('/setup-telegram', { bot_id: bot.token });
  if (setup.status !== 200) throw new Error(`setup-telegram: ${JSON.stringify(setup.body)}`);
  await seeder.services.telegram.stop();
  const databaseUrl = (seeder.database as { url?: string }).url;
  if (!databaseUrl) throw new Error('needs PostgreSQL (a *.postgres.test.ts file)');
  return {
    seeder,
    company,
    bot,
    databaseUrl,
    /** What every spawned process of the deployment is started with. */
    env: {
      DATABASE_URL: databaseUrl,
      TELEGRAM_API_ROOT: fake.apiRoot,
      PUBLIC_URL: publicUrl,
      SECRETS_KEY: TEST_SECRETS_KEY,
    },
  };
}

export { startFakeBotApi };

/** Logs in through a spawned process (on the real clock; the seeder's sessions run on its test clock). */
export async function loginOver(baseUrl: string, email: string) {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  if (reply.status !== 200) throw new Error(`login: ${reply.status}`);
  return /kc_session=([^;]+)/.exec(reply.headers.get('set-cookie') ?? '')![1]!;
}
