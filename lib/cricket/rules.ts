/**
 * Cricket rules as a pure reducer (lib/rules/contract.ts `SportRules`), no I/O.
 * Values, event details and state fields are documented in lib/cricket/types.ts.
 *
 * What the rules derive by themselves (so a live feed of deliveries is enough):
 * - legal balls: a delivery with wides or noballs does not count towards the over;
 * - innings end: all out (10 wickets; retired hurt / retired not out do not count), overs quota
 *   bowled, or the chase target reached — the match moves to `break`/`innings_break`;
 * - the chase target: first-innings runs + 1 in the full quota, unless a `target` event set a
 *   revised (D/L) target, whose `overs` then becomes the chasing innings' quota;
 * - the result of a limited-overs match once the chase ends: chasing side won by
 *   (10 − wickets) wickets, or the side batting first by (target − 1 − runs) runs, or a tie;
 *   a super-over pair decides a tied match (`result.eliminator`). Tests (no quota) are derived
 *   only for a 4th-innings chase; other Test results (innings wins, draws) need a `result` event.
 * An explicit `result` event always wins over a derived one.
 *
 * Split by concern: ./overs.ts (scorecard arithmetic), ./innings.ts (innings bookkeeping and
 * derived results), ./apply-event.ts (one handler per event type); this module assembles the
 * reducer and the projection.
 */
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { otherSide as other } from '../rules/sides';
import { applyInPlace } from './apply-event';
import { current } from './innings';
import { formatOvers, runRate } from './overs';
import { CRICKET_EVENT_TYPES, CRICKET_PERIODS, CRICKET_STATUSES, type CricketState } from './types';

export { formatOvers, runRate } from './overs';

/** State before the first event: scheduled, 6-ball overs, 10 wickets, no innings. */
export function initialState(): CricketState {
  return {
    status: 'scheduled',
    period: 'not_started',
    balls_per_over: 6,
    overs_limit: null,
    max_wickets: 10,
    toss: null,
    innings: [],
    target: null,
    result: null,
    striker: null,
    non_striker: null,
    bowler: null,
    this_over: null,
    last_ball: null,
    suspended_from: null,
    events_applied: 0,
  };
}

/**
 * Applies one cricket event (types and details in lib/cricket/types.ts) and returns the new
 * state; `prev` is not mutated.
 * @throws RuleError `invalid_event` (unknown type, missing side/detail, wrong batting side),
 *   `invalid_state` (a ball with no innings in progress, quota already bowled, a 5th innings),
 *   `match_over` (a ball or innings after the result).
 */
export const applyEvent: (prev: CricketState, e: SportEvent) => CricketState = countingReducer(applyInPlace);

/** Applies events in order from the initial state (rebuilds a snapshot from the log). */
export function replayEvents(events: readonly SportEvent[]): CricketState {
  return events.reduce(applyEvent, initialState());
}

/**
 * The spec 2.1 projection: score = runs per side over its innings (super overs excluded),
 * minute 0, period, status, and the state documented in lib/cricket/types.ts.
 */
export function project(s: CricketState): LiveProjection {
  const bpo = s.balls_per_over;
  const score = { home: 0, away: 0 };
  for (const i of s.innings) if (!i.super_over) score[i.team] += i.runs;
  const cur = current(s);
  const last = s.innings.at(-1) ?? null;
  const t = s.target;
  const chasing = cur && t && t.innings === cur.number ? cur : null;
  const requiredRuns = chasing ? Math.max(0, t!.runs - chasing.runs) : null;
  const requiredBalls = chasing && t!.overs !== null ? Math.max(0, t!.overs * bpo - chasing.legal_balls) : null;
  const powerplay =
    cur?.powerplays.find((p) => {
      const [fo, fb] = p.from.split('.').map(Number);
      const [to, tb] = p.to.split('.').map(Number);
      const ball = Math.floor(cur.legal_balls / bpo) * 10 + (cur.legal_balls % bpo) + 1;
      return ball >= fo * 10 + fb && ball <= to * 10 + tb;
    }) ?? null;
  return liveProjection(s, score, 0, {
    innings: s.innings.map((i) => ({
      number: i.number,
      team: i.team,
      super_over: i.super_over,
      runs: i.runs,
      wickets: i.wickets,
      overs: formatOvers(i.legal_balls, bpo),
      legal_balls: i.legal_balls,
      overs_limit: i.overs_limit,
      extras: { ...i.extras },
      closed: i.closed,
      end_reason: i.end_reason,
    })),
    batting: last?.team ?? null,
    bowling: last ? other(last.team) : null,
    target: t ? { ...t } : null,
    required_runs: requiredRuns,
    required_balls: requiredBalls,
    current_run_rate: cur ? runRate(cur.runs, cur.legal_balls, bpo) : null,
    required_run_rate:
      requiredRuns !== null && requiredBalls !== null && requiredBalls > 0
        ? Math.round((requiredRuns * bpo * 100) / requiredBalls) / 100
        : null,
    striker: s.striker,
    non_striker: s.non_striker,
    bowler: s.bowler,
    this_over: s.this_over ? { ...s.this_over } : null,
    powerplay,
    toss: s.toss,
    result: s.result,
  });
}

/** The cricket rules (lib/rules/contract.ts): no clock, values from lib/cricket/types.ts. */
export const cricketRules: SportRules<CricketState> = {
  sport: 'cricket',
  statuses: CRICKET_STATUSES,
  periods: CRICKET_PERIODS,
  eventTypes: CRICKET_EVENT_TYPES,
  clock: 'none',
  initialState,
  applyEvent,
  project,
};
