/**
 * `npm run demo`: fills the configured database with a demo company (an admin, agents, departments) and a desk
 * of realistic conversations (demo-seed.ts), then prints how to log in. Running it again changes nothing and
 * prints the same.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { buildServices } from '../app';
import { createMailer } from '../mail/mailer';
import { createLogger } from '../platform/logger';
import { usePrivateUmask } from '../private-files';
import { createDemoClock, DEMO_ADMIN_EMAIL, DEMO_AGENTS, DEMO_COMPANY, DEMO_PASSWORD, seedDemo } from './demo-seed';

async function main() {
  usePrivateUmask();
  const config = loadConfig();
  const logger = createLogger('warn');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger });
  const clock = createDemoClock();
  const services = buildServices({ config, database, logger, mailer, clock });
  const result = await seedDemo(services, database.db, clock);
  await database.close();

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const desk = result.deskSeeded
    ? 'with 14 conversations of the last five days'
    : 'already there: its desk is left as it is';
  console.log(`Demo company "${DEMO_COMPANY}" is ready in ${where}, ${desk}.

Start KreeChat with \`npm start\`, open http://${config.host}:${config.port}/login and log in as:

  admin      ${DEMO_ADMIN_EMAIL}
${DEMO_AGENTS.map((a) => `  ${(a.role ?? 'agent').padEnd(10)} ${a.email}`).join('\n')}

Every demo account's password is ${DEMO_PASSWORD}

The demo's clients are on no real channel: nothing is sent anywhere, and a reply you type shows as not
delivered. Connect Telegram, WhatsApp or a WordPress site in Settings for real conversations.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
