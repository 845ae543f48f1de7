/**
 * Rugby union rules as a pure reducer (lib/rules/contract.ts), clock 'up'.
 *
 * Status machine: scheduled → in_play ⇄ break → finished; in_play | break → suspended →
 * (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → 1st_half → half_time → 2nd_half → before_extra_time →
 *   (extra_time_1st → extra_time_half_time → extra_time_2nd →) full_time via `full_time`.
 * Cards: a yellow card sends the player to the sin bin for 10 minutes of playing time (the
 * entry expires once an event's clock passes `until`); a red card removes him for the game.
 * Players on the field = 15 − sin-binned − sent off.
 */
import { clockEventSeconds, clockReading, displayedMinute } from '../rules/clock';
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { assertNotFinished, failEvent as fail, needFinalScore, needSide } from '../rules/events';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { perSide } from '../rules/sides';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
import {
  RUGBY_EVENT_TYPES,
  RUGBY_PERIODS,
  RUGBY_PLAYING_PERIODS,
  RUGBY_POINTS,
  RUGBY_STATUSES,
  SIN_BIN_SECONDS,
  type RugbyPeriod,
  type RugbyPlayingPeriod,
  type RugbyResult,
  type RugbyState,
  type Side,
} from './types';

const BREAK_AFTER: Record<RugbyPlayingPeriod, RugbyPeriod> = {
  '1st_half': 'half_time',
  '2nd_half': 'before_extra_time',
  extra_time_1st: 'extra_time_half_time',
  extra_time_2nd: 'full_time',
};
const NEXT_PLAYING: Partial<Record<RugbyPeriod, RugbyPlayingPeriod>> = {
  not_started: '1st_half',
  half_time: '2nd_half',
  before_extra_time: 'extra_time_1st',
  extra_time_half_time: 'extra_time_2nd',
};
const isPlaying = (p: string): p is RugbyPlayingPeriod => p in RUGBY_PLAYING_PERIODS;
const STATUS_RULES = periodSportStatusRules('match');
const kicks = () => ({
  conversion: { made: 0, attempted: 0 },
  penalty_goal: { made: 0, attempted: 0 },
  drop_goal: { made: 0, attempted: 0 },
});

