/**
 * What the e2e tests talk to, started once per Playwright worker: a real SMTP server on loopback keeping the
 * mails it receives, a fake Telegram Bot API (the same one the integration tests use), and the real KreeChat
 * server (built web app, fresh embedded database) pointed at both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeBotApi, type FakeBotApi } from '../../server/test/fakes/telegram/fake-bot-api';
import { spawnServer } from '../../server/test/server-process';
import { startSmtpSink, type ReceivedMail } from '../../server/test/smtp-sink';

const root = path.resolve(import.meta.dirname, '../..');

export type Mail = ReceivedMail;

export type Stack = {
  baseUrl: string;
  mails: Mail[];
  telegram: FakeBotApi;
  close(): Promise<void>;
};

export type StackOptions = {
  /** Extra environment for the KreeChat server (e.g. TRUST_PROXY behind the nginx of nginx.spec.ts). */
  env?: Record<string, string>;
};

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-e2e-'));
  const smtp = await startSmtpSink();
  const telegram = await startFakeBotApi();

  const server = await spawnServer({
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    SMTP_URL: smtp.url,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    WEB_DIST: path.join(root, 'web/dist'),
    DATABASE_URL: '',
    ...options.env,
  });

  return {
    baseUrl: server.baseUrl,
    mails: smtp.mails,
    telegram,
    async close() {
      await server.stop();
      await telegram.close();
      await smtp.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
