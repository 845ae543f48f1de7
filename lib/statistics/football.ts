/**
 * Football season statistics: team figures and the `scorers` / `cards` player categories, from
 * the stored score, `stats` and `goal` / `card` events (lib/football/types.ts). Pure, no I/O.
 * Callers pass finished football matches only (lib/statistics/teams.ts, players.ts filter).
 */
import { PLAYER_CATEGORIES } from './categories';
import { byName, PlayerTally, toCategory } from './rows';
import type { FootballTeamStats, PlayerCategory, StatsMatch } from './types';

type Side = 'home' | 'away';
const SIDES: readonly Side[] = ['home', 'away'];
const other = (s: Side): Side => (s === 'home' ? 'away' : 'home');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Event types after which a log is taken to record bookings (a source sending these sends cards too). */
const FULL_LOG_TYPES = new Set(['card', 'substitution']);

/**
 * Bookings of one side in one match, or null when the match does not record them.
 * Source: `stats.<side>.yellow_cards` / `red_cards` when numbers (football-data.co.uk HY/HR);
 * else `card` events of the side when the log has any `card` or `substitution` event
 * (StatsBomb, live feeds): yellow = `yellow`, red = `red` + `second_yellow` (a sending-off);
 * else (results-only sources: openfootball) null.
 * @returns card counts of the side in that match. Throws nothing.
 */
export function footballCards(m: StatsMatch, side: Side): { yellow: number; red: number } | null {
  const st = m.stats?.[side];
  const y = num(st?.yellow_cards);
  const r = num(st?.red_cards);
  if (y !== null && r !== null) return { yellow: y, red: r };
  if (!m.events.some((e) => FULL_LOG_TYPES.has(e.type))) return null;
  let yellow = 0;
  let red = 0;
  for (const e of m.events) {
    if (e.type !== 'card' || e.side !== side) continue;
    const c = e.detail.card;
    if (c === 'yellow') yellow += 1;
    else if (c === 'red' || c === 'second_yellow') red += 1;
  }
  return { yellow: y ?? yellow, red: r ?? red };
}

/**
 * Football figures per team over finished matches with a score.
 * - goals / goals_against: the headline score (goals after extra time; shoot-out kicks excluded)
 * - clean_sheets: matches with 0 goals against
 * - yellow_cards / red_cards: per {@link footballCards}; summed over the matches that record
 *   them, null when none of the team's matches does
 * - shootouts_won / shootouts_lost: level score and a `winner` (decided on penalties)
 * @param matches finished football matches (others are the caller's concern; a null score is skipped)
 * @returns team name → figures, for every team in a counted match. Throws nothing.
 */
export function footballTeamStats(matches: readonly StatsMatch[]): Map<string, FootballTeamStats> {
  const out = new Map<string, FootballTeamStats>();
  for (const m of matches) {
    if (!m.score) continue;
    for (const s of SIDES) {
      const team = s === 'home' ? m.home_team : m.away_team;
      let t = out.get(team);
      if (!t)
        out.set(
          team,
          (t = {
            goals: 0,
            goals_against: 0,
            clean_sheets: 0,
            yellow_cards: null,
            red_cards: null,
            shootouts_won: 0,
            shootouts_lost: 0,
          }),
        );
      const f = m.score[s];
      const a = m.score[other(s)];
      t.goals += f;
      t.goals_against += a;
      if (a === 0) t.clean_sheets += 1;
      if (f === a && m.winner) {
        if (m.winner === s) t.shootouts_won += 1;
        else t.shootouts_lost += 1;
      }
      const cards = footballCards(m, s);
      if (cards) {
        t.yellow_cards = (t.yellow_cards ?? 0) + cards.yellow;
        t.red_cards = (t.red_cards ?? 0) + cards.red;
      }
    }
  }
  return out;
}

/**
 * The `scorers` and `cards` categories (lib/statistics/categories.ts) from `goal` and `card`
 * events naming a player. Goals in period `penalties` are shoot-out kicks and are not counted
 * (docs/football.md). A goal's `side` is the team credited, so an own goal
 * (detail.own_goal) belongs to a player of the other side; detail.penalty marks a penalty kick.
 * Cards: detail.card `yellow` | `second_yellow` | `red`, side = the player's team.
 * Lines per (player, team); scorers lists players with a goal or an own goal, cards those with a
 * card. Orders: scorers goals desc, penalties asc, name; cards yellow + second_yellow desc, red
 * desc, name. Throws nothing.
 */
export function footballPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const goals = new PlayerTally(() => ({ goals: 0, penalties: 0, own_goals: 0 }));
  const cards = new PlayerTally(() => ({ yellow: 0, second_yellow: 0, red: 0 }));
  for (const m of matches) {
    const team = (s: Side) => (s === 'home' ? m.home_team : m.away_team);
    for (const e of m.events) {
      if (!e.player || !e.side) continue;
      if (e.type === 'goal') {
        if (e.period === 'penalties') continue; // a shoot-out kick (lib/football/rules), not a goal
        if (e.detail.own_goal === true) goals.get(e.player, team(other(e.side))).own_goals += 1;
        else {
          const g = goals.get(e.player, team(e.side));
          g.goals += 1;
          if (e.detail.penalty === true) g.penalties += 1;
        }
      } else if (e.type === 'card') {
        const c = cards.get(e.player, team(e.side));
        if (e.detail.card === 'yellow') c.yellow += 1;
        else if (e.detail.card === 'second_yellow') c.second_yellow += 1;
        else if (e.detail.card === 'red') c.red += 1;
      }
    }
  }
  const [scorersSpec, cardsSpec] = PLAYER_CATEGORIES.football;
  const scorers = goals.all().sort((a, b) => b.goals - a.goals || a.penalties - b.penalties || byName(a, b));
  const booked = cards
    .all()
    .filter((c) => c.yellow + c.second_yellow + c.red > 0)
    .sort((a, b) => b.yellow + b.second_yellow - (a.yellow + a.second_yellow) || b.red - a.red || byName(a, b));
  return [toCategory(scorersSpec, scorers), toCategory(cardsSpec, booked)];
}
