/**
 * Football rules as a pure reducer: `applyEvent(state, event) → state`, no I/O.
 *
 * Status machine (docs/football.md):
 *   scheduled → in_play → break → in_play → … → finished
 *   any → postponed | suspended | abandoned; suspended → (resumed) previous status
 * Periods: not_started, 1st_half, half_time, 2nd_half, before_extra_time, extra_time_1st,
 *   extra_time_half_time, extra_time_2nd, before_penalties, penalties, full_time.
 */
import { RuleError } from '@/lib/rules/contract';
import type { FootballState, MatchClock } from './state';
import type { SourceEvent } from '@/lib/match/events';
import { PLAYING_PERIODS, type FootballPeriod, type PlayingPeriod } from './types';

/** A source event with the wall time it happened (ISO 8601 UTC). */
export type AppliedEvent = SourceEvent & { occurred_at: string };

const BREAK_AFTER: Record<string, FootballPeriod> = {
  '1st_half': 'half_time',
  '2nd_half': 'before_extra_time',
  extra_time_1st: 'extra_time_half_time',
  extra_time_2nd: 'before_penalties',
  penalties: 'penalties',
};

/** State of a match before any event. */
export function initialState(): FootballState {
  return {
    status: 'scheduled',
    period: 'not_started',
    score: { home: 0, away: 0 },
    halftime_score: null,
    penalties: null,
    clock: null,
    cards: { home: { yellow: 0, red: 0 }, away: { yellow: 0, red: 0 } },
    corners: { home: 0, away: 0 },
    last_event: null,
    suspended_from: null,
    result: null,
    events_applied: 0,
    updated_at: null,
  };
}

function isPlaying(p: string): p is PlayingPeriod {
  return p in PLAYING_PERIODS;
}

/** Reads a clock at wall time `atMs`: match clock in seconds, never below the reading. */
export function clockSecondsAt(clock: MatchClock, atMs: number): number {
  if (!clock.running) return clock.clock_seconds;
  const elapsed = Math.max(0, atMs - Date.parse(clock.as_of)) / 1000;
  return clock.clock_seconds + elapsed * clock.rate;
}

/**
 * Displayed minute of a match at wall time `atMs` (ms since epoch), per lib/football/types.ts:
 * 1-based, capped at the current period's regulation end, the overflow in `stoppage`.
 * Scheduled matches read minute 0; a stopped clock reads its last value.
 */
export function matchMinute(state: FootballState, atMs: number): { minute: number; stoppage: number | null } {
  if (!state.clock) return { minute: state.status === 'finished' ? 90 : 0, stoppage: null };
  const secs = clockSecondsAt(state.clock, atMs);
  const shown = Math.floor(secs / 60) + 1;
  const playing = isPlaying(state.period) ? state.period : lastPlayingPeriodBefore(state.period, secs);
  const end = PLAYING_PERIODS[playing].startMinute + PLAYING_PERIODS[playing].length;
  // A clock stopped on a whole minute reads that completed minute (45:00 → 45, 94:00 → 90+4).
  const read = !state.clock.running && secs > 0 && secs % 60 === 0 ? secs / 60 : shown;
  return read > end ? { minute: end, stoppage: read - end } : { minute: read, stoppage: null };
}

/**
 * Wall time (ms since epoch) after `atMs` at which `matchMinute(state, ·)` may next read
 * differently: the running clock's next whole minute; Infinity when no clock runs. Cached reads
 * of live matches expire then (RouteSpec.cache in server/api/routes-feed.ts).
 */
export function nextMinuteChangeAt(state: FootballState, atMs: number): number {
  const c = state.clock;
  if (!c || !c.running || !(c.rate > 0)) return Infinity;
  const next = (Math.floor(clockSecondsAt(c, atMs) / 60) + 1) * 60;
  return Math.max(atMs + 1, Date.parse(c.as_of) + Math.ceil(((next - c.clock_seconds) * 1000) / c.rate));
}

/** The playing period a break follows; at full time, extra time when the clock ran past 105:00. */
function lastPlayingPeriodBefore(p: FootballPeriod, secs: number): PlayingPeriod {
  switch (p) {
    case 'not_started':
    case 'half_time':
      return '1st_half';
    case 'before_extra_time':
      return '2nd_half';
    case 'extra_time_half_time':
      return 'extra_time_1st';
    default:
      return p === 'full_time' && secs <= 105 * 60 ? '2nd_half' : 'extra_time_2nd';
  }
}

function stopClock(clock: MatchClock | null, at: string, seconds?: number | null): MatchClock | null {
  if (!clock) return seconds == null ? null : { running: false, clock_seconds: seconds, as_of: at, rate: 1 };
  const s = seconds ?? clockSecondsAt(clock, Date.parse(at));
  return { ...clock, running: false, clock_seconds: s, as_of: at };
}

