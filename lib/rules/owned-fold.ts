/**
 * Folding a whole log through a sport's rules, one state owned by the fold (the win-probability
 * series, lib/win-probability/series.ts): the same states as `rules.applyEvent` event after event
 * — the pure reducer copies the whole state per event (structuredClone), which was most of the
 * cost of recomputing a tennis match's series point by point (bench/README.md "Cost").
 *
 * With the rules' `applyEventInPlace` (lib/rules/contract.ts) each event is applied to the one
 * state; a copy of it is kept every {@link CHECKPOINT_EVERY} accepted events, and an event the
 * rules refuse (which may leave the state half-changed) restores the copy and re-applies the
 * accepted events since it — so a refusal keeps the state as the pure reducer does. Rules
 * without `applyEventInPlace` fold through `applyEvent`.
 */
import type { SportEvent, SportRules } from './contract';

/** Accepted events between two copies of the state (a refusal re-applies at most this many). */
export const CHECKPOINT_EVERY = 64;

/** A fold in progress: its current state and how to apply the next event. */
export interface OwnedFold<S> {
  /** The state after every accepted event so far; read it (project it) before the next `apply`, never keep or change it. */
  readonly state: S;
  /**
   * Applies `e` to the state.
   * @returns true when the rules accepted it; false when they refused it (RuleError or any
   *   other throw), the state then being what it was before `e`
   */
  apply(e: SportEvent): boolean;
}

/** A fold from `rules.initialState()` (see the module note for how refusals are undone). */
export function ownedFold<S>(rules: SportRules<S>, every = CHECKPOINT_EVERY): OwnedFold<S> {
  let state = rules.initialState();
  const inPlace = rules.applyEventInPlace?.bind(rules);
  if (!inPlace) {
    return {
      get state() {
        return state;
      },
      apply(e) {
        try {
          state = rules.applyEvent(state, e);
          return true;
        } catch {
          return false;
        }
      },
    };
  }
  let checkpoint = structuredClone(state);
  let since: SportEvent[] = [];
  return {
    get state() {
      return state;
    },
    apply(e) {
      try {
        inPlace(state, e);
      } catch {
        state = structuredClone(checkpoint);
        for (const x of since) inPlace(state, x);
        return false;
      }
      since.push(e);
      if (since.length >= every) {
        checkpoint = structuredClone(state);
        since = [];
      }
      return true;
    },
  };
}
