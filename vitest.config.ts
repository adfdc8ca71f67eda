import { defineConfig } from 'vitest/config';

const server = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
    // Cross-process tests need PostgreSQL and Redis: they run in the PostgreSQL project only.
    exclude: db === 'pglite' ? ['**/*.redis.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    env: { KC_TEST_DB: db },
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
          include: ['packages/**/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      server('server-pglite', 'pglite'),
      ...(withPostgres ? [server('server-postgres', 'postgres')] : []),
    ],
  },
});
