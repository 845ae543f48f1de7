/**
 * Tennis players' ATP ranking points at each stored match, for the pre-match pass's first-rating
 * prior (lib/win-probability/prematch.ts, EloParams.rank_points_scale). They are in the match's
 * stats as imported from Sackmann's atp_matches (`winner_rank_points` / `loser_rank_points`, the
 * ranking published before the tournament: information from before the match, not its result).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../store/db';
import { selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { serveOf } from '@/lib/win-probability/rated-import';

/** A fixture row with tennis players' ranking points at the match (null: unknown). */
export type PrematchRow = FixtureRow & {
  homeRankPoints?: number | null;
  awayRankPoints?: number | null;
  /** Serve points played and won in the match (its stats; read by the serve ratings after the match only). */
  homeServe?: { won: number; points: number } | null;
  awayServe?: { won: number; points: number } | null;
  /**
   * Tennis: the fixture's upstream keys and its stored state's `best_of` when a match_start set it
   * — what its format and surface are read from in the pass's thread (tennis-format.ts, which
   * reads the bundled source rows: ~0.25-0.5 s once per thread, kept off the main event loop).
   */
  sourceKeys?: string[];
  startBestOf?: unknown;
  /** Tennis: the stored result's winner (a retirement at one set all has level scores but a winner); null: none yet. */
  winner?: 'home' | 'away' | null;
  /** Tennis: the stored result is a walkover (no play: predicted, never rated, as in the calibration). */
  walkover?: boolean;
};

const points = (v: unknown): number | null => {
  const n = v == null ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * The rows with `homeRankPoints` / `awayRankPoints` and `homeServe` / `awayServe` (serve points
 * played and won) from the stored tennis match stats (one query over the sport's stats, those numbers only); null where a match has none (a scheduled or live
 * fixture without imported stats: the pass then starts a new player at 1500); `sourceKeys` /
 * `startBestOf`, what the match's format and court are read from (tennis-format.ts: the stored
 * match_start's format, else the source's row); `winner` / `walkover` from the stored result (match_snapshots).
 * Errors: the store's.
 */
export async function withRankPoints(db: Tx, rows: readonly FixtureRow[]): Promise<PrematchRow[]> {
  const found = await db
    .select({
      id: t.matchStats.fixtureId,
      home: sql<unknown>`${t.matchStats.stats}->'home'->>'rank_points'`,
      away: sql<unknown>`${t.matchStats.stats}->'away'->>'rank_points'`,
      homeSv: sql<unknown>`${t.matchStats.stats}->'home'->>'service_points'`,
      home1: sql<unknown>`${t.matchStats.stats}->'home'->>'first_serve_points_won'`,
      home2: sql<unknown>`${t.matchStats.stats}->'home'->>'second_serve_points_won'`,
      awaySv: sql<unknown>`${t.matchStats.stats}->'away'->>'service_points'`,
      away1: sql<unknown>`${t.matchStats.stats}->'away'->>'first_serve_points_won'`,
      away2: sql<unknown>`${t.matchStats.stats}->'away'->>'second_serve_points_won'`,
    })
    .from(t.matchStats)
    .innerJoin(t.fixtures, eq(t.fixtures.id, t.matchStats.fixtureId))
    .where(eq(t.fixtures.sport, 'tennis'));
  const byId = new Map(found.map((r) => [r.id, r]));
  const keys = await db
    .select({ id: t.fixtureSources.fixtureId, key: t.fixtureSources.sourceKey })
    .from(t.fixtureSources)
    .innerJoin(t.fixtures, eq(t.fixtures.id, t.fixtureSources.fixtureId))
    .where(eq(t.fixtures.sport, 'tennis'));
  const keysOf = new Map<number, string[]>();
  for (const k of keys) (keysOf.get(k.id) ?? keysOf.set(k.id, []).get(k.id)!).push(k.key);
  // The stored state: a match started by a match_start event (first_server set) runs in that
  // event's format (lib/tennis/rules.ts); a finished one keeps its winner and outcome.
  const states = await db
    .select({
      id: t.matchSnapshots.fixtureId,
      firstServer: sql<unknown>`${t.matchSnapshots.state}->'sport_state'->>'first_server'`,
      bestOf: sql<unknown>`${t.matchSnapshots.state}->'sport_state'->>'best_of'`,
      winner: sql<unknown>`${t.matchSnapshots.state}->'sport_state'->'result'->>'winner'`,
      outcome: sql<unknown>`${t.matchSnapshots.state}->'sport_state'->'result'->>'outcome'`,
    })
    .from(t.matchSnapshots)
    .where(eq(t.matchSnapshots.sport, 'tennis'));
  const stateOf = new Map(states.map((e) => [e.id, e]));
  return rows.map((r) => {
    const p = byId.get(r.id);
    const st = stateOf.get(r.id);
    return {
      ...r,
      sourceKeys: keysOf.get(r.id) ?? [],
      startBestOf: st?.firstServer != null ? st.bestOf : undefined,
      winner: st?.winner === 'home' || st?.winner === 'away' ? st.winner : null,
      walkover: st?.outcome === 'walkover',
      homeRankPoints: points(p?.home),
      awayRankPoints: points(p?.away),
      homeServe: p
        ? serveOf({
            service_points: points(p.homeSv),
            first_serve_points_won: points(p.home1),
            second_serve_points_won: points(p.home2),
          })
        : null,
      awayServe: p
        ? serveOf({
            service_points: points(p.awaySv),
            first_serve_points_won: points(p.away1),
            second_serve_points_won: points(p.away2),
          })
        : null,
    };
  });
}

/**
 * Every stored fixture of `sport` as the pre-match pass reads it: the rows, tennis's with their
 * ranking points ({@link withRankPoints}) — the one loader of the rows' pass
 * (prematch-passes.ts), the finished series' recompute (finished-series.ts) and
 * prematch-batch.ts `computeSportPrematch`, so all three rate alike. Errors: the store's.
 */
export async function prematchRowsOf(db: Tx, sport: string): Promise<PrematchRow[]> {
  const rows = (await selectFixtures(db).where(eq(t.fixtures.sport, sport))) as FixtureRow[];
  return sport === 'tennis' ? withRankPoints(db, rows) : rows;
}
