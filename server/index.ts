/**
 * Entry point. `npm start` and `npm run serve` run its bundle (scripts/build-server.mjs: `node
 * .server-build/index.mjs`, stack traces mapped to the sources by server/stack-traces.ts); `npm run dev` runs it from source (`node --import tsx server/index.ts`).
 * Exits with a clear message on invalid configuration; stops cleanly on SIGTERM/SIGINT.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './store/lock';
import { SecretKeyMissingError } from './webhooks/seal-secrets';
import { startServer } from './start';
import { mapBundleStackTraces } from './stack-traces';

// Run as the server bundle (.server-build/index.mjs): stack traces name the TypeScript sources.
const self = fileURLToPath(import.meta.url);
if (self.endsWith('.mjs')) mapBundleStackTraces(self);

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  let running;
  try {
    running = await startServer(config, { pages: config.PAGES !== 'off' });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(3);
    }
    if (e instanceof SecretKeyMissingError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.services.log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    void running.stop().then(() => {
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
