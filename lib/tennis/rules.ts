/**
 * Tennis rules as a pure reducer (lib/rules/contract.ts `SportRules`), no I/O.
 * Values, scoring rules, event details and state fields are documented in lib/tennis/types.ts.
 *
 * Points drive everything: a `point` event (side = point winner) moves the game, the set and the
 * match on; the rules keep the server (alternating games, tie-break rotation) and the serve
 * statistics. `game_end` / `set_end` / `tiebreak_start` events are markers for timelines: they
 * are checked against what the points produced and change nothing else. A feed that gives games,
 * not points, sends `score` snapshots instead (lib/tennis/score-snapshot.ts).
 */
import { RuleError, type LiveProjection, type SportEvent, type SportRules } from '../rules/contract';
import { liveProjection } from '../rules/projection';
import { countingApply, countingReducer, countingReplay } from '../rules/reducer';
import { otherSide as other, perSide } from '../rules/sides';
import { statusTransition, SUSPENSION_STATUS_RULES } from '../rules/status';
import { applyScore } from './score-snapshot';
import { recordedSetsWon, setWinner, tiebreakRule } from './sets';
import {
  FINAL_SET_RULES,
  TENNIS_EVENT_TYPES,
  TENNIS_OUTCOMES,
  TENNIS_PERIODS,
  TENNIS_STATUSES,
  type FinalSetRule,
  type Pair,
  type ServeStats,
  type Side,
  type TennisOutcome,
  type TennisPeriod,
  type TennisState,
} from './types';

export { recordedSetsWon, setWinner, tiebreakRule } from './sets';

const zeroStats = (): ServeStats => ({
  aces: 0,
  double_faults: 0,
  points_won: 0,
  service_points: 0,
  service_points_won: 0,
  service_games: 0,
  service_games_won: 0,
  break_points_faced: 0,
  break_points_saved: 0,
});

/** State before the first event: scheduled, best of 3, tie-break in every set, server unknown. */
export function initialState(): TennisState {
  return {
    status: 'scheduled',
    period: 'not_started',
    best_of: 3,
    final_set: 'tiebreak',
    first_server: null,
    sets: [],
    set_tiebreaks: [],
    sets_won: { home: 0, away: 0 },
    games: { home: 0, away: 0 },
    points: { home: 0, away: 0 },
    points_known: true,
    tiebreak: false,
    tiebreak_to: 7,
    server: null,
    game_server: null,
    last_game: null,
    last_set: null,
    stats: perSide(zeroStats),
    result: null,
    suspended_from: null,
    events_applied: 0,
  };
}

/**
 * Points as a scoreboard shows them: '0' '15' '30' '40' 'AD' in a game (deuce is 40-40), the
 * plain count in a tie-break.
 */
export function pointsDisplay(points: Pair, tiebreak: boolean): { home: string; away: string } {
  if (tiebreak) return { home: String(points.home), away: String(points.away) };
  const { home: h, away: a } = points;
  if (h >= 3 && a >= 3) {
    if (h === a) return { home: '40', away: '40' };
    return h > a ? { home: 'AD', away: '40' } : { home: '40', away: 'AD' };
  }
  const call = ['0', '15', '30', '40'];
  return { home: call[Math.min(h, 3)], away: call[Math.min(a, 3)] };
}

