/**
 * Ice hockey's playing periods and clock: p1..p3 (20 min each), then overtimes ot<n> (regular
 * season 5 min, playoffs 20 min), their lengths and start / end in elapsed game seconds, and the
 * event clock reading (seconds remaining, counting down). Pure.
 */
import { clockReading, elapsedFromCountdown } from '../rules/clock';
import type { SportEvent } from '../rules/contract';
import { numberedPeriods, type NumberedPeriods } from '../rules/periods';
import { PERIOD_SECONDS, REGULAR_SEASON_OT_SECONDS, type IceHockeyFormat, type IceHockeyState } from './types';

/** Periods p1..p3 (index 0..2), then overtimes ot<n> (index 2 + n), per format. */
const SCHEMES: Record<IceHockeyFormat, NumberedPeriods> = {
  regular_season: numberedPeriods({
    prefix: 'p',
    regulation: 3,
    regulationSeconds: PERIOD_SECONDS,
    overtimeSeconds: REGULAR_SEASON_OT_SECONDS,
  }),
  playoff: numberedPeriods({
    prefix: 'p',
    regulation: 3,
    regulationSeconds: PERIOD_SECONDS,
    overtimeSeconds: PERIOD_SECONDS,
  }),
};

/** Index of a playing period: p1..p3 → 0..2, ot<n> → 2 + n; null for breaks and `shootout`. */
export function playingIndex(period: string): number | null {
  return SCHEMES.playoff.index(period);
}
/** Name of the playing period with this index (0 → p1, 3 → ot1). */
export function periodName(index: number): string {
  return SCHEMES.playoff.name(index);
}
/** Length in seconds of a playing period in a format. */
export function periodLength(format: IceHockeyFormat, index: number): number {
  return SCHEMES[format].length(index);
}
/** Elapsed game seconds at the start of a playing period. */
export function periodStartSeconds(format: IceHockeyFormat, index: number): number {
  return SCHEMES[format].start(index);
}
/** Elapsed game seconds at the end of a playing period. */
export function periodEndSeconds(format: IceHockeyFormat, index: number): number {
  return SCHEMES[format].end(index);
}

/** Periods begun so far (the line score has one column per period started). */
export const playedPeriods = (s: IceHockeyState): number => s.line_score.home.length;

/**
 * Sets `s.clock` and `s.elapsed` from the event's clock reading (seconds remaining, capped at the
 * period's length); true when there was one to apply (a playing period and a reading), else
 * nothing changes.
 */
export function applyClockReading(s: IceHockeyState, e: SportEvent): boolean {
  const i = playingIndex(s.period);
  const secs = clockReading(e);
  if (i === null || secs === null) return false;
  const len = periodLength(s.format, i);
  const remaining = Math.min(len, secs);
  s.clock = { seconds_remaining: remaining, running: s.clock?.running ?? true };
  s.elapsed = elapsedFromCountdown(periodStartSeconds(s.format, i), len, remaining);
  return true;
}
