/**
 * The NHL's published tie-breaker list (NHL standings rules, 2022-23), applied to clubs level on
 * points (and games played): (1) regulation wins (RW); (2) regulation + overtime wins (ROW);
 * (3) total wins; (4) points earned in games between the tied clubs — for two clubs, when one had
 * more home games in the series, the first game in that club's building is left out (the "odd
 * game"); for three or more, the points % in games among them; (5) goal differential;
 * (6) goals for. A group still tied after a criterion separates some clubs starts again from (1).
 * The league's last resort is replaced by team name.
 */
import { breakTies, type TieCriterion } from '../rules/tiebreak-procedure';

/** A counted game (regular season), in the order played. */
export interface NhlTieGame {
  home: string;
  away: string;
  home_goals: number;
  away_goals: number;
  decision: 'REG' | 'OT' | 'SO';
}

/** A club's season figures the list reads. */
export interface NhlTieFigures {
  regulation_wins: number;
  regulation_overtime_wins: number;
  won: number;
  goals_for: number;
  goals_against: number;
}

/** Points (2 a win, 1 an overtime or shootout loss) `team` took from game `g`. */
function pointsFrom(g: NhlTieGame, team: string): number {
  const won = (g.home === team) === g.home_goals > g.away_goals;
  return won ? 2 : g.decision === 'REG' ? 0 : 1;
}

/** Head-to-head points of `team` among `tied` (two clubs: odd game left out; more: points %). */
function headToHead(games: readonly NhlTieGame[], team: string, tied: readonly string[]): number {
  const among = games.filter(
    (g) => g.home !== g.away && tied.includes(g.home) && tied.includes(g.away) && (g.home === team || g.away === team),
  );
  if (tied.length === 2) {
    const [a, b] = tied;
    const homesOf = (c: string) => among.filter((g) => g.home === c).length;
    const extra = homesOf(a) > homesOf(b) ? a : homesOf(b) > homesOf(a) ? b : null;
    const odd = extra === null ? -1 : among.findIndex((g) => g.home === extra);
    return among.reduce((n, g, i) => (i === odd ? n : n + pointsFrom(g, team)), 0);
  }
  return among.length ? among.reduce((n, g) => n + pointsFrom(g, team), 0) / (2 * among.length) : 0;
}

/**
 * Builds the ordering for one season: `order(tied)` returns clubs level on points, best first.
 * @param games the season's counted games in the order played
 * @param figures each club's season figures
 */
export function nhlTieBreaker(
  games: readonly NhlTieGame[],
  figures: (team: string) => NhlTieFigures,
): (tied: readonly string[]) => string[] {
  const criteria: TieCriterion[] = [
    { name: 'regulation_wins', value: (t) => figures(t).regulation_wins },
    { name: 'regulation_overtime_wins', value: (t) => figures(t).regulation_overtime_wins },
    { name: 'wins', value: (t) => figures(t).won },
    { name: 'head_to_head_points', value: (t, tied) => headToHead(games, t, tied) },
    { name: 'goal_differential', value: (t) => figures(t).goals_for - figures(t).goals_against },
    { name: 'goals_for', value: (t) => figures(t).goals_for },
  ];
  return (tied) => breakTies(tied, () => criteria);
}
