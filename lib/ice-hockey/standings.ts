/**
 * NHL standings from finished regular-season games (pure; no I/O).
 *
 * Rules (NHL 2022-23):
 * - GP games played; W wins (any way); L regulation losses; OTL losses in overtime or the
 *   shootout; PTS = 2·W + OTL; RW regulation wins; ROW regulation + overtime wins (not
 *   shootout); GF/GA goals as the final score records them (a shootout win counts one goal,
 *   so GF includes shootout-deciding goals, as 538/NHL final scores do);
 *   points % = PTS / (2·GP) (0 with no games).
 * - Order: PTS, then fewer GP (the NHL's points-% proxy while teams have played different
 *   numbers of games), then the NHL's published list: RW, ROW, W, head-to-head points (odd game
 *   left out), goal differential, goals for (lib/ice-hockey/tiebreakers.ts), then team name.
 * - Groups: `division` (default), `conference` or `league`, from `teams` (default
 *   {@link NHL_TEAMS_2022_23}).
 */
import { groupRows, teamGroup, type TeamGrouping, type TeamPlace } from '../rules/standings-groups';
import { nhlTieBreaker } from './tiebreakers';
import { NHL_TEAMS_2022_23 } from './teams';

export interface HockeyGameResult {
  home: string;
  away: string;
  home_goals: number;
  away_goals: number;
  decision: 'REG' | 'OT' | 'SO';
}

export interface NhlStandingsRow {
  position: number;
  team: string;
  played: number;
  won: number;
  lost: number;
  ot_losses: number;
  points: number;
  regulation_wins: number;
  regulation_overtime_wins: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  /** PTS / (2·GP), unrounded. */
  points_pct: number;
}

export interface NhlStandingsTable {
  group: string;
  rows: NhlStandingsRow[];
}

export type NhlGrouping = TeamGrouping;

/**
 * Computes NHL standings tables.
 * @param results finished regular-season games (no playoffs), in the order played (head-to-head's odd game)
 * @returns one table per group sorted by group name (`NHL` when grouping by league)
 * @throws RangeError for unknown teams (when grouping), a team playing itself, invalid goals,
 *   a level score, or an OT/SO game not decided by exactly one goal.
 */
export function computeNhlStandings(
  results: HockeyGameResult[],
  opts: { group?: NhlGrouping; teams?: Readonly<Record<string, TeamPlace>> } = {},
): NhlStandingsTable[] {
  const grouping = opts.group ?? 'division';
  const teams = opts.teams ?? NHL_TEAMS_2022_23;
  const acc = new Map<string, Omit<NhlStandingsRow, 'position' | 'goal_difference' | 'points_pct'>>();
  const row = (team: string) => {
    let r = acc.get(team);
    if (!r) {
      r = {
        team,
        played: 0,
        won: 0,
        lost: 0,
        ot_losses: 0,
        points: 0,
        regulation_wins: 0,
        regulation_overtime_wins: 0,
        goals_for: 0,
        goals_against: 0,
      };
      acc.set(team, r);
    }
    return r;
  };
  for (const g of results) {
    const label = `${g.home} v ${g.away}`;
    if (g.home === g.away) throw new RangeError(`${g.home} cannot play itself`);
    for (const x of [g.home_goals, g.away_goals])
      if (!Number.isInteger(x) || x < 0) throw new RangeError(`${label}: invalid goals ${x}`);
    if (g.home_goals === g.away_goals) throw new RangeError(`${label}: hockey games cannot end level`);
    if (g.decision !== 'REG' && Math.abs(g.home_goals - g.away_goals) !== 1)
      throw new RangeError(`${label}: ${g.decision} game must be decided by one goal`);
    const [win, lose] = g.home_goals > g.away_goals ? [row(g.home), row(g.away)] : [row(g.away), row(g.home)];
    const h = row(g.home);
    const a = row(g.away);
    h.played++;
    a.played++;
    h.goals_for += g.home_goals;
    h.goals_against += g.away_goals;
    a.goals_for += g.away_goals;
    a.goals_against += g.home_goals;
    win.won++;
    win.points += 2;
    if (g.decision === 'REG') {
      win.regulation_wins++;
      win.regulation_overtime_wins++;
      lose.lost++;
    } else {
      if (g.decision === 'OT') win.regulation_overtime_wins++;
      lose.ot_losses++;
      lose.points += 1;
    }
  }
  const full = [...acc.values()].map(
    (r): NhlStandingsRow => ({
      position: 0,
      ...r,
      goal_difference: r.goals_for - r.goals_against,
      points_pct: r.played ? r.points / (2 * r.played) : 0,
    }),
  );
  const byTeam = new Map(full.map((r) => [r.team, r]));
  const order = nhlTieBreaker(results, (t) => byTeam.get(t)!);
  return groupRows(full, (r) => teamGroup(r.team, grouping, teams[r.team], 'NHL')).map(([group, grouped]) => {
    let rows = grouped;
    const level = new Map<string, NhlStandingsRow[]>();
    for (const r of rows) level.set(`${r.points}/${r.played}`, [...(level.get(`${r.points}/${r.played}`) ?? []), r]);
    const keys = [...level.keys()].sort((x, y) => {
      const [px, gx] = x.split('/').map(Number);
      const [py, gy] = y.split('/').map(Number);
      return py - px || gx - gy;
    });
    rows = keys.flatMap((k) => order(level.get(k)!.map((r) => r.team)).map((t) => byTeam.get(t)!));
    rows.forEach((r, i) => (r.position = i + 1));
    return { group, rows };
  });
}
