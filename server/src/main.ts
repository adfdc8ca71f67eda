import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './mail/mailer';
import { createLogger } from './platform/logger';
import { makeDataDirPrivate } from './private-files';
import { SecretsKeyError } from './platform/secrets';

/**
 * A graceful stop ends within this, or the process exits anyway: orchestrators send SIGKILL 10 s after SIGTERM
 * (Docker's and systemd's defaults are 10 s and 90 s, Kubernetes' 30 s), and a stop cut off by them logs nothing.
 */
const STOP_DEADLINE_MS = 9_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // Before anything is written: the database, uploads, mails and keys in DATA_DIR are the owner's alone.
  makeDataDirPrivate(config.dataDir, logger);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed'),
  });
  logger.info({ database: database.kind }, `Database: ${describeDatabase(config)}`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const { app, start } = await buildApp({ config, database, logger, mailer });

  /**
   * SIGTERM (or Ctrl-C): a graceful stop. app.close() stops listening, hands the live sockets over to reconnect
   * elsewhere, lets the requests in flight finish, stops the channel receivers (pollers give their locks back) and
   * the outbox worker after its sends in flight, and waits for the group commits (app.ts, preClose and onClose).
   * Whatever is still running at the deadline is cut off: what was not acknowledged is sent again by the channel,
   * and a claimed outbox row is taken up by another process once its claim lapses.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      logger.warn({ signal }, 'a second stop signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const started = Date.now();
    logger.info({ signal }, 'stopping: no new work; finishing what is in flight');
    const deadline = setTimeout(() => {
      logger.error({ signal, deadlineMs: STOP_DEADLINE_MS }, 'the graceful stop did not end in time: exiting anyway');
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      mailer.close();
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'the graceful stop failed: exiting');
      process.exit(1);
    }
    logger.info({ signal, ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await start();
  const url = `http://${config.host}:${config.port}`;
  logger.info({ url }, `KreeChat is ready at ${url}`);
  // Listening on every interface: this machine's own address is the one to open in a browser.
  const open = config.publicUrl ?? (/^(0\.0\.0\.0|::)$/.test(config.host) ? `http://localhost:${config.port}` : url);
  const base = open.replace(/\/$/, '');
  logger.info(
    config.smtpUrl
      ? `Mail: SMTP at ${new URL(config.smtpUrl).host}`
      : `Mail: no SMTP_URL, so mails (registration codes too) go to this log and ${path.resolve(config.dataDir, 'mail')}`,
  );
  logger.info(
    `Log in at ${base}/login. First time? Create your company at ${base}/register-company, ` +
      'or stop KreeChat and run `npm run demo` for a demo desk with agents and conversations',
  );
}

/** Which database, never its credentials: the host and name of PostgreSQL, the folder of the embedded one. */
function describeDatabase(config: Config) {
  if (!config.databaseUrl) return `embedded PGlite in ${path.resolve(config.dataDir, 'db')}`;
  const { hostname, port, pathname } = new URL(config.databaseUrl);
  return `PostgreSQL ${hostname}${port ? `:${port}` : ''}/${decodeURIComponent(pathname.slice(1))}`;
}

main().catch((error: unknown) => {
  // The operator's to fix (a key that does not fit the data): the message says how, a stack would bury it.
  if (error instanceof SecretsKeyError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
