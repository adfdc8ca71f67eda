import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './mail/mailer';
import { createLogger } from './platform/logger';
import { SecretsKeyError } from './platform/secrets';

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed'),
  });
  logger.info({ database: database.kind, dataDir: config.dataDir }, 'database ready');
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const { app, start } = await buildApp({ config, database, logger, mailer });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await start();
  logger.info(`KreeChat is ready at http://${config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  // The operator's to fix (a key that does not fit the data): the message says how, a stack would bury it.
  if (error instanceof SecretsKeyError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
