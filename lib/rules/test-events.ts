/**
 * Builder of sport events for tests and benches (lib/rules/contract.ts SportEvent): the rules' unit
 * tests and bench/golf-follower.ts write a match as `ev(type, side, detail)` calls instead of full
 * event objects.
 */
import type { SportEvent } from './contract';

/** Builds one event: `type`, the side it is for, its sport-specific `detail`, any other field in `extra`. */
export type EventBuilder = (
  type: string,
  side?: 'home' | 'away' | null,
  detail?: Record<string, unknown>,
  extra?: Partial<SportEvent>,
) => SportEvent;

/**
 * An event builder whose events have ids `${prefix}/1`, `${prefix}/2`, … (unique within the
 * builder) and null player, minute, period and clock unless `extra` sets them.
 */
export function eventBuilder(prefix: string): EventBuilder {
  let n = 0;
  return (type, side = null, detail = {}, extra = {}) => ({
    event_id: `${prefix}/${++n}`,
    type,
    side,
    player: null,
    minute: null,
    period: null,
    clock_seconds: null,
    detail,
    ...extra,
  });
}
