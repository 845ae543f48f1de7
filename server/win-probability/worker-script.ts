/**
 * Where a worker_threads script of server/win-probability lives: under the server bundle
 * (scripts/build-server.mjs) the bundled `<bundled>.mjs` beside index.mjs, under tsx the
 * TypeScript source beside this file, loaded through tsx's ESM API (like webhooks/send-thread.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The `new Worker(file, { eval })` arguments of a thread script.
 * @param bundled the bundle's file name (e.g. `win-probability-prematch.mjs`, an entry of build-server.mjs)
 * @param source the TypeScript source's file name in server/win-probability (e.g. `prematch-worker.ts`)
 */
export function workerScript(
  bundled: string,
  source: string,
  moduleUrl = import.meta.url,
): { file: string; eval: boolean } {
  const here = fileURLToPath(moduleUrl);
  if (here.endsWith('.mjs')) return { file: path.join(path.dirname(here), bundled), eval: false };
  const tsx = pathToFileURL(
    createRequire(moduleUrl)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const src = pathToFileURL(path.join(path.dirname(here), source)).href;
  return {
    file: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(src)}); });`,
    eval: true,
  };
}
