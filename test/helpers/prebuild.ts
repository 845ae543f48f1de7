/**
 * Builds, ahead of the test files that need them, the store seeds of the test servers
 * (store-template.ts) and the shared sandbox sample (server/sandbox sampleTemplate) of this
 * checkout — one after another, in one process. `npm test` (scripts/test.mjs) starts it in the
 * background before the lint, type check and builds, so these imports use the core those steps
 * leave idle, and the files that need a seed find it ready instead of waiting for it (a file
 * asking for a seed still being built waits on its lock, as before; one built already is reused).
 *
 * Run: `node --import tsx test/helpers/prebuild.ts` (prints what it built and how long it took).
 * Errors: exits 1 with the failed build's output; the tests then build what is missing themselves.
 */
import pino from 'pino';
import { sampleTemplate } from '@/server/sandbox/sandbox';
import { SHARED_SANDBOX_SAMPLES } from './server';
import { storeTemplate } from './store-template';

/**
 * Most used first: the default (football), the phone layout's, the sandbox's, all sports, the
 * resources'; then the seeds of the files that open one sport's store or start a server on it
 * (prematch-batch and finished-series: basketball; tennis-rank-points: tennis; nhl-live: ice-hockey;
 * live-win-probability-rows: four sports). Without them here each such file built its seed in its
 * own beforeAll: server/read/prematch-batch.test.ts 67.4 s with the basketball seed to build, 18.6 s
 * with it ready (2026-12-02, load 12-15).
 */
const SEEDS = [
  'football',
  'football,baseball,cricket',
  'sandbox',
  'all',
  'football,basketball',
  'basketball',
  'football,baseball,cricket,tennis',
  'tennis',
  'ice-hockey',
];

for (const what of SEEDS) {
  const t0 = Date.now();
  try {
    if (what === 'sandbox') await sampleTemplate(SHARED_SANDBOX_SAMPLES, pino({ level: 'warn' }));
    else await storeTemplate(what);
  } catch (e) {
    console.error(`prebuild: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  console.log(`prebuild: ${what} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
