/**
 * Pre-match win probability of every fixture of a sport in one ratings pass (issue 37 item 4: the
 * scoreboard, fixtures and results rows; and the match's series, read-win-probability.ts): the
 * sport's fixtures walked once in kickoff order (lib/win-probability/elo.ts `runElo`), each
 * predicted from the finished results strictly before its kickoff — never from itself or a later
 * match — so one pass answers every row. Rating pools, as the match's series had them:
 * - football: each national-team tournament (World Cup, Euro; one competition id) alone, at neutral
 *   venues, seeded with World Football Elo from the bundled international results before its
 *   first kickoff — a replayed edition (`2022-replay`) before the recorded edition's real first
 *   kickoff, not today's replayed one ({@link nationalCutoffOf}); every other football fixture in one pool;
 * - basketball / ice hockey: one pool seeded with FiveThirtyEight's season-start ratings, each from
 *   its date on (fivethirtyeight-seed.ts);
 * - every other sport but golf: one pool, unseeded.
 * The pass is a pure function of the rows ({@link prematchOfRows}); prematch-passes.ts keeps one
 * per store and sport and recomputes it in a worker thread when the ingest path says it is stale
 * (a final whistle, an import, a reference write) — an event of a match in play does not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SeedRatings } from '@/lib/win-probability/elo';
import { fiveThirtyEightSeed } from '@/lib/win-probability/fivethirtyeight-seed';
import {
  type InternationalResult,
  nationalSeedCutoff,
  nationalTeamRatingsOf,
  parseInternationalResults,
} from '@/lib/win-probability/national-teams';
import { type Prematch, prematchProbabilities, tennisRoundOrder } from '@/lib/win-probability/prematch';
import type { RatedResult } from '@/lib/win-probability/types';
import { DATASETS } from '../bundled-data';
import type { Tx } from '../store/db';
import { isoUtc, type FixtureRow } from '../store/fixture-info';
import { tennisFormatOf } from './tennis-format';
import { type PrematchRow, prematchRowsOf } from './tennis-rank-points';

/**
 * A fixture row the pass may carry more on: tennis players' ATP ranking points at the match
 * (tennis-rank-points.ts `withRankPoints`, from the stored match stats), the first rating's prior.
 */
export type { PrematchRow };

/** Competitions of national teams (rated with the international-results seed, neutral venues). */
export const NATIONAL = new Set(['world-cup', 'euro']);

const nationalSeeds = new Map<string, Map<string, number>>();
let internationalResults: InternationalResult[] | undefined;
/**
 * Reads the bundled international results (datasets/football/martj42-international_results) once
 * per thread: the pre-match pass thread (server/win-probability/prematch-worker.ts) on its first
 * football pass, the calibration bench and tests on theirs. Errors: the file's read/parse errors.
 */
export function warmNationalSeeds(): void {
  internationalResults ??= parseInternationalResults(
    readFileSync(path.join(DATASETS, 'football/martj42-international_results/results.csv'), 'utf8'),
  );
}
/** National teams' World Football Elo from the bundled international results before `before` (ISO 8601; once per instant per process). */
function nationalSeed(before: string): Map<string, number> {
  let s = nationalSeeds.get(before);
  if (!s) {
    warmNationalSeeds();
    s = nationalTeamRatingsOf(internationalResults!, before);
    nationalSeeds.set(before, s);
  }
  return s;
}

/**
 * The seed cut-off of one national edition's pool (national-teams.ts `nationalSeedCutoff`): its
 * first kickoff, or for a replayed edition the recorded edition's real first kickoff.
 */
export function nationalCutoffOf(pool: readonly FixtureRow[]): string {
  warmNationalSeeds();
  const first = pool.map((r) => isoUtc(r.kickoff)).sort()[0];
  return nationalSeedCutoff(internationalResults!, pool[0].slug, pool[0].season, first);
}

