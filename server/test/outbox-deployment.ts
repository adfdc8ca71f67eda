/**
 * A deployment whose outbox runs in real server processes (spawnServer) over one PostgreSQL database, with a
 * Telegram bot on the fake Bot API and an agent who replies over HTTP — for the outbox's crash and outage tests.
 *
 * An in-process app seeds the company, the bot and the chats (its own outbox worker is stopped, so only the
 * spawned processes send); the replies are written through a spawned process, on the real clock its retries and
 * give-up time run on.
 */
import { and, eq } from 'drizzle-orm';
import { messages, tickets } from '../src/db/schema';
import { startFakeBotApi, type FakeBot, type FakeBotApi } from './fakes/telegram/fake-bot-api';
import { textUpdate } from './fakes/telegram/updates';
import { eventually, seedCompany, startTestApp, STRONG_PASSWORD, TEST_SECRETS_KEY, type TestApp } from './harness';
import { spawnServer, type ServerProcess } from './server-process';

export type Chat = { chatId: number; ticketid: string };

export async function startOutboxDeployment(options: { chats: number }) {
  const fake: FakeBotApi = await startFakeBotApi();
  const seeder: TestApp = await startTestApp({ TELEGRAM_API_ROOT: fake.apiRoot });
  await seeder.services.worker.stop();
  const databaseUrl = (seeder.database as { url?: string }).url;
  if (!databaseUrl) throw new Error('the outbox deployment needs PostgreSQL (a *.postgres.test.ts file)');
  const company = await seedCompany(seeder);
  const bot: FakeBot = fake.addBot();
  const setup = await company.adminClient.post('/setup-telegram', { bot_id: bot.token });
  if (setup.status !== 200) throw new Error(`setup-telegram failed: ${JSON.stringify(setup.body)}`);
  const agent = await company.addAgent({ departmentId: company.department.id });

  // Each chat: a client writes, the ticket is opened (the seeder polls the bot), the agent accepts it.
  const chats: Chat[] = [];
  for (let i = 0; i < options.chats; i++) {
    const chatId = 930_000 + Math.floor(Math.random() * 60_000) * 10 + i;
    await fake.pushUpdate(bot.token, textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'hello' }));
    const ticketid = await eventually(async () => {
      const open: { ticketid: string }[] = (await agent.client.get('/tickets')).body;
      return open.find((t) => !chats.some((c) => c.ticketid === t.ticketid))?.ticketid;
    }, 10_000);
    const accepted = await agent.client.post('/acceptTicket', { ticketid });
    if (accepted.status !== 200) throw new Error(`acceptTicket failed: ${accepted.status}`);
    chats.push({ chatId, ticketid });
  }

  const processes = new Set<ServerProcess>();

  return {
    fake,
    bot,
    chats,
    seeder,
    /** A server process of the deployment (SIGKILL with `kill()`, SIGTERM with `stop()`). */
    async spawn(env: Record<string, string> = {}) {
      const server = await spawnServer({
        DATABASE_URL: databaseUrl,
        TELEGRAM_API_ROOT: fake.apiRoot,
        SECRETS_KEY: TEST_SECRETS_KEY,
        ...env,
      });
      processes.add(server);
      const end =
        <T>(how: () => Promise<T>) =>
        async () => {
          processes.delete(server);
          return how();
        };
      return { ...server, kill: end(server.kill), stop: end(server.stop) };
    },
    /** The agent, logged in on a server process, writing as in the browser. */
    async agentOn(server: { baseUrl: string }) {
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: agent.email, password: STRONG_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status}`);
      const cookie = `kc_session=${/kc_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]}`;
      /** The API's JSON, read as the browser reads it. */
      type Json = Record<string, any>;
      const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> => {
        const response = await fetch(`${server.baseUrl}/api${path}`, {
          method,
          headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as Json;
      };
      return {
        async reply(chat: Chat, content: string): Promise<string> {
          const sent = await call('POST', '/send-message', { ticketid: chat.ticketid, content });
          return sent.message.messageid;
        },
        /** The message as the agent's chat view shows it. */
        async message(chat: Chat, messageid: string) {
          const view = await call('GET', `/${chat.ticketid}/0/chat`);
          return view.sections
            .flatMap((s: { messages: unknown[] }) => s.messages)
            .find((m: { messageid: string }) => m.messageid === messageid) as {
            delivery_status: string;
            delivery_failure: string | null;
            delivery_error: string | null;
          };
        },
        retry: (messageid: string) => call('POST', '/retry-message', { messageid }),
      };
    },
    /** The texts Telegram took for a chat, in the order it took them (a duplicate shows twice). */
    received(chat: Chat) {
      return fake
        .calls(bot.token, 'sendMessage')
        .filter((c) => Number(c.params.chat_id) === chat.chatId)
        .map((c) => String(c.params.text));
    },
    /** The delivery status of every agent message in these chats. */
    async statuses() {
      const rows = await seeder.database.db
        .select({ status: messages.deliveryStatus })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .where(and(eq(tickets.companyId, company.company.id), eq(messages.isAgent, true)));
      return rows.map((r) => r.status);
    },
    async close() {
      for (const server of processes) await server.kill();
      await seeder.close();
      await fake.close();
    },
  };
}
