/**
 * `npm run build:seed` (part of `npm run build` and `npm start`): builds the store seed of
 * BOOTSTRAP_SPORTS (default every sport) in STORE_SEED_DIR (default .store-seed) when this version's
 * is not there yet (server/seed/seed.ts), so a first start copies it instead of importing for minutes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@/server/config';
import { buildSeed, readySeed } from '@/server/seed/seed';

const config = loadConfig();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(ROOT, config.STORE_SEED_DIR); // as server/start.ts resolves it
const ready = readySeed(root, config.BOOTSTRAP_SPORTS);
if (ready) console.log(`build-seed: ${path.relative(process.cwd(), ready)} is ready`);
else {
  const t0 = Date.now();
  console.log('build-seed: importing the bundled data into a store seed (a few minutes on a small machine)…');
  const dir = await buildSeed(root, config.BOOTSTRAP_SPORTS);
  console.log(`build-seed: ${path.relative(process.cwd(), dir)} built in ${Math.round((Date.now() - t0) / 1000)} s`);
}
