/**
 * The shape every sport's `applyEvent` shares (lib/rules/contract.ts `SportRules.applyEvent`):
 * pure, so the event is applied to a copy of the state, and every applied event is counted.
 */
import type { SportEvent } from './contract';

/**
 * A pure reducer from an in-place event handler.
 * @param apply applies one event to the state it is given (a deep copy of the caller's state);
 *   throws RuleError to refuse the event, in which case no state is returned
 * @returns `(prev, e) → next`: `prev` is never mutated; `next.events_applied` is one more
 */
export function countingReducer<S extends { events_applied: number }>(
  apply: (s: S, e: SportEvent) => void,
): (prev: S, e: SportEvent) => S {
  return (prev, e) => {
    const s = structuredClone(prev);
    apply(s, e);
    s.events_applied += 1;
    return s;
  };
}
