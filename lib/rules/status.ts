/**
 * Match statuses shared by the sports, and the `status` event every sport accepts
 * (detail `{ status }`: an interruption, `postponed`, `abandoned`, `scheduled` or `resumed`).
 */
import type { RuleError, SportEvent } from './contract';
import { failEvent } from './events';

/**
 * Statuses of a sport played in periods with breaks between them (basketball, ice hockey,
 * rugby), in the order a match passes them, then the interrupted/cancelled ones.
 */
export const PERIOD_SPORT_STATUSES = [
  'scheduled',
  'in_play',
  'break',
  'finished',
  'suspended',
  'postponed',
  'abandoned',
] as const;

/** Statuses a `status` event may set without remembering where play stood. */
const CANCELLATIONS: readonly string[] = ['postponed', 'abandoned', 'scheduled'];

/** How a sport treats `status` events. */
export interface StatusEventRules {
  /**
   * Statuses that interrupt play (`suspended`; baseball also `delayed`): entering one from
   * outside them remembers the status that `resumed` returns to.
   */
  interruptions: readonly string[];
  /** When set, a status change to a finished match is refused (`match_over`) with this noun. */
  refuse_when_finished: 'game' | 'match' | null;
  /**
   * True: `resumed` acts only while the match is interrupted (tennis, cricket). False: it
   * always returns to the remembered status, `in_play` when none is remembered.
   */
  resume_only_when_interrupted: boolean;
}

/** Where a `status` event leaves a match. */
export interface StatusTransition<S extends string> {
  status: S;
  /** The status `resumed` returns to (null: none remembered). */
  resume_to: S | null;
  /** True when the event stops play (a running clock stops). */
  stopped: boolean;
}

/**
 * The transition of a `status` event (pure).
 * @param status the match's status now; `resumeTo` the remembered one
 * @param requested the event's `detail.status`
 * @param onError how the sport refuses the event (it keeps its own message style)
 * @throws whatever `onError` throws: `invalid_event` for an unknown status, `match_over` per
 *   {@link StatusEventRules.refuse_when_finished}
 */
export function statusTransition<S extends string>(
  status: S,
  resumeTo: S | null,
  requested: unknown,
  rules: StatusEventRules,
  onError: (message: string, code: RuleError['code']) => never,
): StatusTransition<S> {
  if (requested === 'resumed') {
    if (rules.resume_only_when_interrupted && !rules.interruptions.includes(status))
      return { status, resume_to: resumeTo, stopped: false };
    return { status: resumeTo ?? ('in_play' as S), resume_to: null, stopped: false };
  }
  if (typeof requested === 'string' && (rules.interruptions.includes(requested) || CANCELLATIONS.includes(requested))) {
    if (rules.refuse_when_finished && status === 'finished')
      onError(`the ${rules.refuse_when_finished} is over`, 'match_over');
    const remember = rules.interruptions.includes(requested) && !rules.interruptions.includes(status);
    return { status: requested as S, resume_to: remember ? status : resumeTo, stopped: true };
  }
  return onError(`unknown status ${String(requested)}`, 'invalid_event');
}

/** A state with the fields {@link applyStatusEvent} reads and writes. */
export interface InterruptibleState<S extends string> {
  status: S;
  interrupted_from: S | null;
  clock?: { running: boolean } | null;
}

/**
 * Applies a `status` event to `s` in place (the caller passes its own copy): sets the status
 * and the status to resume to, and stops the clock when play stops.
 * @throws RuleError as {@link statusTransition}, with the message `event <id> (status): …`
 */
export function applyStatusEvent<S extends string>(
  s: InterruptibleState<S>,
  e: SportEvent,
  rules: StatusEventRules,
): void {
  const t = statusTransition(s.status, s.interrupted_from, e.detail.status, rules, (message, code) =>
    failEvent(e, message, code),
  );
  s.status = t.status;
  s.interrupted_from = t.resume_to;
  if (t.stopped && s.clock) s.clock.running = false;
}

/**
 * `status` event rules of the clocked period sports (basketball, ice hockey, rugby):
 * `suspended` interrupts play, a finished match refuses changes.
 * @param noun how the sport names a match in messages ('game', 'match')
 */
export function periodSportStatusRules(noun: 'game' | 'match'): StatusEventRules {
  return { interruptions: ['suspended'], refuse_when_finished: noun, resume_only_when_interrupted: false };
}

/**
 * `status` event rules of tennis and cricket: `suspended` interrupts play, `resumed` acts only
 * on a suspended match, and a finished match is not protected (a late `abandoned` is kept).
 */
export const SUSPENSION_STATUS_RULES: StatusEventRules = {
  interruptions: ['suspended'],
  refuse_when_finished: null,
  resume_only_when_interrupted: true,
};
