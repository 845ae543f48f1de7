/**
 * The NBA's published tie-breaker lists (NBA tie-break procedures, in force since 2016-17),
 * applied to teams level on win %:
 *
 * Two teams: (1) head-to-head win %; (2) a division leader over a team that does not lead its
 * division; (3) division win % (same division only); (4) conference win %; (5) win % against
 * playoff-eligible teams of its own conference; (6) win % against playoff-eligible teams of the
 * other conference; (7) point differential over all games.
 * Three or more: (1) division leader; (2) win % in all games among the tied teams; (3) division
 * win % (all in one division only); (4)–(7) as for two teams. A group still tied after a
 * criterion separates some teams goes back to (1) of the list for its size.
 *
 * Choices where the rule book needs more than results: a division leader is the team first in
 * its division by win % and this same procedure (without criterion "division leader");
 * playoff-eligible means the top ten of a conference by win % (positions 1–10 with the play-in,
 * teams level with the tenth included). The drawing of lots is replaced by team name.
 */
import { breakTies, winPctAgainst, type TieCriterion } from '../rules/tiebreak-procedure';
import type { TeamPlace } from '../rules/standings-groups';

/** A counted game for the tie-breakers: regular season, finished. */
export interface NbaTieGame {
  home: string;
  away: string;
  homeWon: boolean;
  homePoints: number;
  awayPoints: number;
}

/** What the criteria need beyond the games: where each team plays. */
export interface NbaTieContext {
  games: readonly NbaTieGame[];
  place(team: string): TeamPlace | undefined;
}

const pct = (w: number, l: number) => (w + l === 0 ? 0 : w / (w + l));

/**
 * Builds the ordering function for one season: `order(tied)` returns teams level on win %, best
 * first, by the NBA's lists above.
 */
export function nbaTieBreaker(ctx: NbaTieContext): (tied: readonly string[]) => string[] {
  const teams = [...new Set(ctx.games.flatMap((g) => [g.home, g.away]))];
  const record = new Map(teams.map((t) => [t, { w: 0, l: 0, diff: 0 }]));
  for (const g of ctx.games) {
    const h = record.get(g.home)!;
    const a = record.get(g.away)!;
    if (g.homeWon) h.w++, a.l++;
    else a.w++, h.l++;
    h.diff += g.homePoints - g.awayPoints;
    a.diff += g.awayPoints - g.homePoints;
  }
  const winPct = (t: string) => pct(record.get(t)!.w, record.get(t)!.l);
  const div = (t: string) => ctx.place(t)?.division;
  const conf = (t: string) => ctx.place(t)?.conference;

  const common: TieCriterion[] = [
    {
      name: 'division_record',
      applies: (tied) => tied.every((t) => div(t) !== undefined && div(t) === div(tied[0])),
      value: (t) => winPctAgainst(ctx.games, t, (o) => div(o) === div(t)),
    },
    { name: 'conference_record', value: (t) => winPctAgainst(ctx.games, t, (o) => conf(o) === conf(t)) },
    {
      name: 'playoff_teams_own_conference',
      value: (t) => winPctAgainst(ctx.games, t, (o) => conf(o) === conf(t) && eligible.has(o)),
    },
    {
      name: 'playoff_teams_other_conference',
      value: (t) => winPctAgainst(ctx.games, t, (o) => conf(o) !== conf(t) && eligible.has(o)),
    },
    { name: 'point_differential', value: (t) => record.get(t)!.diff },
  ];
  const headToHead: TieCriterion = {
    name: 'head_to_head',
    value: (t, tied) => winPctAgainst(ctx.games, t, (o) => tied.includes(o)),
  };
  const leader: TieCriterion = { name: 'division_leader', value: (t) => (leaders.has(t) ? 1 : 0) };
  const lists =
    (withLeader: boolean) =>
    (tied: readonly string[]): TieCriterion[] =>
      tied.length === 2
        ? [headToHead, ...(withLeader ? [leader] : []), ...common]
        : [...(withLeader ? [leader] : []), headToHead, ...common];

  // Playoff-eligible: the top ten of each conference by win %, teams level with the tenth included.
  const eligible = new Set<string>();
  for (const c of new Set(teams.map(conf))) {
    const inConf = teams.filter((t) => conf(t) === c).sort((a, b) => winPct(b) - winPct(a));
    const cut = inConf.length > 10 ? winPct(inConf[9]) : -1;
    for (const t of inConf) if (winPct(t) >= cut) eligible.add(t);
  }
  // Division leaders: first of each division by win %, ties broken without the leader criterion.
  const leaders = new Set<string>();
  for (const d of new Set(teams.map(div))) {
    if (d === undefined) continue;
    const inDiv = teams.filter((t) => div(t) === d);
    const best = Math.max(...inDiv.map(winPct));
    leaders.add(
      breakTies(
        inDiv.filter((t) => winPct(t) === best),
        lists(false),
      )[0],
    );
  }
  return (tied) => breakTies(tied, lists(true));
}