function needSide(e: AppliedEvent): 'home' | 'away' {
  if (e.side !== 'home' && e.side !== 'away')
    throw new RuleError('invalid_event', `event ${e.event_id} (${e.type}) needs side home or away`);
  return e.side;
}

/**
 * Applies one event to a match state and returns the new state (inputs are not mutated).
 * Errors: RuleError (lib/rules/contract.ts, code `invalid_event`; the engine answers 422) for
 * unknown event types or a team event without a side.
 */
export function applyEvent(prev: FootballState, e: AppliedEvent): FootballState {
  const s: FootballState = structuredClone(prev);
  const at = e.occurred_at;
  switch (e.type) {
    case 'period_start': {
      const p = e.period ?? '1st_half';
      s.status = 'in_play';
      s.period = p;
      if (isPlaying(p)) {
        const rate = typeof e.detail.clock_rate === 'number' && e.detail.clock_rate > 0 ? e.detail.clock_rate : 1;
        s.clock = {
          running: true,
          clock_seconds: e.clock_seconds ?? PLAYING_PERIODS[p].startMinute * 60,
          as_of: at,
          rate,
        };
      } else s.clock = stopClock(s.clock, at);
      break;
    }
    case 'period_end': {
      const p = e.period ?? s.period;
      s.status = 'break';
      s.period = BREAK_AFTER[p] ?? 'half_time';
      s.clock = stopClock(s.clock, at, e.clock_seconds);
      if (p === '1st_half') s.halftime_score = { ...s.score };
      break;
    }
    case 'goal': {
      const side = needSide(e);
      if (s.period === 'penalties') {
        s.penalties ??= { home: 0, away: 0 };
        s.penalties[side] += 1;
      } else s.score[side] += 1;
      break;
    }
    case 'card': {
      const side = needSide(e);
      if (e.detail.card === 'yellow') s.cards[side].yellow += 1;
      else s.cards[side].red += 1;
      break;
    }
    case 'corner':
      s.corners[needSide(e)] += 1;
      break;
    case 'substitution':
    case 'penalty_awarded':
    case 'penalty_missed':
      needSide(e);
      break;
    case 'shootout':
      s.penalties = { home: Number(e.detail.home ?? 0), away: Number(e.detail.away ?? 0) };
      break;
    case 'status': {
      const st = e.detail.status;
      if (st === 'resumed') {
        s.status = s.suspended_from ?? 'in_play';
        s.suspended_from = null;
        if (s.clock && isPlaying(s.period)) s.clock = { ...s.clock, running: true, as_of: at };
      } else if (st === 'postponed' || st === 'abandoned' || st === 'suspended' || st === 'scheduled') {
        if (st === 'suspended' && s.status !== 'suspended') s.suspended_from = s.status;
        s.status = st;
        s.clock = stopClock(s.clock, at);
      } else throw new RuleError('invalid_event', `status event ${e.event_id}: unknown status ${String(st)}`);
      break;
    }
    case 'clock': {
      const secs = Number(e.detail.clock_seconds ?? e.clock_seconds);
      if (!Number.isFinite(secs) || secs < 0)
        throw new RuleError('invalid_event', `clock event ${e.event_id}: clock_seconds must be ≥ 0`);
      s.clock = { running: e.detail.running !== false, clock_seconds: secs, as_of: at, rate: s.clock?.rate ?? 1 };
      break;
    }
    case 'full_time':
      s.status = 'finished';
      s.period = 'full_time';
      s.clock = stopClock(s.clock, at, e.clock_seconds);
      break;
    case 'result': {
      const r = e.detail as unknown as FootballState['result'];
      if (!r || !Array.isArray(r.ft))
        throw new RuleError('invalid_event', `result event ${e.event_id}: detail.ft is required`);
      const final = r.et ?? r.ft;
      s.score = { home: final[0], away: final[1] };
      s.halftime_score = r.ht ? { home: r.ht[0], away: r.ht[1] } : s.halftime_score;
      s.penalties = r.p ? { home: r.p[0], away: r.p[1] } : s.penalties;
      s.status = 'finished';
      s.period = 'full_time';
      s.result = r;
      s.clock = stopClock(s.clock, at, r.et ? 120 * 60 : 90 * 60);
      break;
    }
    default:
      throw new RuleError('invalid_event', `unknown football event type ${String(e.type)}`);
  }
  if (e.side) {
    s.last_event = {
      event_id: e.event_id,
      type: e.type,
      side: e.side,
      player: e.player,
      minute: e.minute,
      stoppage: e.stoppage,
      occurred_at: at,
    };
  }
  s.events_applied += 1;
  s.updated_at = at;
  return s;
}

/** Applies events in order from the initial state (used to rebuild a snapshot from the log). */
export function replayEvents(events: AppliedEvent[]): FootballState {
  return events.reduce(applyEvent, initialState());
}
