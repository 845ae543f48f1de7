/**
 * Team figures of ice hockey, rugby and basketball (football, cricket and baseball have their
 * own files). Pure, no I/O. Callers pass finished matches of the sport.
 */
import { ratio } from './rows';
import type { BasketballTeamStats, IceHockeyTeamStats, RugbyTeamStats, StatsMatch } from './types';

type Side = 'home' | 'away';
type Pair = { home: number; away: number };
const SIDES: readonly Side[] = ['home', 'away'];
const other = (s: Side): Side => (s === 'home' ? 'away' : 'home');
const nameOf = (m: StatsMatch, s: Side) => (s === 'home' ? m.home_team : m.away_team);
const isPair = (v: unknown): v is Pair =>
  typeof v === 'object' && v !== null && typeof (v as Pair).home === 'number' && typeof (v as Pair).away === 'number';

/** Gets or creates a team's figures in `out`. */
function rowOf<T>(out: Map<string, T>, team: string, zero: () => T): T {
  let t = out.get(team);
  if (!t) out.set(team, (t = zero()));
  return t;
}

/**
 * How an ice hockey game was decided: result_detail.decision (FiveThirtyEight import), else
 * the last `result` event's detail.decision, else from the log — a `shootout_attempt` or a
 * `shootout` period → SO, a `goal` in an `ot<n>` period → OT, any other goal or period event →
 * REG; else null (unknown: a results-only game without a decision). Throws nothing.
 */
export function iceHockeyDecision(m: StatsMatch): 'REG' | 'OT' | 'SO' | null {
  const ok = (v: unknown) => (v === 'REG' || v === 'OT' || v === 'SO' ? v : null);
  const fromDetail = ok(m.result_detail?.decision);
  if (fromDetail) return fromDetail;
  const resultEvent = m.events.filter((e) => e.type === 'result').at(-1);
  const fromEvent = ok(resultEvent?.detail.decision);
  if (fromEvent) return fromEvent;
  if (m.events.some((e) => e.type === 'shootout_attempt' || e.period === 'shootout')) return 'SO';
  if (m.events.some((e) => e.type === 'goal' && /^ot\d+$/.test(e.period ?? ''))) return 'OT';
  return m.events.some((e) => e.type === 'goal' || e.type === 'period_start') ? 'REG' : null;
}

/**
 * Ice hockey figures per team: goals / goals_against = headline score (a shootout win counts one
 * goal, NHL convention); wins and losses split by {@link iceHockeyDecision} — regulation_wins,
 * overtime_wins, shootout_wins, overtime_losses, shootout_losses (regulation losses =
 * lost − overtime_losses − shootout_losses). Games with an unknown decision count in none of
 * the five. @returns team name → figures. Throws nothing.
 */
export function iceHockeyTeamStats(matches: readonly StatsMatch[]): Map<string, IceHockeyTeamStats> {
  const out = new Map<string, IceHockeyTeamStats>();
  const zero = () => ({
    goals: 0,
    goals_against: 0,
    regulation_wins: 0,
    overtime_wins: 0,
    shootout_wins: 0,
    overtime_losses: 0,
    shootout_losses: 0,
  });
  for (const m of matches) {
    if (!m.score) continue;
    const d = iceHockeyDecision(m);
    for (const s of SIDES) {
      const t = rowOf(out, nameOf(m, s), zero);
      t.goals += m.score[s];
      t.goals_against += m.score[other(s)];
      if (!m.winner || !d) continue;
      if (m.winner === s) t[d === 'REG' ? 'regulation_wins' : d === 'OT' ? 'overtime_wins' : 'shootout_wins'] += 1;
      else if (d !== 'REG') t[d === 'OT' ? 'overtime_losses' : 'shootout_losses'] += 1;
    }
  }
  return out;
}

/**
 * Tries of both sides in a rugby match: result_detail.tries {home, away} (Super Rugby import),
 * else stats.<side>.tries, else counted from `try` + `penalty_try` events when the log has any
 * scoring event (try, penalty_try, conversion, penalty_goal, drop_goal); else null.
 * @returns tries per side (a penalty try counts as a try, lib/rugby/rules), or null. Throws nothing.
 */
export function rugbyTries(m: StatsMatch): Pair | null {
  if (isPair(m.result_detail?.tries)) return { ...m.result_detail.tries };
  const h = m.stats?.home.tries;
  const a = m.stats?.away.tries;
  if (typeof h === 'number' && typeof a === 'number') return { home: h, away: a };
  const scoring = new Set(['try', 'penalty_try', 'conversion', 'penalty_goal', 'drop_goal']);
  if (!m.events.some((e) => scoring.has(e.type))) return null;
  const out = { home: 0, away: 0 };
  for (const e of m.events) if ((e.type === 'try' || e.type === 'penalty_try') && e.side) out[e.side] += 1;
  return out;
}

/**
 * Rugby figures per team: tries / tries_against summed over the matches that record them
 * ({@link rugbyTries}); null when none does. @returns team name → figures. Throws nothing.
 */
export function rugbyTeamStats(matches: readonly StatsMatch[]): Map<string, RugbyTeamStats> {
  const out = new Map<string, RugbyTeamStats>();
  for (const m of matches) {
    if (!m.score) continue;
    const tries = rugbyTries(m);
    for (const s of SIDES) {
      const t = rowOf(out, nameOf(m, s), () => ({
        tries: null as number | null,
        tries_against: null as number | null,
      }));
      if (!tries) continue;
      t.tries = (t.tries ?? 0) + tries[s];
      t.tries_against = (t.tries_against ?? 0) + tries[other(s)];
    }
  }
  return out;
}

/**
 * Basketball figures per team: points_per_game = points for / games with a score, and
 * points_against_per_game likewise, 1 decimal (null with no game). Throws nothing.
 */
export function basketballTeamStats(matches: readonly StatsMatch[]): Map<string, BasketballTeamStats> {
  const acc = new Map<string, { games: number; pf: number; pa: number }>();
  for (const m of matches) {
    if (!m.score) continue;
    for (const s of SIDES) {
      const t = rowOf(acc, nameOf(m, s), () => ({ games: 0, pf: 0, pa: 0 }));
      t.games += 1;
      t.pf += m.score[s];
      t.pa += m.score[other(s)];
    }
  }
  const out = new Map<string, BasketballTeamStats>();
  for (const [team, t] of acc)
    out.set(team, { points_per_game: ratio(t.pf, t.games, 1), points_against_per_game: ratio(t.pa, t.games, 1) });
  return out;
}