const FIVETHIRTYEIGHT = {
  basketball: 'basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv',
  'ice-hockey': 'ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv',
} as const;
const fteSeeds = new Map<string, SeedRatings>();
/**
 * NBA / NHL: FiveThirtyEight's season-start ratings from the bundled Elo files (read once per
 * process), each dated by its team's first game; other sports: undefined.
 */
export function fiveThirtyEightSeedOf(sport: string): SeedRatings | undefined {
  if (sport !== 'basketball' && sport !== 'ice-hockey') return undefined;
  let s = fteSeeds.get(sport);
  if (!s) {
    s = fiveThirtyEightSeed(readFileSync(path.join(DATASETS, FIVETHIRTYEIGHT[sport]), 'utf8'), sport);
    fteSeeds.set(sport, s);
  }
  return s;
}

/** A tennis row's format and surface (tennis-format.ts; read here, in the pass's thread). */
function tennisRatedFormat(r: PrematchRow): { best_of: 3 | 5 | null; surface: string | null } {
  const f = tennisFormatOf(r.sourceKeys ?? [], r.startBestOf);
  return { best_of: f.bestOf, surface: f.surface };
}

/**
 * A stored fixture as the ratings read it (finished: status finished with both scores; tennis:
 * its round's order within the tournament, the players' ranking points and serve points where the
 * row has them, and the match's format and surface — tennis-format.ts — as the calibration bench's
 * rows have them, lib/win-probability/rated-import.ts `ratedSport`).
 */
export function ratedRow(r: PrematchRow, neutral: boolean): RatedResult {
  // Tennis: a walkover had no play (never rated, as lib/win-probability/rated-import.ts `ratedSport`).
  const finished = r.status === 'finished' && r.homeScore !== null && r.awayScore !== null && !r.walkover;
  const h = r.homeScore ?? 0;
  const a = r.awayScore ?? 0;
  return {
    fixture_id: r.id,
    kickoff: isoUtc(r.kickoff),
    season: r.season,
    competition: r.slug,
    home: r.homeTeam,
    away: r.awayTeam,
    neutral,
    home_score: h,
    away_score: a,
    // Tennis: the stored result's winner (a retirement can leave the sets level).
    winner: r.winner ?? (h > a ? 'home' : h < a ? 'away' : null),
    ...(r.sport === 'tennis'
      ? {
          order: tennisRoundOrder(r.round),
          home_rank_points: r.homeRankPoints,
          away_rank_points: r.awayRankPoints,
          home_serve: r.homeServe,
          away_serve: r.awayServe,
          ...tennisRatedFormat(r),
        }
      : {}),
    finished,
  };
}

/**
 * The pass over given fixtures of one sport (pure but for the bundled seed files; rules in the
 * module header). Golf: an empty map.
 * @returns pre-match probability by fixture id
 */
export function prematchOfRows(sport: string, rows: readonly PrematchRow[]): Map<number, Prematch> {
  const out = new Map<number, Prematch>();
  if (sport === 'golf') return out;
  const s = sport as Parameters<typeof prematchProbabilities>[0];
  const pools = new Map<string, PrematchRow[]>();
  for (const r of rows) {
    const k = s === 'football' && NATIONAL.has(r.slug) ? `n${r.competitionId}` : '';
    (pools.get(k) ?? pools.set(k, []).get(k)!).push(r);
  }
  for (const [k, pool] of pools) {
    const national = k !== '';
    const seed = national ? nationalSeed(nationalCutoffOf(pool)) : fiveThirtyEightSeedOf(sport);
    const pre = prematchProbabilities(
      s,
      pool.map((r) => ratedRow(r, national)),
      seed,
    );
    for (const [id, p] of pre) out.set(id as number, p);
  }
  return out;
}

/** The pass over every stored fixture of `sport`, computed now (no memo). Errors: the store's. */
export async function computeSportPrematch(db: Tx, sport: string): Promise<Map<number, Prematch>> {
  if (sport === 'golf') return new Map();
  return prematchOfRows(sport, await prematchRowsOf(db, sport));
}