/** State before kick-off. */
export function initialState(): RugbyState {
  return {
    status: 'scheduled',
    period: 'not_started',
    score: perSide(() => 0),
    halftime_score: null,
    clock: null,
    tries: perSide(() => 0),
    penalty_tries: perSide(() => 0),
    kicks: perSide(kicks),
    cards: perSide(() => ({ yellow: 0, red: 0 })),
    sin_bin: [],
    sent_off: perSide(() => 0),
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

function notOver(s: RugbyState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
}
function needPlaying(s: RugbyState, e: SportEvent): void {
  notOver(s, e);
  if (!isPlaying(s.period)) fail(e, `no period is being played (period ${s.period})`, 'invalid_state');
}
function readClock(s: RugbyState, e: SportEvent): void {
  const secs = clockReading(e);
  if (secs === null) return;
  s.clock = { clock_seconds: secs, running: s.clock?.running ?? isPlaying(s.period) };
  s.sin_bin = s.sin_bin.filter((x) => x.until > secs);
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: RugbyState, e: SportEvent): void {
  switch (e.type) {
    case 'period_start': {
      notOver(s, e);
      const next = NEXT_PLAYING[s.period];
      if (!next) fail(e, `no period can start after ${s.period}`, 'invalid_state');
      if (e.period !== null && e.period !== next) fail(e, `expected ${next} after ${s.period}`, 'invalid_state');
      s.period = next;
      s.status = 'in_play';
      s.clock = { clock_seconds: e.clock_seconds ?? RUGBY_PLAYING_PERIODS[next].start, running: true };
      break;
    }
    case 'period_end': {
      needPlaying(s, e);
      if (e.period !== null && e.period !== s.period)
        fail(e, `period ${e.period} is not being played`, 'invalid_state');
      readClock(s, e);
      const p = s.period as RugbyPlayingPeriod;
      if (p === '1st_half') s.halftime_score = { ...s.score };
      s.period = BREAK_AFTER[p];
      s.status = s.period === 'full_time' ? 'finished' : 'break';
      if (s.clock) s.clock.running = false;
      if (s.status === 'finished') s.result = { home: s.score.home, away: s.score.away, tries: { ...s.tries } };
      break;
    }
    case 'try':
    case 'penalty_try': {
      const side = needSide(e);
      needPlaying(s, e);
      readClock(s, e);
      s.tries[side] += 1;
      if (e.type === 'penalty_try') s.penalty_tries[side] += 1;
      s.score[side] += RUGBY_POINTS[e.type];
      break;
    }
    case 'conversion':
    case 'penalty_goal':
    case 'drop_goal': {
      const side = needSide(e);
      needPlaying(s, e);
      readClock(s, e);
      const k = s.kicks[side][e.type];
      k.attempted += 1;
      if (e.detail.made !== false) {
        k.made += 1;
        s.score[side] += RUGBY_POINTS[e.type];
      }
      break;
    }
    case 'card': {
      const side = needSide(e);
      notOver(s, e);
      readClock(s, e);
      const card = e.detail.card;
      if (card === 'yellow') {
        s.cards[side].yellow += 1;
        s.sin_bin.push({ side, player: e.player, until: (s.clock?.clock_seconds ?? 0) + SIN_BIN_SECONDS });
      } else if (card === 'red') {
        s.cards[side].red += 1;
        s.sent_off[side] += 1;
        s.sin_bin = s.sin_bin.filter((x) => !(x.side === side && x.player !== null && x.player === e.player));
      } else fail(e, 'detail.card must be yellow or red');
      break;
    }
    case 'substitution':
      needSide(e);
      notOver(s, e);
      readClock(s, e);
      break;
    case 'full_time':
      notOver(s, e);
      readClock(s, e);
      if (s.period === '1st_half') s.halftime_score = { ...s.score };
      s.status = 'finished';
      s.period = 'full_time';
      if (s.clock) s.clock.running = false;
      s.result = { home: s.score.home, away: s.score.away, tries: { ...s.tries } };
      break;
    case 'clock': {
      const secs = clockEventSeconds(e);
      readClock(s, { ...e, clock_seconds: secs });
      s.clock = { clock_seconds: secs, running: e.detail.running !== false };
      break;
    }
    case 'status':
      applyStatusEvent(s, e, STATUS_RULES);
      break;
    case 'result': {
      const r = needFinalScore<RugbyResult>(e);
      s.score = { home: r.home, away: r.away };
      if (r.tries) s.tries = { ...r.tries };
      s.status = 'finished';
      s.period = 'full_time';
      s.result = { home: r.home, away: r.away, ...(r.tries ? { tries: { ...r.tries } } : {}) };
      break;
    }
    default:
      fail(e, 'unknown rugby event type');
  }
}

/**
 * Applies one event and returns the new state (input not mutated).
 * Errors: RuleError `match_over` after full time; `invalid_state` for scoring in a break or
 * periods out of order; `invalid_event` for unknown types, missing sides or card kinds.
 */
export const applyEvent: (prev: RugbyState, e: SportEvent) => RugbyState = countingReducer(applyInPlace);

/** Displayed minute: 0 before kick-off, 1-based, capped at the period's regulation end. */
export function displayMinute(s: RugbyState): number {
  if (!s.clock) return s.status === 'finished' ? 80 : 0;
  const secs = s.clock.clock_seconds;
  const p: RugbyPlayingPeriod = isPlaying(s.period)
    ? s.period
    : s.period === 'half_time'
      ? '1st_half'
      : s.period === 'extra_time_half_time'
        ? 'extra_time_1st'
        : secs > 80 * 60 && s.period === 'full_time'
          ? 'extra_time_2nd'
          : '2nd_half';
  return displayedMinute(secs, s.clock.running, RUGBY_PLAYING_PERIODS[p].start / 60 + RUGBY_PLAYING_PERIODS[p].length);
}

/** The spec 2.1 projection plus tries, kicks, cards, sin bin and players on the field. */
export function project(s: RugbyState): LiveProjection {
  const onField = (side: Side) => 15 - s.sent_off[side] - s.sin_bin.filter((x) => x.side === side).length;
  return liveProjection(s, s.score, displayMinute(s), {
    clock_seconds: s.clock?.clock_seconds ?? null,
    halftime_score: s.halftime_score,
    tries: { ...s.tries },
    penalty_tries: { ...s.penalty_tries },
    kicks: structuredClone(s.kicks),
    cards: structuredClone(s.cards),
    sin_bin: s.sin_bin.map((x) => ({ ...x })),
    players_on_field: { home: onField('home'), away: onField('away') },
    result: s.result,
  });
}

/** Rugby union's {@link SportRules}. */
export const rugbyRules: SportRules<RugbyState> = {
  sport: 'rugby',
  statuses: RUGBY_STATUSES,
  periods: RUGBY_PERIODS,
  eventTypes: RUGBY_EVENT_TYPES,
  clock: 'up',
  initialState,
  applyEvent,
  project,
};
