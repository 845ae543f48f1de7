/**
 * League and group tables computed from finished results (pure; no I/O).
 *
 * The caller decides which matches count: finished matches only, and for tournaments only
 * group-stage matches (pass results with a `group`; knockout rounds are left out).
 * Ordering rules live in ./tiebreakers.ts (head-to-head mini-leagues, UEFA re-application,
 * alphabetical final fallback).
 */
import type { PointsAdjustment, TieBreaker } from '../catalogue/competitions';
import { rankTeams, type ScoreLine, type TeamTotals } from './tiebreakers';

export type { PointsAdjustment, TieBreaker } from '../catalogue/competitions';

/** One counted (finished) match. Team names must already be canonical. */
export interface StandingsResult {
  fixture_id: number;
  /** Kickoff, ISO 8601 UTC (e.g. `2023-08-11T19:00:00Z`); orders the form guide. */
  kickoff: string;
  /** Group label (`Group A`) for tournaments; null for leagues. */
  group: string | null;
  home: string;
  away: string;
  /** Goals at the end of the match as it counts for the table (90 minutes; no extra time in group play). */
  home_goals: number;
  away_goals: number;
}

export type FormResult = 'W' | 'D' | 'L';

export interface StandingsRow {
  /** 1..n, no shared positions. */
  position: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  /** Table points, adjustments included. */
  points: number;
  /** Sum of the team's points adjustments (0 if none); already included in `points`. */
  points_adjustment: number;
  /** Last `form_length` results, oldest first, most recent last (by kickoff, then fixture_id). */
  form: FormResult[];
}

export interface StandingsTable {
  group: string | null;
  rows: StandingsRow[];
}

export interface StandingsInput {
  results: StandingsResult[];
  /** Teams to list even without results (they get zero rows). */
  teams?: string[];
  tie_breakers: TieBreaker[];
  points: { win: number; draw: number; loss: number };
  adjustments: PointsAdjustment[];
  /** Length of the form guide; default 5. */
  form_length?: number;
  /**
   * `home` / `away`: a home (away) table — each result counts only for its home (away) team; the
   * other side's match is not recorded. Tie-breakers are the same; head-to-head mini-leagues
   * still see every meeting of the tied teams. Default: both sides (the overall table).
   */
  venue?: 'home' | 'away';
}

interface Acc extends TeamTotals {
  played: number;
  drawn: number;
  lost: number;
  points_adjustment: number;
  form: FormResult[];
}

const isGoals = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

