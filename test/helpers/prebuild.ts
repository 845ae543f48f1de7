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

/** Most used first: the default (football), the phone layout's, the sandbox's, all sports, the resources'. */
const SEEDS = ['football', 'football,baseball,cricket', 'sandbox', 'all', 'football,basketball'];

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
