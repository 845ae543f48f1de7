import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const EXCLUDE = ['node_modules/**', '.next/**', '.next-*/**', 'datasets/**'];
/**
 * Files that assert wall-clock bounds (updates and webhooks typically — median — under 1 s from
 * ingest, a goal on the page under 1 s, slow-client timeouts, failover): they run last, two at a
 * time, with nothing else on the machine — under three workers on 2 cores an update once took
 * 1,107 ms, and even here one webhook once took 1,060 ms (p50 78 ms), hence the median.
 */
const TIMED = [
  'test/integration/ws.test.ts',
  'e2e/live.test.ts',
  'test/integration/hostile-http.test.ts',
  'test/integration/webhooks.test.ts',
  'test/integration/cluster-failover.test.ts',
  'test/integration/ws-fanout.test.ts',
];

/**
 * Unit tests of lib/ and of the pages' helpers in components/ and browser/ (pure: no server, store or network; no mocks, fake timers or changed globals — checked when
 * this list was made): they run in the 'unit' project without per-file isolation.
 */
const PURE = ['lib/**/*.test.ts', 'components/**/*.test.ts', 'browser/**/*.test.ts'];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Builds the server bundle the test servers run, once per run (test/helpers/global-setup.ts).
    globalSetup: ['test/helpers/global-setup.ts'],
    projects: [
      {
        extends: true,
        // Most files wait on real server processes, replays and timeouts: three at a time on a 2-core machine.
        test: {
          name: 'suite',
          include: ['**/*.test.ts'],
          exclude: [...EXCLUDE, ...TIMED, ...PURE],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The pure core's unit tests share their workers' module cache (isolate: false) instead of a
        // fresh process and module graph per file: lib/ took 171 s of CPU isolated, 79 s not; components/ and browser/ 17 s, 8 s.
        test: {
          name: 'unit',
          include: PURE,
          exclude: EXCLUDE,
          isolate: false,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, exclude: EXCLUDE, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
