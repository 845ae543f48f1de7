/**
 * The golf series fold as it was before the 2 Dec 2026 follower speed-up (commit b52f82a: the golf
 * rules copied the whole state per event, every player's normal CDF was evaluated per total per
 * event) — lib/ at that commit read from git into a temporary directory (the golf chain imports
 * only relative modules) — so bench/golf-follower.ts times before and after in the same process
 * without a copy of the code in the tree.
 * @returns that commit's GolfSeriesFold and golfPrematchPoint, or null when git or the commit is
 *   not available (a tarball checkout)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const GOLF_FOLD_BEFORE_COMMIT = 'b52f82a';

type GolfSeries = typeof import('@/lib/win-probability/golf-series');

export async function golfFoldBefore(): Promise<Pick<GolfSeries, 'GolfSeriesFold' | 'golfPrematchPoint'> | null> {
  try {
    const root = path.resolve(import.meta.dirname, '../..');
    const dir = mkdtempSync(path.join(tmpdir(), 'golf-fold-before-'));
    execFileSync('bash', ['-c', `git -C "${root}" archive ${GOLF_FOLD_BEFORE_COMMIT} lib | tar -x -C "${dir}"`]);
    return (await import(pathToFileURL(path.join(dir, 'lib/win-probability/golf-series.ts')).href)) as GolfSeries;
  } catch {
    return null;
  }
}
