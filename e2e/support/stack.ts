/**
 * What the e2e tests talk to, started once per Playwright worker: a real SMTP server on loopback keeping the
 * mails it receives, a fake Telegram Bot API (the same one the integration tests use), and the real KreeChat
 * server (built web app, fresh embedded database) pointed at both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeBotApi, type FakeBotApi } from '../../server/test/fakes/telegram/fake-bot-api';
import { freePort } from '../../server/test/net';
import { startSmtpSink, type ReceivedMail } from '../../server/test/smtp-sink';

const root = path.resolve(import.meta.dirname, '../..');

export type Mail = ReceivedMail;

export type Stack = {
  baseUrl: string;
  mails: Mail[];
  telegram: FakeBotApi;
  close(): Promise<void>;
};

export async function startStack(): Promise<Stack> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-e2e-'));
  const smtp = await startSmtpSink();
  const telegram = await startFakeBotApi();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      SMTP_URL: smtp.url,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      WEB_DIST: path.join(root, 'web/dist'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    mails: smtp.mails,
    telegram,
    async close() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await telegram.close();
      await smtp.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
