/**
 * Checks on an incoming {@link SportEvent} shared by the clocked and innings sports (basketball,
 * ice hockey, rugby, baseball). Every refusal is a {@link RuleError} whose message names the
 * event: `event <event_id> (<type>): <reason>`.
 */
import { RuleError, type Side, type SportEvent } from './contract';

/**
 * Refuses `e`.
 * @param code `invalid_event` (default) for a malformed event, `invalid_state` for one the
 *   current state does not allow, `match_over` for one after the end.
 * @throws RuleError always
 */
export function failEvent(e: SportEvent, message: string, code: RuleError['code'] = 'invalid_event'): never {
  throw new RuleError(code, `event ${e.event_id} (${e.type}): ${message}`);
}

/**
 * The event's side.
 * @throws RuleError `invalid_event` when `side` is not 'home' or 'away'
 */
export function needSide(e: SportEvent): Side {
  if (e.side !== 'home' && e.side !== 'away') failEvent(e, 'needs side home or away');
  return e.side;
}

/**
 * Refuses `e` once the match is finished.
 * @param noun how the sport names a match in the message: 'game' (default) or 'match'
 * @throws RuleError `match_over` when `status` is 'finished'
 */
export function assertNotFinished(status: string, e: SportEvent, noun: 'game' | 'match' = 'game'): void {
  if (status === 'finished') failEvent(e, `the ${noun} is over`, 'match_over');
}

/**
 * The index of the period being played, for an event that needs play under way (a score, a
 * penalty, a foul) in a sport of numbered periods.
 * @param playingIndex the sport's own period → index (null between periods, before and after play)
 * @returns the 0-based index of the period being played
 * @throws RuleError `match_over` once finished; `invalid_state` when no period is being played
 */
export function needPlayingPeriod(
  state: { status: string; period: string },
  e: SportEvent,
  playingIndex: (period: string) => number | null,
): number {
  assertNotFinished(state.status, e);
  const i = playingIndex(state.period);
  if (i === null) failEvent(e, `no period is being played (period ${state.period})`, 'invalid_state');
  return i;
}

/**
 * The detail of a `result` event (an authoritative final score), checked.
 * @param message the refusal's reason (default `detail.home/away must be non-negative integers`)
 * @throws RuleError `invalid_event` unless `detail.home` and `detail.away` are integers ≥ 0
 */
export function needFinalScore<T extends { home: number; away: number }>(
  e: SportEvent,
  message = 'detail.home/away must be non-negative integers',
): T {
  const r = e.detail as unknown as T;
  if (!isFinalScore(r)) failEvent(e, message);
  return r;
}

/**
 * The detail of a `result` event in a sport whose games cannot end level, checked.
 * @param levelMessage the refusal's reason for a level score (e.g. `a basketball game cannot end level`)
 * @throws RuleError `invalid_event` as {@link needFinalScore}, or for a level score
 */
export function needDecisiveScore<T extends { home: number; away: number }>(e: SportEvent, levelMessage: string): T {
  const r = needFinalScore<T>(e);
  if (r.home === r.away) failEvent(e, levelMessage);
  return r;
}

/**
 * Applies the `result` event of a sport that cannot end level and ends in period `final`
 * (basketball, ice hockey) to `s` in place: the score, status `finished`, period `final`.
 * @param check refuses a detail the sport does not accept (it runs before `s` changes)
 * @returns the event's detail, for the sport's own `result` record
 * @throws RuleError `invalid_event` as {@link needDecisiveScore}, or what `check` throws
 */
export function applyFinalResult<T extends { home: number; away: number }>(
  s: { score: { home: number; away: number }; status: string; period: string },
  e: SportEvent,
  levelMessage: string,
  check?: (r: T) => void,
): T {
  const r = needDecisiveScore<T>(e, levelMessage);
  check?.(r);
  s.score = { home: r.home, away: r.away };
  s.status = 'finished';
  s.period = 'final';
  return r;
}

/** True for a final score `{ home, away }` of non-negative integers (a `result` event's detail). */
export function isFinalScore(x: unknown): x is { home: number; away: number } {
  if (!x || typeof x !== 'object') return false;
  const { home, away } = x as Record<string, unknown>;
  return Number.isInteger(home) && Number.isInteger(away) && (home as number) >= 0 && (away as number) >= 0;
}
