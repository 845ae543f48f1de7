/**
 * Ordering of teams in one standings table by an ordered list of tie-breaking criteria.
 *
 * Algorithm:
 * - Criteria are applied in order; every criterion is "higher is better".
 * - A criterion that splits a tied set hands each still-tied subset to the next criterion.
 * - A run of consecutive head-to-head (`h2h_*`) criteria is evaluated as one block on the
 *   mini-league of the teams tied at that point (only matches between them). If the block
 *   splits the set, each subset that is still level is ranked again from the start of the block
 *   on the mini-league of that subset only (UEFA EURO 2024 art. 20.01 d). If the block does
 *   not separate anyone, ranking moves on to the criteria after the block.
 *   (Recomputing after every single h2h criterion instead would rank Belgium above Romania in
 *   EURO 2024 Group E; the block rule gives the published Romania-first order.)
 * - When all criteria are exhausted, teams are ordered by name (UTF-16 code unit order), a
 *   deterministic stand-in for fair-play points, play-offs or drawing of lots.
 */
import type { TieBreaker } from '../catalogue/competitions';

/** Aggregated totals of one team over the counted matches (`points` includes adjustments). */
export interface TeamTotals {
  team: string;
  won: number;
  goals_for: number;
  goals_against: number;
  away_goals_for: number;
  points: number;
}

/** The score of one counted match, by team name. */
export interface ScoreLine {
  home: string;
  away: string;
  home_goals: number;
  away_goals: number;
}

export type H2hTieBreaker = Extract<TieBreaker, `h2h_${string}`>;

/** True for criteria computed on the mini-league among tied teams. */
export function isHeadToHead(c: TieBreaker): c is H2hTieBreaker {
  return c.startsWith('h2h_');
}

interface MiniRow {
  h2h_points: number;
  h2h_goal_difference: number;
  h2h_goals_for: number;
  h2h_away_goals: number;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Sort `teams` by `key` (descending, lexicographic over the key vector) and cut the result
 * into runs of equal keys. Returns the runs in table order. O(k log k) for k teams.
 */
function splitByKey(teams: string[], key: (team: string) => number[]): string[][] {
  const keyed = teams.map((t) => ({ t, k: key(t) }));
  const cmp = (a: number[], b: number[]): number => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
    return 0;
  };
  keyed.sort((x, y) => cmp(x.k, y.k) || byName(x.t, y.t));
  const runs: string[][] = [];
  for (let i = 0; i < keyed.length; i++) {
    if (i > 0 && cmp(keyed[i - 1].k, keyed[i].k) === 0) runs[runs.length - 1].push(keyed[i].t);
    else runs.push([keyed[i].t]);
  }
  return runs;
}

function overallValue(c: Exclude<TieBreaker, H2hTieBreaker>, t: TeamTotals): number {
  switch (c) {
    case 'points':
      return t.points;
    case 'goal_difference':
      return t.goals_for - t.goals_against;
    case 'goals_for':
      return t.goals_for;
    case 'away_goals':
      return t.away_goals_for;
    case 'wins':
      return t.won;
  }
}

/**
 * Rank the teams of one table.
 * @param totals per-team totals (every team to rank must be present; names unique).
 * @param matches counted matches of this table (used for head-to-head mini-leagues).
 * @param criteria ordered tie-breakers, e.g. `['points', 'goal_difference', ...]`.
 * @param pointsFor points for a win / draw / loss, used for `h2h_points` in mini-leagues (e.g. 3/1/0).
 * @returns team names in table order (position 1 first). Pure; no shared positions.
 */
export function rankTeams(
  totals: TeamTotals[],
  matches: ScoreLine[],
  criteria: TieBreaker[],
  pointsFor: { win: number; draw: number; loss: number },
): string[] {
  const byTeam = new Map(totals.map((t) => [t.team, t]));
  // Matches indexed by home team so a mini-league only scans the tied teams' fixtures.
  const homeGames = new Map<string, ScoreLine[]>();
  for (const m of matches) {
    const list = homeGames.get(m.home);
    if (list) list.push(m);
    else homeGames.set(m.home, [m]);
  }

  const miniLeague = (teams: string[]): Map<string, MiniRow> => {
    const set = new Set(teams);
    const rows = new Map<string, MiniRow>();
    for (const t of teams) rows.set(t, { h2h_points: 0, h2h_goal_difference: 0, h2h_goals_for: 0, h2h_away_goals: 0 });
    for (const t of teams) {
      for (const m of homeGames.get(t) ?? []) {
        if (!set.has(m.away)) continue;
        const h = rows.get(m.home)!;
        const a = rows.get(m.away)!;
        h.h2h_goals_for += m.home_goals;
        a.h2h_goals_for += m.away_goals;
        a.h2h_away_goals += m.away_goals;
        h.h2h_goal_difference += m.home_goals - m.away_goals;
        a.h2h_goal_difference += m.away_goals - m.home_goals;
        const res = Math.sign(m.home_goals - m.away_goals);
        h.h2h_points += res > 0 ? pointsFor.win : res < 0 ? pointsFor.loss : pointsFor.draw;
        a.h2h_points += res < 0 ? pointsFor.win : res > 0 ? pointsFor.loss : pointsFor.draw;
      }
    }
    return rows;
  };

  const rank = (teams: string[], from: number): string[] => {
    if (teams.length <= 1) return teams;
    if (from >= criteria.length) return [...teams].sort(byName);
    const c = criteria[from];
    if (!isHeadToHead(c)) {
      const runs = splitByKey(teams, (t) => [overallValue(c, byTeam.get(t)!)]);
      return runs.flatMap((run) => rank(run, from + 1));
    }
    let end = from;
    while (end < criteria.length && isHeadToHead(criteria[end])) end++;
    const block = criteria.slice(from, end) as H2hTieBreaker[];
    const mini = miniLeague(teams);
    const runs = splitByKey(teams, (t) => block.map((k) => mini.get(t)![k]));
    return runs.flatMap((run) =>
      // Still-level subset of a split set: re-apply the h2h block among the subset only.
      run.length < teams.length ? rank(run, from) : rank(run, end),
    );
  };

  return rank(
    totals.map((t) => t.team),
    0,
  );
}
