/**
 * The served tennis pre-match probability is the model the calibration bench measures: on a real
 * store (the bundled ATP 2024 seed, PGlite) the rows' pass (prematch-batch.ts `computeSportPrematch`,
 * the function the pass thread runs) gives three real 2024 finals — the Australian Open (best of 5,
 * hard), Monte Carlo (clay) and Halle (grass) — the figure lib/win-probability computes from the
 * same results imported and rated as bench/calibration-series.ts rates them (`ratedSport`: with
 * `best_of` and `surface`; the store's other tennis results, the 2017 point-by-point matches played
 * years before, as the served rows rate them). And the served rows carry both: dropping either
 * moves the figures.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMPORT_FORMATS } from '@/lib/import';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import { prematchProbabilities } from '@/lib/win-probability/prematch';
import { ratedSport } from '@/lib/win-probability/rated-import';
import type { RatedResult } from '@/lib/win-probability/types';
import { openSeededStore, type SeededStore } from '@/test/helpers/seeded-store';
import { DATASETS } from '../bundled-data';
import * as t from '../store/schema';
import { computeSportPrematch, ratedRow } from './prematch-batch';
import { prematchRowsOf } from './tennis-rank-points';

const MATCHES = {
  'Australian Open final (best of 5, hard)': 'sackmann-atp/2024-580/226',
  'Monte Carlo final (clay)': 'sackmann-atp/2024-0410/300',
  'Halle final (grass)': 'sackmann-atp/2024-0500/300',
};

let s: SeededStore;
let idOf: Map<string, number>;
let bench: Map<RatedResult['fixture_id'], { home: number }>;
beforeAll(async () => {
  s = await openSeededStore('tennis');
  const keys = await s.store.db
    .select({ id: t.fixtureSources.fixtureId, key: t.fixtureSources.sourceKey })
    .from(t.fixtureSources)
    .where(eq(t.fixtureSources.source, 'sackmann-atp'));
  idOf = new Map(keys.map((k) => [k.key, k.id]));
  // The calibration path (bench/calibration-series.ts): the store's import of the two files, rated by ratedSport.
  const ms = (await IMPORT_FORMATS['sackmann-atp'](
    [
      path.join(DATASETS, 'tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv'),
      path.join(DATASETS, 'tennis/tennis-data.co.uk/2024/2024.xlsx'),
    ],
    {},
  )) as ImportedSportMatch[];
  const atp = ms.filter((m) => m.result).map(ratedSport);
  const imported = new Set(atp.map((r) => idOf.get(r.fixture_id as string)));
  const earlier = (await prematchRowsOf(s.store.db, 'tennis')).filter((r) => !imported.has(r.id));
  expect(earlier.every((r) => r.season < '2024')).toBe(true);
  bench = prematchProbabilities('tennis', [...atp, ...earlier.map((r) => ratedRow(r, false))]);
}, 600_000);
afterAll(async () => {
  await s?.close();
});

describe('served tennis pre-match = the benched model', () => {
  it('serves each match the calibration figure, its format and surface included', async () => {
    const served = await computeSportPrematch(s.store.db, 'tennis');
    const rows = await prematchRowsOf(s.store.db, 'tennis');
    for (const [name, key] of Object.entries(MATCHES)) {
      const id = idOf.get(key)!;
      const row = rows.find((r) => r.id === id)!;
      const rated = ratedRow(row, false);
      expect({ name, best_of: rated.best_of, surface: rated.surface }).toEqual({
        name,
        best_of: name.includes('best of 5') ? 5 : 3,
        surface: /clay/.test(name) ? 'Clay' : /grass/.test(name) ? 'Grass' : 'Hard',
      });
      expect(served.get(id)!.home, name).toBeCloseTo(bench.get(key)!.home, 12);
    }
  });

  it('differs from the bench with the surface or the format dropped (the defects this fixes)', async () => {
    const rows = await prematchRowsOf(s.store.db, 'tennis');
    const rated = (drop: 'surface' | 'best_of') =>
      prematchProbabilities(
        'tennis',
        rows.map((r) => ({ ...ratedRow(r, false), [drop]: null })),
      );
    const noSurface = rated('surface');
    const noBestOf = rated('best_of');
    for (const [name, key] of Object.entries(MATCHES)) {
      const id = idOf.get(key)!;
      expect(Math.abs(noSurface.get(id)!.home - bench.get(key)!.home), name).toBeGreaterThan(1e-4);
    }
    const slam = idOf.get(MATCHES['Australian Open final (best of 5, hard)'])!;
    expect(
      Math.abs(noBestOf.get(slam)!.home - bench.get(MATCHES['Australian Open final (best of 5, hard)'])!.home),
    ).toBeGreaterThan(1e-3);
  });
});
