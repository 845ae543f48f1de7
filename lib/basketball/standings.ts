/**
 * NBA standings from finished regular-season games (pure; no I/O).
 *
 * Rules (NBA, simplified where noted):
 * - W, L, win % = W / (W + L) (0 with no games); no draws in basketball.
 * - Games behind (GB) the group leader (first row): ((leaderW − W) + (L − leaderL)) / 2; 0 for
 *   the leader, in half-game steps.
 * - Order: win % (higher first); ties broken by the NBA's published two-team and multi-team
 *   lists (head-to-head, division leader, division and conference record, record against
 *   playoff-eligible teams, point differential; lib/basketball/tiebreakers.ts), then team name
 *   in place of the drawing of lots.
 * - Groups: `conference` (default, the NBA's playoff seeding), `division` or `league`; a team's
 *   conference/division comes from `teams` (default {@link NBA_TEAMS_BY_NAME}, 2022-23).
 */
import { groupRows, teamGroup, type TeamGrouping, type TeamPlace } from '../rules/standings-groups';
import { nbaTieBreaker } from './tiebreakers';
import { NBA_TEAMS_BY_NAME } from './teams';

/** One counted game: regular season, finished. Team names as in the team table. */
export interface BasketballGameResult {
  home: string;
  away: string;
  home_points: number;
  away_points: number;
}

export interface NbaStandingsRow {
  /** 1..n within the group, no shared positions. */
  position: number;
  team: string;
  played: number;
  won: number;
  lost: number;
  /** W / (W + L), unrounded (display as .707). */
  win_pct: number;
  /** Games behind the group leader (0 for the leader). */
  games_behind: number;
  home: { won: number; lost: number };
  away: { won: number; lost: number };
  points_for: number;
  points_against: number;
}

export interface NbaStandingsTable {
  group: string;
  rows: NbaStandingsRow[];
}

export type NbaGrouping = TeamGrouping;

interface Acc extends Omit<NbaStandingsRow, 'position' | 'win_pct' | 'games_behind'> {}

const pct = (w: number, l: number): number => (w + l === 0 ? 0 : w / (w + l));

/**
 * Computes NBA standings tables.
 * @param results finished regular-season games (leave out play-in and playoff games)
 * @param opts.group grouping (default `conference`); opts.teams name → {conference, division}
 * @returns one table per group, sorted by group name (`East`, `West`; `NBA` for league)
 * @throws RangeError for a team missing from the team table (when grouping by conference or
 *   division), a team playing itself, negative/non-integer points or a tied score.
 */
export function computeNbaStandings(
  results: BasketballGameResult[],
  opts: { group?: NbaGrouping; teams?: ReadonlyMap<string, TeamPlace> } = {},
): NbaStandingsTable[] {
  const grouping = opts.group ?? 'conference';
  const teams = opts.teams ?? NBA_TEAMS_BY_NAME;
  const acc = new Map<string, Acc>();
  const row = (team: string): Acc => {
    let r = acc.get(team);
    if (!r)
      acc.set(
        team,
        (r = {
          team,
          played: 0,
          won: 0,
          lost: 0,
          home: { won: 0, lost: 0 },
          away: { won: 0, lost: 0 },
          points_for: 0,
          points_against: 0,
        }),
      );
    return r;
  };
  for (const g of results) {
    if (g.home === g.away) throw new RangeError(`${g.home} cannot play itself`);
    for (const p of [g.home_points, g.away_points])
      if (!Number.isInteger(p) || p < 0) throw new RangeError(`invalid points ${p} in ${g.home} v ${g.away}`);
    if (g.home_points === g.away_points)
      throw new RangeError(`${g.home} v ${g.away}: basketball games cannot end level`);
    const homeWon = g.home_points > g.away_points;
    const h = row(g.home);
    const a = row(g.away);
    h.played++;
    a.played++;
    h.points_for += g.home_points;
    h.points_against += g.away_points;
    a.points_for += g.away_points;
    a.points_against += g.home_points;
    if (homeWon) {
      h.won++;
      h.home.won++;
      a.lost++;
      a.away.lost++;
    } else {
      a.won++;
      a.away.won++;
      h.lost++;
      h.home.lost++;
    }
  }
  const groups = groupRows(acc.values(), (r) => teamGroup(r.team, grouping, teams.get(r.team), 'NBA'));
  const order = nbaTieBreaker({
    games: results.map((g) => ({
      home: g.home,
      away: g.away,
      homeWon: g.home_points > g.away_points,
      homePoints: g.home_points,
      awayPoints: g.away_points,
    })),
    place: (t) => teams.get(t),
  });
  const tables: NbaStandingsTable[] = [];
  for (const [group, list] of groups) {
    const byPct = new Map<number, Acc[]>();
    for (const r of list) {
      const k = pct(r.won, r.lost);
      byPct.set(k, [...(byPct.get(k) ?? []), r]);
    }
    const ordered: Acc[] = [];
    for (const k of [...byPct.keys()].sort((a, b) => b - a)) {
      const tied = byPct.get(k)!;
      const at = new Map(tied.map((r) => [r.team, r]));
      ordered.push(...order(tied.map((r) => r.team)).map((t) => at.get(t)!));
    }
    const leader = ordered[0];
    tables.push({
      group,
      rows: ordered.map((r, i) => ({
        position: i + 1,
        ...r,
        win_pct: pct(r.won, r.lost),
        games_behind: (leader.won - r.won + (r.lost - leader.lost)) / 2,
      })),
    });
  }
  return tables;
}
