/**
 * `npm run demo`: fills the configured database with a demo company (an admin, agents, departments) and prints
 * how to log in. Running it again changes nothing and prints the same.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { buildServices } from '../app';
import { createMailer } from '../mail/mailer';
import { createLogger } from '../platform/logger';
import { hashPassword } from '../platform/passwords';

export const DEMO_PASSWORD = 'Demo-Pass1!';
const ADMIN_EMAIL = 'admin@demo.kreechat.test';
const AGENTS = [
  { email: 'maria@demo.kreechat.test', firstName: 'Maria', lastName: 'Petrova', department: 'Support' },
  { email: 'kenji@demo.kreechat.test', firstName: 'Kenji', lastName: 'Sato', department: 'Support' },
  { email: 'lerato@demo.kreechat.test', firstName: 'Lerato', lastName: 'Dlamini', department: 'Billing' },
  {
    email: 'sven@demo.kreechat.test',
    firstName: 'Sven',
    lastName: 'de Vries',
    department: 'Sales',
    role: 'moderator' as const,
  },
];

async function main() {
  const config = loadConfig();
  const logger = createLogger('warn');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger });
  const services = buildServices({ config, database, logger, mailer });

  if (!(await services.agents.findByEmail(ADMIN_EMAIL))) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await database.db.transaction(async (tx) => {
      const now = new Date();
      const company = await services.companies.create(
        { name: 'Demo Support Ltd', phone: '+44 20 7946 0018', email: ADMIN_EMAIL, country: 'GB', createdAt: now },
        tx,
      );
      const departments = new Map<string, string>();
      for (const name of ['Support', 'Billing', 'Sales']) {
        departments.set(name, (await services.departments.create(company.id, name, tx)).id);
      }
      await services.agents.create(
        {
          companyId: company.id,
          email: ADMIN_EMAIL,
          passwordHash,
          firstName: 'Alex',
          lastName: 'Morgan',
          role: 'admin',
          departmentId: departments.get('Support'),
          createdAt: now,
        },
        tx,
      );
      for (const agent of AGENTS) {
        await services.agents.create(
          {
            companyId: company.id,
            email: agent.email,
            passwordHash,
            firstName: agent.firstName,
            lastName: agent.lastName,
            role: agent.role ?? 'agent',
            departmentId: departments.get(agent.department),
            createdAt: now,
          },
          tx,
        );
      }
    });
  }
  await database.close();

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(`Demo company "Demo Support Ltd" is ready in ${where}.

Start KreeChat with \`npm start\`, open http://${config.host}:${config.port}/login and log in as:

  admin      ${ADMIN_EMAIL}
${AGENTS.map((a) => `  ${(a.role ?? 'agent').padEnd(10)} ${a.email}`).join('\n')}

Every demo account's password is ${DEMO_PASSWORD}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
