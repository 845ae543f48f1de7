/**
 * The server bundle (scripts/build-server.mjs) that `npm start` and the test servers run: it holds
 * the server's own modules (none left for a TypeScript loader), leaves npm packages as imports, has
 * the webhook sender thread's script beside it, is
 * fresh after a build, and runs under plain Node (an invalid setting is refused with exit 2, as from
 * the sources).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';
import { buildServerBundleIfStale, SERVER_BUNDLE } from '../helpers/server-bundle';

describe('server bundle', () => {
  it('bundles server/ and lib/, not node_modules, with a source map naming the sources', () => {
    buildServerBundleIfStale();
    const meta = JSON.parse(fs.readFileSync(path.join(path.dirname(SERVER_BUNDLE), 'meta.json'), 'utf8'));
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain('server/index.ts');
    expect(inputs).toContain('server/root.ts');
    expect(inputs.some((i) => i.startsWith('lib/'))).toBe(true);
    expect(inputs.filter((i) => i.includes('node_modules'))).toEqual([]);
    const map = JSON.parse(fs.readFileSync(`${SERVER_BUNDLE}.map`, 'utf8'));
    expect(map.sources).toContain('../server/start.ts');
    expect(fs.readFileSync(SERVER_BUNDLE, 'utf8')).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\n$/);
  });

  it('builds the webhook sender thread’s script beside it, with its own map, and leaves no temporary files', () => {
    buildServerBundleIfStale();
    const dir = path.dirname(SERVER_BUNDLE);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8'));
    expect(Object.keys(meta.inputs)).toContain('server/webhooks/send-worker.ts');
    const sender = fs.readFileSync(path.join(dir, 'webhook-sender.mjs'), 'utf8');
    expect(sender).toMatch(/\/\/# sourceMappingURL=webhook-sender\.mjs\.map\n$/);
    expect(sender).not.toContain('startServer'); // the thread carries the sender, not the server
    const map = JSON.parse(fs.readFileSync(path.join(dir, 'webhook-sender.mjs.map'), 'utf8'));
    expect(map.sources).toContain('../server/webhooks/send-worker.ts');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('is fresh right after a build: --if-stale does nothing', () => {
    buildServerBundleIfStale();
    const before = fs.statSync(SERVER_BUNDLE).mtimeMs;
    const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(fs.statSync(SERVER_BUNDLE).mtimeMs).toBe(before);
  });

  it('runs under plain Node: an invalid PORT is refused with exit 2 and a clear message', () => {
    buildServerBundleIfStale();
    const r = spawnSync(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/PORT/);
  });
});
