/**
 * Game-clock helpers for the clocked sports (contract `clock` 'up' or 'down'): reading an
 * event's clock, converting a count-down reading to elapsed time, and the displayed minute.
 */
import type { SportEvent } from './contract';
import { failEvent } from './events';

/** The event's `clock_seconds` when it is a reading (a number ≥ 0), else null. */
export function clockReading(e: SportEvent): number | null {
  return typeof e.clock_seconds === 'number' && e.clock_seconds >= 0 ? e.clock_seconds : null;
}

/**
 * The reading of a `clock` event: `detail.clock_seconds`, else the event's `clock_seconds`.
 * @throws RuleError `invalid_event` when neither is a number ≥ 0
 */
export function clockEventSeconds(e: SportEvent): number {
  const secs = Number(e.detail.clock_seconds ?? e.clock_seconds);
  if (!Number.isFinite(secs) || secs < 0) failEvent(e, 'clock_seconds must be ≥ 0');
  return secs;
}

/**
 * Elapsed game seconds from a count-down clock (clock 'down'): the period's start plus the
 * part of its length already played.
 * @param periodStart elapsed game seconds when the period starts
 * @param periodLength the period's length in seconds
 * @param remaining seconds left on the clock
 */
export function elapsedFromCountdown(periodStart: number, periodLength: number, remaining: number): number {
  return periodStart + periodLength - remaining;
}

/**
 * The displayed minute, 1-based as football counts it: 0:00–0:59 is minute 1; a stopped clock
 * on a whole minute (e.g. 12:00 at the end of a quarter) reads that completed minute; never
 * more than `endMinute`, the end of the period being played (no added time is shown).
 * @param elapsedSeconds elapsed game seconds (> 0 once play has started)
 * @param running whether the clock is running
 * @param endMinute the minute the current period ends on (12, 40, 65, …)
 */
export function displayedMinute(elapsedSeconds: number, running: boolean, endMinute: number): number {
  const read =
    elapsedSeconds > 0 && elapsedSeconds % 60 === 0 && !running
      ? elapsedSeconds / 60
      : Math.floor(elapsedSeconds / 60) + 1;
  return Math.min(read, endMinute);
}
