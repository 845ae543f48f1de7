/**
 * One face for every sport's rules, as the feed engine, the log reader and the serializers need
 * it, through the registry (lib/match/registry.ts) and nothing sport-specific. A sport whose
 * rules keep their own state (`ownState`: football, lib/football/match-rules.ts) is stored as its
 * state; every other sport's state is wrapped in a {@link SportMatchState} that adds what the wire
 * needs beside the sport's pure state: the latest incident and the time of the latest event.
 * Both have `status` and `score` at the top, so the engine reads a match's headline the same way
 * for all ten sports.
 */
import { RuleError, type LiveProjection, type SportEvent, type SportRules } from '@/lib/rules/contract';
import { rulesFor } from './registry';
import type { LastEvent } from '@/lib/match/events';
import type { FootballState } from '@/lib/football/state';
import { isPlayoffRound } from './playoff-round';
import { isSport } from '@/lib/sports';

/** An event as the engine stores it: the contract's SportEvent plus football's stoppage minute. */
export interface FeedEvent extends SportEvent {
  /** Added minutes of a football event (90+4' → 4); null everywhere else. */
  stoppage: number | null;
}

/** Live state of a match whose rules do not keep their own state: the sport's pure state plus what the wire shows beside it. */
export interface SportMatchState {
  /** The sport module's own state (lib/<sport>/types.ts), exactly as its `applyEvent` returns it. */
  sport_state: Record<string, unknown>;
  /** Copied from the projection after every event, so every sport's headline reads alike. */
  status: string;
  score: { home: number; away: number };
  /** The latest event with a side (a score, a wicket, a card…): spec 2.1 `last_event`. */
  last_event: LastEvent | null;
  /** ISO 8601 UTC time of the latest event applied. */
  updated_at: string | null;
}

/** The state the engine keeps for one fixture: a sport's own (football's), or any other sport's wrapped. */
export type MatchState = FootballState | SportMatchState;

/** Which rules variant a fixture plays under (ice hockey playoffs have sudden-death overtimes). */
export interface RulesOptions {
  playoff?: boolean;
}

/** Event types that move the match along without an incident a fan would call "the latest event". */
const CONTROL_TYPES = new Set([
  'period_start',
  'period_end',
  'clock',
  'status',
  'result',
  'full_time',
  'innings_start',
  'innings_end',
  'half_inning_end',
  'set_start',
  'game_start',
]);

/** The rules variant of a fixture (its round tells a playoff: lib/match/playoff-round.ts). */
export function rulesOptions(info: { sport: string; round: string | null }): RulesOptions {
  return { playoff: isPlayoffRound(info.sport, info.round) };
}

function sportRules(sport: string, opts: RulesOptions): SportRules<any> {
  if (!isSport(sport)) throw new Error(`no contract rules for sport ${sport}`);
  return rulesFor(sport, opts);
}

/**
 * True when `sport`'s rules keep their own state (football): its stored state is the sport's
 * state itself, not a {@link SportMatchState}. False for an unknown sport.
 */
export function keepsOwnState(sport: string): boolean {
  return isSport(sport) && rulesFor(sport).ownState === true;
}

/** The state of a fixture before its first event. Errors: Error for an unknown sport. */
export function initialMatchState(sport: string, opts: RulesOptions = {}): MatchState {
  const r = sportRules(sport, opts);
  const sportState = r.initialState();
  if (r.ownState) return sportState as MatchState;
  const p = r.project(sportState);
  return {
    sport_state: sportState as Record<string, unknown>,
    status: p.status,
    score: { ...p.score },
    last_event: null,
    updated_at: null,
  };
}

/** A rule refusal (lib/rules/contract.ts RuleError, every sport): the engine rejects the event and keeps the state. */
export function isRuleError(e: unknown): e is RuleError {
  return e instanceof RuleError;
}

/**
 * Applies one event to a fixture's state (pure: `prev` is not mutated).
 * @param occurredAt ISO 8601 UTC wall time of the event (a sport keeping its own state gets it as
 *   `e.occurred_at`: football's clock reads it; other sports keep it as `updated_at` and in
 *   `last_event`)
 * @throws RuleError (see {@link isRuleError}) for an event the rules refuse; Error for an unknown sport
 */
export function applyMatchEvent(
  sport: string,
  prev: MatchState,
  e: FeedEvent,
  occurredAt: string,
  opts: RulesOptions = {},
): MatchState {
  const r = sportRules(sport, opts);
  if (r.ownState) return r.applyEvent(prev, { ...e, occurred_at: occurredAt }) as MatchState;
  const w = prev as SportMatchState;
  const next = r.applyEvent(w.sport_state, e) as Record<string, unknown>;
  const p = r.project(next);
  const incident = e.side != null && !CONTROL_TYPES.has(e.type);
  return {
    sport_state: next,
    status: p.status,
    score: { ...p.score },
    last_event: incident
      ? {
          event_id: e.event_id,
          type: e.type,
          side: e.side,
          player: e.player,
          minute: e.minute ?? p.minute,
          stoppage: null,
          occurred_at: occurredAt,
        }
      : w.last_event,
    updated_at: occurredAt,
  };
}

/**
 * The spec 2.1 projection of a wrapped state: minute, period and the sport's live state.
 * @throws Error for a sport keeping its own state (football: its projection reads the clock at a
 *   wall time, lib/football/match-rules.ts) and for an unknown sport
 */
export function projectSportState(sport: string, s: SportMatchState, opts: RulesOptions = {}) {
  const r = sportRules(sport, opts);
  if (r.ownState) throw new Error(`no contract rules for sport ${sport}`);
  return r.project(s.sport_state);
}

/**
 * The spec 2.1 projection of any fixture's state, the same call for all ten sports: the rules'
 * `project` on the state itself (a sport keeping its own state, football) or on the wrapped
 * sport state (the others).
 * @param atMs wall time in ms since epoch a clock running on wall time is read at (football's
 *   minute and stoppage time; default: the time of its latest event); the other sports ignore it
 * @returns score, minute, period, status, the sport's live `state`, and `top_level` where the
 *   sport shows its extras at the top of the live match (football, docs/football.md)
 * @throws Error for an unknown sport
 */
export function projectMatch(sport: string, s: MatchState, atMs?: number, opts: RulesOptions = {}): LiveProjection {
  const r = sportRules(sport, opts);
  return r.ownState ? r.project(s, atMs) : r.project((s as SportMatchState).sport_state, atMs);
}

/**
 * The first wall time (ms since epoch) after `atMs` at which the fixture's projection
 * ({@link projectMatch}) may change without a new event — football's running clock turning a
 * minute (its rules' `nextChangeAt`); Infinity for a sport whose projection moves only with
 * events, and for an unknown sport.
 */
export function nextProjectionChangeAt(sport: string, s: MatchState, atMs: number, opts: RulesOptions = {}): number {
  if (!isSport(sport)) return Infinity;
  const r = rulesFor(sport, opts);
  if (!r.nextChangeAt) return Infinity;
  return r.ownState ? r.nextChangeAt(s, atMs) : r.nextChangeAt((s as SportMatchState).sport_state, atMs);
}

/** True when `sport`'s projection moves with wall time between events (its rules have `nextChangeAt`: football). */
export function projectionRunsOnWallTime(sport: string): boolean {
  return isSport(sport) && rulesFor(sport).nextChangeAt !== undefined;
}
