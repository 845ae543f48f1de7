import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsNodeArgs } from './store/child-build';
import { findRoot, MIGRATIONS_DIR, ROOT } from './root';

describe('the checkout root, from sources and from the bundle', () => {
  it('is the directory holding package.json, drizzle/ and datasets/', () => {
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name).toBe('scoreline');
    expect(fs.existsSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'))).toBe(true);
    expect(fs.existsSync(path.join(ROOT, 'datasets'))).toBe(true);
  });

  it('is found from any depth below it (server/x/y under tsx, .server-build/ for the bundle)', () => {
    expect(findRoot(path.join(ROOT, 'server', 'store'))).toBe(ROOT);
    expect(findRoot(path.join(ROOT, '.server-build'))).toBe(ROOT);
  });

  it('is refused outside any package', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-root-'));
    try {
      expect(() => findRoot(dir)).toThrow(/no package\.json/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Node flags of a child that runs a TypeScript script', () => {
  it('adds tsx for the bundle, keeps the flags that already load it', () => {
    expect(tsNodeArgs(['--enable-source-maps'])).toEqual(['--import', 'tsx', '--enable-source-maps']);
    expect(tsNodeArgs(['--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(tsNodeArgs(['--import=tsx', '--cpu-prof'])).toEqual(['--import=tsx', '--cpu-prof']);
  });
});
