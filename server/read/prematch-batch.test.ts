/**
 * The sport's one pre-match ratings pass (prematch-batch.ts) on a real store (the bundled
 * basketball seed, PGlite): every fixture's probability is the one the ratings give from the
 * results strictly before its kickoff — unchanged when later results are added, changed when an
 * earlier one is; the pass is kept until the ingest path says it is stale, answered meanwhile
 * (stale-while-revalidate) and replaced by one pass, computed in the pass thread, when a match
 * finishes; national-team tournaments rate alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { prematchProbabilities } from '@/lib/win-probability/prematch';
import { openSeededStore, type SeededStore } from '@/test/helpers/seeded-store';
import { isoUtc, selectFixtures, type FixtureRow } from '../store/fixture-info';
import { fiveThirtyEightSeedOf, prematchOfRows, ratedRow } from './prematch-batch';
import { prematchPassesOf, sportPrematch } from './prematch-passes';

let s: SeededStore;
beforeAll(async () => {
  s = await openSeededStore('basketball');
}, 600_000);
afterAll(async () => {
  if (s) await prematchPassesOf(s.store.db).close();
  await s?.close();
});

const rowsOf = async (): Promise<FixtureRow[]> =>
  (await selectFixtures(s.store.db)).filter((r) => r.sport === 'basketball') as FixtureRow[];

describe('the basketball ratings pass', () => {
  it("equals each fixture's own computation from the results before its kickoff (sampled)", async () => {
    const rows = await rowsOf();
    expect(rows.length).toBeGreaterThan(1000);
    const pass = await sportPrematch(s.store.db, 'basketball');
    const sorted = [...rows].sort((a, b) => (isoUtc(a.kickoff) < isoUtc(b.kickoff) ? -1 : 1));
    for (const f of [sorted[0], sorted[40], sorted[600], sorted.at(-1)!]) {
      const k = isoUtc(f.kickoff);
      const before = rows.filter((r) => isoUtc(r.kickoff) < k).map((r) => ratedRow(r, false));
      const own = prematchProbabilities(
        'basketball',
        [...before, { ...ratedRow(f, false), finished: false }],
        fiveThirtyEightSeedOf('basketball'),
      ).get(f.id)!;
      expect(pass.get(f.id)!.home).toBe(own.home);
      expect(pass.get(f.id)!.rating.home_rating).toBe(own.rating.home_rating);
    }
  });

  it('no leakage: later results leave a fixture unchanged; an earlier result changes it', () => {
    return (async () => {
      const rows = (await rowsOf()).sort((a, b) => (isoUtc(a.kickoff) < isoUtc(b.kickoff) ? -1 : 1));
      const mid = rows[700];
      const base = prematchOfRows('basketball', rows).get(mid.id)!;
      // Every later result flipped to a 60-point away win: the fixture's probability stays put.
      const flippedLater = rows.map((r) =>
        isoUtc(r.kickoff) > isoUtc(mid.kickoff) ? { ...r, homeScore: 60, awayScore: 120 } : r,
      );
      expect(prematchOfRows('basketball', flippedLater).get(mid.id)).toEqual(base);
      // Its own score does not count either (it is predicted, not rated, at its kickoff).
      const ownFlipped = rows.map((r) => (r.id === mid.id ? { ...r, homeScore: 0, awayScore: 200 } : r));
      expect(prematchOfRows('basketball', ownFlipped).get(mid.id)).toEqual(base);
      // An earlier result of one of its teams does move it (the test can fail).
      const earlier = rows
        .slice(0, 700)
        .reverse()
        .find((r) => r.homeTeam === mid.homeTeam || r.awayTeam === mid.homeTeam)!;
      const flippedEarlier = rows.map((r) =>
        r.id === earlier.id
          ? { ...r, homeScore: (r.awayScore ?? 0) + 30, awayScore: r.homeScore, status: 'finished' }
          : r,
      );
      expect(prematchOfRows('basketball', flippedEarlier).get(mid.id)!.home).not.toBe(base.home);
    })();
  });

  it('kept until marked stale, answered while the next pass runs; a finished match changes the later fixtures only', async () => {
    const db = s.store.db;
    const passes = prematchPassesOf(db);
    const a = await sportPrematch(db, 'basketball');
    expect(await sportPrematch(db, 'basketball')).toBe(a);
    const rows = (await rowsOf()).sort((x, y) => (isoUtc(x.kickoff) < isoUtc(y.kickoff) ? -1 : 1));
    const last = rows.at(-1)!;
    // A new fixture after the last one, between the same teams: scheduled, then finished 150–80.
    const kickoff = new Date(Date.parse(isoUtc(last.kickoff)) + 86_400_000).toISOString();
    const ins = (await db.execute(sql`
      INSERT INTO fixtures (sport, competition_id, home_team_id, away_team_id, kickoff, status)
      VALUES ('basketball', ${last.competitionId}, ${last.homeTeamId}, ${last.awayTeamId}, ${kickoff}, 'scheduled')
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    const id = Number(ins.rows[0].id);
    const later = new Date(Date.parse(kickoff) + 86_400_000).toISOString();
    const ins2 = (await db.execute(sql`
      INSERT INTO fixtures (sport, competition_id, home_team_id, away_team_id, kickoff, status)
      VALUES ('basketball', ${last.competitionId}, ${last.homeTeamId}, ${last.awayTeamId}, ${later}, 'scheduled')
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    const after = Number(ins2.rows[0].id);
    // What the ingest path says after a reference write (here: raw SQL, so said by hand).
    passes.changed('basketball');
    expect(await sportPrematch(db, 'basketball')).toBe(a); // the last complete pass, while the new one runs
    const b = await passes.fresh('basketball');
    expect(b).not.toBe(a);
    expect(b.generation).toBe(a.generation + 1);
    expect(passes.generation('basketball')).toBe(b.generation);
    expect(b.get(id)).toBeTruthy();
    const before = b.get(after)!.home;
    await db.execute(sql`UPDATE fixtures SET status = 'finished', home_score = 150, away_score = 80 WHERE id = ${id}`);
    passes.changed('basketball');
    const c = await passes.fresh('basketball');
    expect(c).not.toBe(b);
    expect(c.get(after)!.home).toBeGreaterThan(before);
    expect(c.get(id)).toEqual(b.get(id));
    for (const r of rows.slice(-50)) expect(c.get(r.id)).toEqual(a.get(r.id));
  });
});
