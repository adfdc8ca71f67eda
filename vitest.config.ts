import { defineConfig } from 'vitest/config';

const server = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
    // Cross-process tests (*.postgres.test.ts) share one PostgreSQL database: they run in its project only.
    exclude: db === 'pglite' ? ['**/*.postgres.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    env: { KC_TEST_DB: db },
    // Trusts the local push service's certificate in the workers (NODE_EXTRA_CA_CERTS is read at process start).
    globalSetup: ['server/test/fakes/push/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The PostgreSQL run is part of every run where a server is given (CI always gives one).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'widget/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      server('server-pglite', 'pglite'),
      ...(withPostgres ? [server('server-postgres', 'postgres')] : []),
    ],
  },
});