function needSide(e: SportEvent): Side {
  if (e.side !== 'home' && e.side !== 'away')
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id} needs side home or away`);
  return e.side;
}

function assertLive(s: TennisState, e: SportEvent): void {
  if (s.status === 'finished' || s.status === 'abandoned')
    throw new RuleError('match_over', `${e.type} event ${e.event_id}: the match is ${s.status}`);
  if (s.status === 'scheduled' || s.server === null)
    throw new RuleError('invalid_state', `${e.type} event ${e.event_id}: the match has not started (send match_start)`);
}

function finish(s: TennisState, winner: Side, outcome: TennisOutcome): void {
  s.status = 'finished';
  s.period = 'ended';
  s.result = {
    winner,
    outcome,
    sets: s.sets.map((x) => [x[0], x[1]]),
    set_tiebreaks: s.set_tiebreaks.map((t) => (t ? { ...t } : null)),
  };
}

function winGame(s: TennisState, w: Side): void {
  const setNo = s.sets.length + 1;
  const wasTiebreak = s.tiebreak;
  const tbPoints = wasTiebreak ? { ...s.points } : null;
  const gs = s.game_server!;
  if (!wasTiebreak) {
    s.stats[gs].service_games += 1;
    if (w === gs) s.stats[gs].service_games_won += 1;
  }
  s.games[w] += 1;
  s.last_game = { set: setNo, winner: w, tiebreak: wasTiebreak };
  s.points = { home: 0, away: 0 };
  s.tiebreak = false;
  s.game_server = other(gs);
  s.server = s.game_server;
  const games: [number, number] = [s.games.home, s.games.away];
  // A set is won by a tie-break, or with 6+ games and a 2-game lead (7-6 without one is not won).
  if (wasTiebreak || (s.games[w] >= 6 && s.games[w] - s.games[other(w)] >= 2)) {
    s.sets.push(games);
    s.set_tiebreaks.push(tbPoints);
    s.sets_won[w] += 1;
    s.last_set = { set: setNo, winner: w };
    s.games = { home: 0, away: 0 };
    if (s.sets_won[w] === Math.ceil(s.best_of / 2)) finish(s, w, 'completed');
    else s.period = `set_${setNo + 1}` as TennisPeriod;
    return;
  }
  const tb = tiebreakRule(setNo, s.best_of, s.final_set);
  if (tb && s.games.home === tb.at && s.games.away === tb.at) {
    s.tiebreak = true;
    s.tiebreak_to = tb.to;
  }
}

function applyPoint(s: TennisState, e: SportEvent): void {
  assertLive(s, e);
  const w = needSide(e);
  const srv = s.server!;
  const rcv = other(srv);
  const d = e.detail;
  if (d.server !== undefined && d.server !== srv) {
    throw new RuleError(
      'invalid_event',
      `point ${e.event_id}: detail.server ${String(d.server)} but ${srv} is serving`,
    );
  }
  if (d.ace === true && w !== srv)
    throw new RuleError('invalid_event', `point ${e.event_id}: an ace is won by the server (${srv})`);
  if (d.double_fault === true && w !== rcv)
    throw new RuleError('invalid_event', `point ${e.event_id}: a double fault is won by the returner (${rcv})`);
  if (s.status === 'suspended') {
    s.status = 'in_play';
    s.suspended_from = null;
  }
  const st = s.stats[srv];
  st.service_points += 1;
  if (w === srv) st.service_points_won += 1;
  s.stats[w].points_won += 1;
  if (d.ace === true) st.aces += 1;
  if (d.double_fault === true) st.double_faults += 1;
  if (!s.tiebreak && s.points[rcv] >= 3 && s.points[rcv] > s.points[srv]) {
    st.break_points_faced += 1;
    if (w === srv) st.break_points_saved += 1;
  }
  s.points[w] += 1;
  s.points_known = true;
  const lead = s.points[w] - s.points[other(w)];
  if (s.tiebreak) {
    if (s.points[w] >= s.tiebreak_to && lead >= 2) winGame(s, w);
    else if ((s.points.home + s.points.away) % 2 === 1) s.server = rcv;
  } else if (s.points[w] >= 4 && lead >= 2) winGame(s, w);
}

function applyMatchStart(s: TennisState, e: SportEvent): void {
  if (s.status !== 'scheduled' && s.status !== 'postponed')
    throw new RuleError('invalid_state', `match_start ${e.event_id}: the match is ${s.status}`);
  const d = e.detail;
  const bestOf = d.best_of ?? 3;
  if (bestOf !== 3 && bestOf !== 5)
    throw new RuleError('invalid_event', `match_start ${e.event_id}: best_of must be 3 or 5`);
  const first = d.first_server;
  if (first !== 'home' && first !== 'away')
    throw new RuleError('invalid_event', `match_start ${e.event_id}: first_server must be home or away`);
  const finalSet = d.final_set ?? 'tiebreak';
  if (!(FINAL_SET_RULES as readonly unknown[]).includes(finalSet)) {
    throw new RuleError(
      'invalid_event',
      `match_start ${e.event_id}: final_set must be one of ${FINAL_SET_RULES.join(', ')}`,
    );
  }
  s.best_of = bestOf;
  s.final_set = finalSet as FinalSetRule;
  s.first_server = first;
  s.server = first;
  s.game_server = first;
  s.status = 'in_play';
  s.period = 'set_1';
}

function applyResult(s: TennisState, e: SportEvent): void {
  const d = e.detail;
  const winner = (d.winner ?? e.side) as Side;
  if (winner !== 'home' && winner !== 'away')
    throw new RuleError('invalid_event', `result ${e.event_id}: needs a winner (side)`);
  const sets = d.sets;
  if (
    !Array.isArray(sets) ||
    !sets.every((x) => Array.isArray(x) && x.length === 2 && x.every((n) => Number.isInteger(n) && n >= 0))
  ) {
    throw new RuleError('invalid_event', `result ${e.event_id}: detail.sets must be [[home, away], …] games`);
  }
  const tbs = Array.isArray(d.tiebreaks) ? (d.tiebreaks as (Pair | null)[]) : sets.map(() => null);
  const outcome = (d.outcome ?? 'completed') as TennisOutcome;
  if (!TENNIS_OUTCOMES.includes(outcome))
    throw new RuleError('invalid_event', `result ${e.event_id}: unknown outcome ${String(outcome)}`);
  s.sets = (sets as [number, number][]).map((x) => [x[0], x[1]]);
  s.set_tiebreaks = s.sets.map((_, i) => tbs[i] ?? null);
  s.sets_won = recordedSetsWon(s.sets, s.set_tiebreaks, outcome);
  s.games = { home: 0, away: 0 };
  s.points = { home: 0, away: 0 };
  s.points_known = true;
  s.tiebreak = false;
  finish(s, winner, outcome);
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: TennisState, e: SportEvent): void {
  switch (e.type) {
    case 'match_start':
      applyMatchStart(s, e);
      break;
    case 'point':
      applyPoint(s, e);
      break;
    case 'tiebreak_start':
      if (!s.tiebreak || s.points.home + s.points.away !== 0) {
        throw new RuleError(
          'invalid_event',
          `tiebreak_start ${e.event_id}: no tie-break is due (games ${s.games.home}-${s.games.away})`,
        );
      }
      break;
    case 'game_end': {
      const w = needSide(e);
      const g = s.last_game;
      if (
        !g ||
        g.winner !== w ||
        (typeof e.detail.set === 'number' && e.detail.set !== g.set) ||
        s.points.home + s.points.away !== 0
      ) {
        throw new RuleError(
          'invalid_event',
          `game_end ${e.event_id}: the points say ${g ? `${g.winner} won the last game of set ${g.set}` : 'no game has ended'}`,
        );
      }
      break;
    }
    case 'set_end': {
      const w = needSide(e);
      const st = s.last_set;
      if (!st || st.winner !== w || (typeof e.detail.set === 'number' && e.detail.set !== st.set)) {
        throw new RuleError(
          'invalid_event',
          `set_end ${e.event_id}: the points say ${st ? `${st.winner} won set ${st.set}` : 'no set has ended'}`,
        );
      }
      break;
    }
    case 'retirement': {
      const quitter = needSide(e);
      const kind = e.detail.kind ?? 'retired';
      if (kind !== 'retired' && kind !== 'walkover' && kind !== 'default') {
        throw new RuleError('invalid_event', `retirement ${e.event_id}: kind must be retired | walkover | default`);
      }
      if (s.status === 'finished' || s.status === 'abandoned')
        throw new RuleError('match_over', `retirement ${e.event_id}: the match is ${s.status}`);
      const partial = s.games.home + s.games.away + s.points.home + s.points.away > 0;
      if (partial) {
        s.sets.push([s.games.home, s.games.away]);
        s.set_tiebreaks.push(null);
      }
      finish(s, other(quitter), kind === 'retired' ? 'retired' : kind);
      break;
    }
    case 'status': {
      const t = statusTransition(
        s.status,
        s.suspended_from,
        e.detail.status,
        SUSPENSION_STATUS_RULES,
        (message, code) => {
          throw new RuleError(code, `status event ${e.event_id}: ${message}`);
        },
      );
      s.status = t.status;
      s.suspended_from = t.resume_to;
      break;
    }
    case 'result':
      applyResult(s, e);
      break;
    case 'score':
      applyScore(s, e);
      break;
    default:
      throw new RuleError('invalid_event', `unknown tennis event type ${String(e.type)}`);
  }
}

/**
 * Applies one tennis event (types and details in lib/tennis/types.ts) and returns the new
 * state; `prev` is not mutated.
 * @throws RuleError `invalid_event` (unknown type, missing side, an ace not won by the server, a
 *   server or marker that disagrees with the points), `invalid_state` (a point before
 *   match_start), `match_over` (a point after the match ended).
 */
export const applyEvent: (prev: TennisState, e: SportEvent) => TennisState = countingReducer(applyInPlace);

/**
 * Applies one event to `s` itself (no copy) and counts it: for a caller that owns the state, such
 * as an importer building a match point by point. Errors: as {@link applyEvent}; after one the
 * state may be half-changed.
 */
export const applyEventInPlace: (s: TennisState, e: SportEvent) => void = countingApply(applyInPlace);

/** Applies events in order from the initial state, in place (rebuilds a snapshot from the log). */
export const replayEvents: (events: readonly SportEvent[]) => TennisState = countingReplay(applyInPlace, initialState);

/** The spec 2.1 projection: score = sets won, minute 0, period, status, state per lib/tennis/types.ts. */
export function project(s: TennisState): LiveProjection {
  return liveProjection(s, s.sets_won, 0, {
    sets: s.sets.map((x) => [x[0], x[1]]),
    set_tiebreaks: s.set_tiebreaks.map((t) => (t ? { ...t } : null)),
    sets_won: { ...s.sets_won },
    games: { ...s.games },
    points: s.points_known ? pointsDisplay(s.points, s.tiebreak) : null,
    server: s.status === 'finished' ? null : s.server,
    tiebreak: s.tiebreak,
    best_of: s.best_of,
    final_set: s.final_set,
    // ServeStats are flat counts: a copy per side is the deep copy (this runs once per point of a series).
    stats: { home: { ...s.stats.home }, away: { ...s.stats.away } },
    result: s.result,
  });
}

/** The tennis rules (lib/rules/contract.ts): no clock, values from lib/tennis/types.ts. */
export const tennisRules: SportRules<TennisState> = {
  sport: 'tennis',
  statuses: TENNIS_STATUSES,
  periods: TENNIS_PERIODS,
  eventTypes: TENNIS_EVENT_TYPES,
  clock: 'none',
  initialState,
  applyEvent,
  applyEventInPlace,
  project,
};
