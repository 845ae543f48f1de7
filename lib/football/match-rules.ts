/**
 * Football behind the sport-rules contract (lib/rules/contract.ts), registered beside the nine
 * other sports (lib/match/registry.ts). It adapts lib/football/rules.ts without changing what it
 * computes, so football's wire fields stay exactly as docs/football.md and spec 2.1 show them:
 * - the state is football's own (`ownState`): lib/football/state.ts FootballState, stored as is,
 *   with `status`, `score`, `last_event` and `updated_at` at the top;
 * - an event is applied at its wall time (`event.occurred_at`, ISO 8601 UTC, set by the engine),
 *   because football's match clock runs on wall time; football events also carry `stoppage`
 *   (90+4' → 4);
 * - the projection reads the clock at a wall time and puts the spec 2.1 extras (stoppage time,
 *   clock, half-time score, penalties, red cards) in `top_level`: football's `state` is null on
 *   the wire.
 * Pure, no I/O.
 */
import { RuleError, type LiveProjection, type SportEvent, type SportRules } from '@/lib/rules/contract';
import { applyEvent, initialState, matchMinute, nextMinuteChangeAt, type AppliedEvent } from './rules';
import type { FootballState } from './state';
import { FOOTBALL_EVENT_TYPES, FOOTBALL_PERIODS, FOOTBALL_STATUSES } from './types';

/**
 * Applies one football event at its wall time `event.occurred_at` (ISO 8601 UTC); its `stoppage`
 * (added minutes, or null) is kept on `last_event`.
 * @throws RuleError `invalid_event` for an event the rules refuse (lib/football/rules.ts
 *   applyEvent), or when `occurred_at` is missing
 */
function applyAt(state: FootballState, event: SportEvent): FootballState {
  if (event.occurred_at === undefined)
    throw new RuleError(
      'invalid_event',
      `event ${event.event_id} (${event.type}): football events need their wall time`,
    );
  return applyEvent(state, event as AppliedEvent);
}

/**
 * Spec 2.1 projection of a football state at wall time `atMs` (ms since epoch; default the time
 * of the latest event, or 0 before any): the displayed minute from the match clock
 * (lib/football/rules.ts matchMinute), period, status, score, and football's top-level extras.
 * The clock's `as_of` is as stored (the wire normalises it to ISO 8601 UTC with Z).
 */
function projectAt(
  state: FootballState,
  atMs: number = state.updated_at ? Date.parse(state.updated_at) : 0,
): LiveProjection {
  const { minute, stoppage } = matchMinute(state, atMs);
  return {
    score: { ...state.score },
    minute,
    period: state.period,
    status: state.status,
    state: {},
    top_level: {
      stoppage_time: stoppage,
      clock: state.clock ? { ...state.clock } : null,
      halftime_score: state.halftime_score,
      penalties: state.penalties,
      red_cards: { home: state.cards.home.red, away: state.cards.away.red },
    },
  };
}

/** Football's rules under the contract (docs/football.md: statuses, periods, event types). */
export const footballRules: SportRules<FootballState> = {
  sport: 'football',
  statuses: FOOTBALL_STATUSES,
  periods: FOOTBALL_PERIODS,
  eventTypes: FOOTBALL_EVENT_TYPES,
  clock: 'up',
  ownState: true,
  initialState,
  applyEvent: applyAt,
  project: projectAt,
  nextChangeAt: nextMinuteChangeAt,
};
