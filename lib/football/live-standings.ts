/**
 * Live standings: the tables as they would stand if every match now in play ended at its current
 * score, compared with the last stored tables (pure; no I/O).
 *
 * The stored tables are recomputed by the feed engine when a match reaches full time
 * (server/engine/standings.ts). While matches are in play, this module recomputes the affected
 * tables with the same function (computeStandings) and the same partition — leagues: one table
 * of every fixture; tournaments: one table per group, knockout fixtures left out — counting
 * finished fixtures plus in-play fixtures at their current score. Head-to-head tie-breakers need
 * the matches themselves, so the input is the competition's fixtures, not only the stored rows.
 */
import {
  computeStandings,
  type PointsAdjustment,
  type StandingsResult,
  type StandingsRow,
  type TieBreaker,
} from './standings';

/** Statuses of a match in play (kept in step with server/engine/live-cache.ts LIVE_STATUSES). */
export const IN_PLAY_STATUSES: ReadonlySet<string> = new Set(['in_play', 'break', 'suspended']);

/** One fixture of the competition with its stored status and current (or final) score. */
export interface TableFixture {
  fixture_id: number;
  /** Kickoff, ISO 8601 UTC (orders the form guide). */
  kickoff: string;
  /** Group label for tournaments (`Group A`); null for knockout rounds and for league fixtures. */
  group: string | null;
  home: string;
  away: string;
  /** Football status: `finished` and the in-play statuses count; anything else does not. */
  status: string;
  /** Goals now (in play) or at full time (finished); null before kickoff. */
  home_goals: number | null;
  away_goals: number | null;
}

/** The competition-season's table rules (columns of `competitions`). */
export interface TableRules {
  format: 'league' | 'tournament' | string;
  tie_breakers: TieBreaker[];
  points: { win: number; draw: number; loss: number };
  adjustments: PointsAdjustment[];
}

/** A stored table: `group` null (or "") for a league table. */
export interface StoredTable {
  group: string | null;
  rows: StandingsRow[];
}

/** A row of a live table: the stored row shape plus where it moved and whether the team is playing. */
export interface LiveStandingsRow extends StandingsRow {
  /** Stored position minus live position: +2 = two places up, −1 = one down, 0 = unchanged or new. */
  live_position_change: number;
  /** True while the team has a match in play that this table counts. */
  live: boolean;
}

export interface LiveTable {
  group: string | null;
  /** True when the rows are provisional (at least one counted match is in play). */
  live: boolean;
  /** fixture_ids of the in-play matches counted in this table (kickoff order). */
  live_fixtures: number[];
  rows: LiveStandingsRow[];
}

const hasScore = (f: TableFixture): boolean => f.home_goals != null && f.away_goals != null;

/**
 * Live tables of one competition-season.
 *
 * @param stored the last stored tables (positions are compared with these).
 * @param fixtures all fixtures of the competition-season (any status; only finished and in-play
 *   fixtures with a score are counted; an in-play fixture without a score counts as 0–0).
 * @param rules format, tie-breakers, points per result and points adjustments.
 * @returns one table per group — stored, or present in `fixtures` (so a tournament shows all its
 *   groups while its first match is in play) — ordered by group (league table first). Tables
 *   without an in-play match are the stored rows unchanged (`live: false`, every change 0), or,
 *   with no stored table yet, computed from the finished fixtures.
 * @throws RangeError from computeStandings on inconsistent fixtures (a team in two groups,
 *   negative goals, duplicate fixture ids).
 */
export function computeLiveTables(stored: StoredTable[], fixtures: TableFixture[], rules: TableRules): LiveTable[] {
  const tournament = rules.format === 'tournament';
  const key = (g: string | null | undefined): string => g ?? '';
  const byGroup = new Map<string, { teams: Set<string>; results: StandingsResult[]; live: TableFixture[] }>();
  for (const f of fixtures) {
    if (tournament && !f.group) continue;
    const g = tournament ? f.group! : '';
    const entry = byGroup.get(g) ?? { teams: new Set<string>(), results: [], live: [] };
    byGroup.set(g, entry);
    entry.teams.add(f.home).add(f.away);
    const inPlay = IN_PLAY_STATUSES.has(f.status);
    if (inPlay) entry.live.push(f);
    if ((f.status === 'finished' && hasScore(f)) || inPlay) {
      entry.results.push({
        fixture_id: f.fixture_id,
        kickoff: f.kickoff,
        group: null,
        home: f.home,
        away: f.away,
        home_goals: f.home_goals ?? 0,
        away_goals: f.away_goals ?? 0,
      });
    }
  }

  const storedBy = new Map(stored.map((t) => [key(t.group), t]));
  const groups = new Set([...storedBy.keys(), ...byGroup.keys()]);
  const compute = (e: { teams: Set<string>; results: StandingsResult[] }) =>
    computeStandings({
      results: e.results,
      teams: [...e.teams],
      tie_breakers: rules.tie_breakers,
      points: rules.points,
      adjustments: rules.adjustments,
    })[0]?.rows ?? [];
  return [...groups].sort().map((g): LiveTable => {
    const before = storedBy.get(g);
    const entry = byGroup.get(g);
    const group = g === '' ? null : g;
    if (!entry?.live.length) {
      const rows = before?.rows ?? (entry ? compute(entry) : []);
      return {
        group,
        live: false,
        live_fixtures: [],
        rows: rows.map((r) => ({ ...r, live_position_change: 0, live: false })),
      };
    }
    const rows = compute(entry);
    const was = new Map((before?.rows ?? []).map((r) => [r.team, r.position]));
    const playing = new Set(entry.live.flatMap((f) => [f.home, f.away]));
    const liveFixtures = [...entry.live]
      .sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.fixture_id - b.fixture_id)
      .map((f) => f.fixture_id);
    return {
      group,
      live: true,
      live_fixtures: liveFixtures,
      rows: rows.map((r) => {
        const p = was.get(r.team);
        return { ...r, live_position_change: p == null ? 0 : p - r.position, live: playing.has(r.team) };
      }),
    };
  });
}
