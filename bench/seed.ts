/** Seeds a benchmark company (one department, one admin) into the configured database, then exits. */
import { buildServices } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { createMailer } from '../server/src/mail/mailer';
import { createLogger } from '../server/src/platform/logger';
import { hashPassword } from '../server/src/platform/passwords';

const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'Bench-Pass1!' };

const config = loadConfig();
const logger = createLogger('silent');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const services = buildServices({
  config,
  database,
  logger,
  mailer: createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger }),
});
const now = new Date();
const company = await services.companies.create({
  name: 'Bench',
  phone: '-',
  email: BENCH_ADMIN.email,
  country: 'GB',
  createdAt: now,
});
const department = await services.departments.create(company.id, 'General');
await services.agents.create({
  companyId: company.id,
  email: BENCH_ADMIN.email,
  passwordHash: await hashPassword(BENCH_ADMIN.password),
  firstName: 'Bench',
  lastName: 'Admin',
  role: 'admin',
  departmentId: department.id,
  createdAt: now,
});
await services.realtime.close();
await database.close();
process.exit(0);