function compareGroups(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * Compute league / group tables from finished results.
 *
 * Shapes: `input.results` are counted matches (see {@link StandingsResult}); `points` are the
 * points for a win/draw/loss (e.g. 3/1/0); `adjustments` add `points` (negative = deduction) to
 * a team's total and are summed into `points_adjustment`; `form_length` (default 5) sets how
 * many recent results `form` keeps.
 *
 * Returns one {@link StandingsTable} per group, sorted by group name (`null`, the league
 * table, first). Rows are ordered by `tie_breakers` as implemented in ./tiebreakers.ts; the
 * final fallback is alphabetical by team name (stand-in for play-offs / drawing of lots).
 * Teams from `teams` without results get zero rows: in the only table when the results have
 * a single group (or none), otherwise in the `null` table. Adjustments for teams that appear
 * neither in `results` nor in `teams` are ignored.
 *
 * Cost: O(m + n log n) per table for m matches and n teams, plus head-to-head mini-leagues on
 * tied sets only (a 380-match season computes in about a millisecond).
 *
 * @throws RangeError on invalid input: negative / non-integer goals, a team playing itself, a
 *   duplicate `fixture_id`, an unparseable `kickoff`, a team in two groups, non-finite points
 *   values or adjustments, or a negative / non-integer `form_length`.
 */
export function computeStandings(input: StandingsInput): StandingsTable[] {
  const { results, tie_breakers, points, adjustments } = input;
  const formLength = input.form_length ?? 5;
  if (!Number.isInteger(formLength) || formLength < 0) {
    throw new RangeError(`form_length must be a non-negative integer, got ${formLength}`);
  }
  for (const k of ['win', 'draw', 'loss'] as const) {
    if (!Number.isFinite(points[k])) throw new RangeError(`points.${k} must be a finite number`);
  }

  const groupOf = new Map<string, string | null>();
  const seenFixtures = new Set<number>();
  const timed: { r: StandingsResult; t: number }[] = [];
  for (const r of results) {
    if (seenFixtures.has(r.fixture_id)) throw new RangeError(`duplicate fixture_id ${r.fixture_id}`);
    seenFixtures.add(r.fixture_id);
    if (!isGoals(r.home_goals) || !isGoals(r.away_goals)) {
      throw new RangeError(`fixture ${r.fixture_id}: goals must be non-negative integers`);
    }
    if (r.home === r.away) throw new RangeError(`fixture ${r.fixture_id}: ${r.home} cannot play itself`);
    const t = Date.parse(r.kickoff);
    if (Number.isNaN(t))
      throw new RangeError(`fixture ${r.fixture_id}: unparseable kickoff ${JSON.stringify(r.kickoff)}`);
    for (const team of [r.home, r.away]) {
      const g = groupOf.get(team);
      if (g !== undefined && g !== r.group) {
        throw new RangeError(`team ${team} appears in groups ${JSON.stringify(g)} and ${JSON.stringify(r.group)}`);
      }
      groupOf.set(team, r.group);
    }
    timed.push({ r, t });
  }
  timed.sort((a, b) => a.t - b.t || a.r.fixture_id - b.r.fixture_id);

  const groups = new Set<string | null>(results.map((r) => r.group));
  const defaultGroup = groups.size === 1 ? [...groups][0] : null;
  for (const team of input.teams ?? []) {
    if (!groupOf.has(team)) groupOf.set(team, defaultGroup);
  }

  const adjustmentOf = new Map<string, number>();
  for (const a of adjustments) {
    if (!Number.isFinite(a.points)) throw new RangeError(`adjustment for ${a.team}: points must be finite`);
    adjustmentOf.set(a.team, (adjustmentOf.get(a.team) ?? 0) + a.points);
  }

  const acc = new Map<string, Acc>();
  for (const [team] of groupOf) {
    const adj = adjustmentOf.get(team) ?? 0;
    acc.set(team, {
      team,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      goals_for: 0,
      goals_against: 0,
      away_goals_for: 0,
      points: adj,
      points_adjustment: adj,
      form: [],
    });
  }

  const record = (row: Acc, gf: number, ga: number): void => {
    row.played++;
    row.goals_for += gf;
    row.goals_against += ga;
    if (gf > ga) {
      row.won++;
      row.points += points.win;
      row.form.push('W');
    } else if (gf === ga) {
      row.drawn++;
      row.points += points.draw;
      row.form.push('D');
    } else {
      row.lost++;
      row.points += points.loss;
      row.form.push('L');
    }
  };
  const matchesByGroup = new Map<string | null, ScoreLine[]>();
  for (const { r } of timed) {
    if (input.venue !== 'away') record(acc.get(r.home)!, r.home_goals, r.away_goals);
    const away = acc.get(r.away)!;
    if (input.venue !== 'home') {
      record(away, r.away_goals, r.home_goals);
      away.away_goals_for += r.away_goals;
    }
    const list = matchesByGroup.get(r.group);
    if (list) list.push(r);
    else matchesByGroup.set(r.group, [r]);
  }

  const teamsByGroup = new Map<string | null, Acc[]>();
  for (const [team, g] of groupOf) {
    const list = teamsByGroup.get(g);
    if (list) list.push(acc.get(team)!);
    else teamsByGroup.set(g, [acc.get(team)!]);
  }

  return [...teamsByGroup.keys()].sort(compareGroups).map((group) => {
    const rowsIn = teamsByGroup.get(group)!;
    const order = rankTeams(rowsIn, matchesByGroup.get(group) ?? [], tie_breakers, points);
    const rows = order.map((team, i): StandingsRow => {
      const a = acc.get(team)!;
      return {
        position: i + 1,
        team,
        played: a.played,
        won: a.won,
        drawn: a.drawn,
        lost: a.lost,
        goals_for: a.goals_for,
        goals_against: a.goals_against,
        goal_difference: a.goals_for - a.goals_against,
        points: a.points,
        points_adjustment: a.points_adjustment,
        form: formLength === 0 ? [] : a.form.slice(-formLength),
      };
    });
    return { group, rows };
  });
}
