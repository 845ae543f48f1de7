import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';

let dir: string;
let bundle: string;

beforeAll(async () => {
  // A two-file "server" bundled the way scripts/build-server.mjs bundles the real one.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-traces-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'src', 'fail.ts'),
    ['// line 1', 'export function fail(what: string): never {', "  throw new Error('failed: ' + what);", '}', ''].join(
      '\n',
    ),
  );
  fs.writeFileSync(
    path.join(dir, 'src', 'index.ts'),
    ["import { fail } from './fail';", 'export function run(): never {', "  return fail('run');", '}', ''].join('\n'),
  );
  bundle = path.join(dir, 'out', 'index.mjs');
  await build({
    absWorkingDir: dir,
    entryPoints: ['src/index.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'silent',
  });
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs, in a plain Node child without source maps of its own (under Vitest, its module runner would
 * rewrite the bundle's code and move its positions; tsx would turn Node's source maps on), a script
 * that maps the stack traces of `mapFor` (none when null), imports the bundle and prints the stack
 * of the error it throws.
 */
async function stackFromChild(mapFor: string | null): Promise<string> {
  const child = path.join(dir, 'child.mjs');
  if (!fs.existsSync(child)) {
    fs.writeFileSync(
      path.join(dir, 'child.ts'),
      [
        `import { mapBundleStackTraces } from ${JSON.stringify(path.resolve('server/stack-traces.ts'))};`,
        'if (process.argv[2]) mapBundleStackTraces(process.argv[2]);',
        'const { run } = await import(process.argv[3]);',
        'try { run(); } catch (e) { process.stdout.write((e as Error).stack ?? ""); }',
      ].join('\n'),
    );
    await build({
      entryPoints: [path.join(dir, 'child.ts')],
      outfile: child,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
  }
  return execFileSync(process.execPath, [child, mapFor ?? '', pathToFileURL(bundle).href], { encoding: 'utf8' });
}

it('frames in the bundle name the TypeScript source, line and column; the message stays first', async () => {
  const stack = await stackFromChild(bundle);
  expect(stack.split('\n')[0]).toBe('Error: failed: run');
  expect(stack).toContain(`at fail (${path.join(dir, 'src', 'fail.ts')}:3:9)`);
  expect(stack).toContain(`at run (${path.join(dir, 'src', 'index.ts')}:3:10)`);
  expect(stack).not.toContain('index.mjs:');
  // Frames outside the bundle (the child script) are printed as V8 prints them.
  expect(stack).toContain('child.mjs:');
});

it('leaves frames as they are when the map cannot be read, and without it', async () => {
  expect(await stackFromChild(path.join(dir, 'missing', 'index.mjs'))).toContain('out/index.mjs:');
  expect(await stackFromChild(null)).toContain('out/index.mjs:');
});
