/**
 * The golf computation as it was before the 3 Dec 2026 speed-up — `golfWinProbabilities` of
 * lib/win-probability/golf.ts at commit 5561cfe, read from git into a temporary module — so the
 * cost bench times before and after in the same run without a copy of the code in the tree.
 * @returns that function, or null when git or the commit is not available (a tarball checkout)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GolfPlayer } from '@/lib/win-probability/golf';

type Golf = (players: readonly GolfPlayer[]) => Map<string, number>;

export async function golfBefore(): Promise<Golf | null> {
  try {
    const root = path.resolve(import.meta.dirname, '../..');
    const src = execFileSync('git', ['-C', root, 'show', '5561cfe:lib/win-probability/golf.ts'], { encoding: 'utf8' });
    const dir = mkdtempSync(path.join(tmpdir(), 'golf-before-'));
    const file = path.join(dir, 'golf.ts');
    writeFileSync(file, src.replace("from './normal'", `from '${path.join(root, 'lib/win-probability/normal.ts')}'`));
    return ((await import(pathToFileURL(file).href)) as { golfWinProbabilities: Golf }).golfWinProbabilities;
  } catch {
    return null;
  }
}
