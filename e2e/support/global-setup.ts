/**
 * Starts what the e2e suite talks to: a real SMTP server on loopback that appends every mail to a file, and the
 * real KreeChat server (built web app, fresh embedded database) pointed at it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-e2e-'));
  const mailFile = path.join(workDir, 'mails.jsonl');
  fs.writeFileSync(mailFile, '');

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        fs.appendFileSync(mailFile, `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WEB_DIST: path.join(root, 'web/dist'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
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

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_WORK_DIR = workDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
