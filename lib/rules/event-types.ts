/**
 * Event types the clocked period sports (basketball, ice hockey, rugby) share, handled alike
 * by every one of them (see lib/rules/clock.ts, status.ts, events.ts).
 */

/** `period_start` / `period_end`: a playing period starts or ends (period = that period). */
export const PERIOD_EVENT_TYPES = ['period_start', 'period_end'] as const;

/**
 * `clock`: detail { clock_seconds, running } — an explicit clock reading; `status`: detail
 * { status } (see lib/rules/status.ts); `result`: the authoritative final score.
 */
export const CONTROL_EVENT_TYPES = ['clock', 'status', 'result'] as const;
