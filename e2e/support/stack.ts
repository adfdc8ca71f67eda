/**
 * What the e2e tests talk to, started once per Playwright worker: a real SMTP server on loopback keeping the
 * mails it receives, a fake Telegram Bot API and a fake Meta Graph API for WhatsApp (the same ones the integration
 * tests use), and the real KreeChat server (built web app, fresh embedded database) pointed at all three.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeBotApi, type FakeBotApi } from '../../server/test/fakes/telegram/fake-bot-api';
import { startFakeGraphApi, type FakeGraphApi } from '../../server/test/fakes/whatsapp/fake-graph-api';
import { freePort } from '../../server/test/net';
import { spawnServer } from '../../server/test/server-process';
import { startSmtpSink, type ReceivedMail } from '../../server/test/smtp-sink';

const root = path.resolve(import.meta.dirname, '../..');

export type Mail = ReceivedMail;

export type Stack = {
  baseUrl: string;
  mails: Mail[];
  telegram: FakeBotApi;
  whatsapp: FakeGraphApi;
  /**
   * Stops the server as an operator would (SIGTERM), runs `whileDown`, and starts it again on the same address with
   * the same data: a deploy or a crash restart, as the browsers see it.
   */
  restartServer(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

/** The `PUBLIC_URL` value that means "this server's own address", known only once its port is chosen. */
export const SELF = 'self';

export type StackOptions = {
  /**
   * Extra environment for the KreeChat server (e.g. TRUST_PROXY behind the nginx of nginx.spec.ts).
   * `PUBLIC_URL: SELF` gives the server its own loopback address as public URL, so the fake Graph API can deliver
   * WhatsApp webhooks to it; without it Telegram bots are long-polled (telegram.spec.ts relies on that).
   */
  env?: Record<string, string>;
};

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-e2e-'));
  const smtp = await startSmtpSink();
  const telegram = await startFakeBotApi();
  const whatsapp = await startFakeGraphApi();
  const env = { ...options.env };
  // The address must be known before the server starts: it is in its config and in Meta's subscriptions.
  const port = env.PUBLIC_URL === SELF ? await freePort() : undefined;
  if (port !== undefined) env.PUBLIC_URL = `http://127.0.0.1:${port}`;

  const serverEnv = {
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    SMTP_URL: smtp.url,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    WHATSAPP_GRAPH_ROOT: whatsapp.root,
    WHATSAPP_GRAPH_VERSION: whatsapp.version,
    WHATSAPP_APP_ID: whatsapp.appId,
    WHATSAPP_APP_SECRET: whatsapp.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'kreechat-e2e-verify-token',
    WHATSAPP_CONFIG_ID: '1234567890',
    // KC_E2E_WEB_DIST: a build of the web app made elsewhere (parallel work on one tree must not share web/dist).
    WEB_DIST: process.env.KC_E2E_WEB_DIST ?? path.join(root, 'web/dist'),
    DATABASE_URL: '',
    ...env,
  };
  let server = await spawnServer(serverEnv, { port });
  const serverPort = Number(new URL(server.baseUrl).port);
  // Where Meta posts what no subscription override covers, such as template review results.
  if (port !== undefined) whatsapp.setAppCallbackUrl(`${server.baseUrl}/api/webhooks/whatsapp`);

  return {
    baseUrl: server.baseUrl,
    mails: smtp.mails,
    telegram,
    whatsapp,
    async restartServer(whileDown) {
      await server.stop();
      await whileDown?.();
      server = await spawnServer(serverEnv, { port: serverPort });
    },
    async close() {
      await server.stop();
      await whatsapp.close();
      await telegram.close();
      await smtp.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
