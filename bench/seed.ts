/** Seeds a benchmark company (one department, one admin) into the configured database, then exits. */
import { buildServices } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { createMailer } from '../server/src/mail/mailer';
import { createLogger } from '../server/src/platform/logger';
import fs from 'node:fs';
import { sessions, users } from '../server/src/db/schema';
import { randomToken, sha256 } from '../server/src/platform/crypto';
import { hashPassword } from '../server/src/platform/passwords';
import { BENCH_ADMIN } from './support';

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

// The sockets benchmark: BENCH_AGENTS agents of the department, BENCH_SOCKETS sessions shared out among them
// (one per socket), their cookie values written to BENCH_SESSIONS_FILE. One password hash for all: seeding
// 10,000 argon2 hashes would take minutes and prove nothing.
const agentCount = Number(process.env.BENCH_AGENTS ?? 0);
if (agentCount > 0) {
  const socketCount = Number(process.env.BENCH_SOCKETS ?? agentCount);
  const passwordHash = await hashPassword(BENCH_ADMIN.password);
  const ids: string[] = [];
  for (let i = 0; i < agentCount; i += 1000) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, agentCount - i) }, (_, j) => ({
          companyId: company.id,
          email: `bench-agent-${i + j}@example.test`,
          passwordHash,
          firstName: 'Agent',
          lastName: String(i + j),
          role: 'agent' as const,
          departmentId: department.id,
          createdAt: now,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((row) => row.id));
  }
  const tokens = Array.from({ length: socketCount }, () => randomToken());
  const expiresAt = new Date(now.getTime() + 24 * 36e5);
  for (let i = 0; i < socketCount; i += 1000) {
    await database.db.insert(sessions).values(
      tokens.slice(i, i + 1000).map((token, j) => ({
        id: sha256(token),
        companyId: company.id,
        userId: ids[(i + j) % agentCount]!,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
      })),
    );
  }
  fs.writeFileSync(process.env.BENCH_SESSIONS_FILE!, tokens.join('\n'));
}

await services.realtime.close();
await database.close();
process.exit(0);
