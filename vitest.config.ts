import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeParts } from './web/vite.config';

/*
 * Two groups, run one after the other. The first holds every file that keeps to itself (its own PGlite or its own
 * PostgreSQL database, its own ports and folders): two at a time, since most of their time is spent waiting on a
 * database, a child process or a timer, and vitest's default on a 2-core machine is one. The second holds the
 * cross-process tests (*.postgres.test.ts): servers in child processes, throwaway clusters, one shared Redis whose
 * presence keys are global, outages timed in seconds. They run alone, one at a time.
 */
const TOGETHER = { sequence: { groupOrder: 0 }, maxWorkers: 2 };
const ALONE = { sequence: { groupOrder: 1 }, maxWorkers: 1 };
const CROSS_PROCESS = '**/*.postgres.test.ts';

const server = (name: string, db: 'pglite' | 'postgres', files: 'own' | 'cross-process') => ({
  test: {
    name,
    include: files === 'own' ? ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'] : [`server/${CROSS_PROCESS}`],
    exclude: files === 'own' ? [CROSS_PROCESS, '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    env: { KC_TEST_DB: db },
    // Trusts the local push service's certificate in the workers (NODE_EXTRA_CA_CERTS is read at process start);
    // makes the migrated databases every test's own starts from.
    globalSetup: ['server/test/fakes/push/global-setup.ts', 'server/test/database-images.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...(files === 'own' ? TOGETHER : ALONE),
  },
});

// The PostgreSQL run is part of every run where a server is given (CI always gives one).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        // `@/` is web/src, as in web/tsconfig.json's paths.
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        plugins: [localeParts({ whole: true })],
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'widget/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          // A component test renders in jsdom beside the server tests' databases: on a loaded 2-core machine its
          // first render alone can pass vitest's 5 s default.
          testTimeout: 20_000,
          ...TOGETHER,
        },
      },
      server('server-pglite', 'pglite', 'own'),
      ...(withPostgres
        ? [server('server-postgres', 'postgres', 'own'), server('server-processes', 'postgres', 'cross-process')]
        : []),
    ],
  },
});
