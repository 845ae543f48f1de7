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
 * The pass is kept per store and sport while the store's {@link prematchVersion} stands (what the
 * ratings read: fixtures, kickoffs, sides, finished scores, team names), like versioned-memo.ts —
 * an event of a match in play does not change it, its final whistle does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { SeedRatings } from '@/lib/win-probability/elo';
import { fiveThirtyEightSeed } from '@/lib/win-probability/fivethirtyeight-seed';
import {
  type InternationalResult,
  nationalSeedCutoff,
  nationalTeamRatingsOf,
  parseInternationalResults,
} from '@/lib/win-probability/national-teams';
import { type Prematch, prematchProbabilities } from '@/lib/win-probability/prematch';
import type { RatedResult, WinProbability } from '@/lib/win-probability/types';
import { DATASETS } from '../bundled-data';
import type { Tx } from '../store/db';
import { isoUtc, selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { VersionedMemo } from './versioned-memo';

/** Competitions of national teams (rated with the international-results seed, neutral venues). */
export const NATIONAL = new Set(['world-cup', 'euro']);

const nationalSeeds = new Map<string, Map<string, number>>();
let internationalResults: InternationalResult[] | undefined;
/**
 * Reads the bundled international results (datasets/football/martj42-international_results) once
 * per process. The server calls it before it listens (server/start.ts): parsing the 49k rows took
 * 2–4 s on the first football list read, which held every request meanwhile (test/fuzz/api.fuzz.test.ts
 * saw /v1/football/fixtures unanswered for 2 s). Errors: the file's read/parse errors.
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

/** A stored fixture as the ratings read it (finished: status finished with both scores). */
export function ratedRow(r: FixtureRow, neutral: boolean): RatedResult {
  const finished = r.status === 'finished' && r.homeScore !== null && r.awayScore !== null;
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
    winner: h > a ? 'home' : h < a ? 'away' : null,
    finished,
  };
}

/**
 * The pass over given fixtures of one sport (pure but for the bundled seed files; rules in the
 * module header). Golf: an empty map.
 * @returns pre-match probability by fixture id
 */
export function prematchOfRows(sport: string, rows: readonly FixtureRow[]): Map<number, Prematch> {
  const out = new Map<number, Prematch>();
  if (sport === 'golf') return out;
  const s = sport as Parameters<typeof prematchProbabilities>[0];
  const pools = new Map<string, FixtureRow[]>();
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

type Rows<T> = { rows: T[] };

/**
 * Version of what a sport's ratings read in the store: its fixtures (count, top id, kickoffs,
 * sides), the finished ones (count, scores, last update: a correction after the whistle) and its
 * team names. One aggregate query (~ms); a live match's events do not change it until it finishes.
 */
export async function prematchVersion(db: Tx, sport: string): Promise<string> {
  const r = (await db.execute(sql`
    SELECT count(*) AS n, coalesce(max(id), 0) AS top,
      count(*) FILTER (WHERE status = 'finished') AS done,
      coalesce(sum(id::bigint * (coalesce(home_score, 0) * 1009 + coalesce(away_score, 0) + 1))
        FILTER (WHERE status = 'finished'), 0) AS scores,
      coalesce(sum(floor(extract(epoch FROM kickoff))::bigint), 0) AS kickoffs,
      coalesce(sum(home_team_id::bigint * 31 + away_team_id), 0) AS sides,
      max(updated_at) FILTER (WHERE status = 'finished') AS finished_at,
      (SELECT coalesce(sum(hashtext(name)::bigint), 0) FROM teams WHERE sport = ${sport}) AS names
    FROM fixtures WHERE sport = ${sport}`)) as unknown as Rows<Record<string, unknown>>;
  const v = r.rows[0] ?? {};
  return [
    v.n,
    v.top,
    v.done,
    v.scores,
    v.kickoffs,
    v.sides,
    v.finished_at ? isoUtc(String(v.finished_at)) : '',
    v.names,
  ]
    .map(String)
    .join('.');
}

/** One memo per store (the sandbox's, a transaction's: their own). */
const memos = new WeakMap<object, VersionedMemo<Map<number, Prematch>>>();

/** The pass over every stored fixture of `sport`, computed now (no memo). Errors: the store's. */
export async function computeSportPrematch(db: Tx, sport: string): Promise<Map<number, Prematch>> {
  if (sport === 'golf') return new Map();
  const rows = (await selectFixtures(db).where(eq(t.fixtures.sport, sport))) as FixtureRow[];
  return prematchOfRows(sport, rows);
}

/**
 * Pre-match probability of every stored fixture of `sport` (golf: none), from the memo while the
 * store's {@link prematchVersion} stands, else one new pass. Errors: the store's.
 */
export async function sportPrematch(db: Tx, sport: string): Promise<ReadonlyMap<number, Prematch>> {
  if (sport === 'golf') return new Map();
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new VersionedMemo(16)));
  const version = await prematchVersion(db, sport);
  return memo.get(sport, version, Infinity, () => computeSportPrematch(db, sport));
}

/**
 * Runs every stored sport's pass once, so the first list read answers from the memo: the server
 * calls it before it listens (server/start.ts). A pass is synchronous CPU (football ~0.2–0.6 s,
 * basketball ~0.4–1.3 s on this 2-core machine), so on the first read it held every other request
 * (test/fuzz/api.fuzz.test.ts: /v1/football/fixtures unanswered for 2 s in CI of 42ba6b9).
 * Errors: the store's.
 */
export async function warmPrematch(db: Tx): Promise<void> {
  const sports = await db.selectDistinct({ sport: t.fixtures.sport }).from(t.fixtures);
  for (const { sport } of sports) await sportPrematch(db, sport);
}

/**
 * One fixture's pre-match probability from the sport's pass; a fixture the memo does not hold yet
 * (added between the version and the pass) gets a pass of its own. Undefined for golf or an
 * unknown fixture.
 */
export async function fixturePrematchOf(db: Tx, sport: string, fixtureId: number): Promise<Prematch | undefined> {
  return (await sportPrematch(db, sport)).get(fixtureId) ?? (await computeSportPrematch(db, sport)).get(fixtureId);
}

/** A row's `win_probability` (P(home), P(draw) — null without draws —, P(away)), null when it has none (golf). */
export function rowWinProbability(p: Prematch | undefined): WinProbability | null {
  return p ? { home: p.home, draw: p.draw, away: p.away } : null;
}
