/**
 * Match minute of an instant, for the line-movement chart's x axis on a match page: from the
 * match's `period_start` events (their `occurred_at` and `detail.clock_rate` — match seconds per
 * real second, 60× in a fast replay, 1 live) and `period_end` events. Prices observed before
 * kickoff sit at minute 0; `endAt` is the full-time instant, after which prices (the model's
 * settled 1.01 / 101 lines) are not charted. Pure; safe in client bundles.
 */
import type { MatchEvent } from '@/lib/wire/schemas';

/** First minute of each football period on the match clock. */
const PERIOD_BASE: Record<string, number> = { '1st_half': 0, '2nd_half': 45, extra_1st: 90, extra_2nd: 105 };

export interface MatchClock {
  /** Periods in order: start instant (Unix ms), first minute, clock rate, end instant (null while running). */
  periods: { start: number; base: number; rate: number; end: number | null }[];
  /** Full time (Unix ms), or null while the match is not over. */
  endAt: number | null;
}

/** The clock of a match from its events; null when it has no timed period (a result-only import: chart by time instead). */
export function matchClock(
  events: readonly Pick<MatchEvent, 'type' | 'period' | 'occurred_at' | 'detail'>[],
  finished: boolean,
): MatchClock | null {
  const periods: MatchClock['periods'] = [];
  let endAt: number | null = null;
  for (const e of events) {
    const t = Date.parse(e.occurred_at);
    if (e.type === 'period_start' && e.period && e.period in PERIOD_BASE) {
      const rate = typeof e.detail?.clock_rate === 'number' && e.detail.clock_rate > 0 ? e.detail.clock_rate : 1;
      periods.push({ start: t, base: PERIOD_BASE[e.period], rate, end: null });
    } else if (e.type === 'period_end' && periods.length && periods.at(-1)!.end == null) {
      periods.at(-1)!.end = t;
    } else if (e.type === 'full_time') {
      endAt = t;
    }
  }
  if (!periods.length) return null;
  if (endAt == null && finished) endAt = periods.at(-1)!.end;
  return { periods, endAt };
}

/** Match minute (fractional) at Unix ms `t`: 0 before kickoff, held at a period's last minute through a break. */
export function minuteAt(clock: MatchClock, t: number): number {
  let m = 0;
  for (const p of clock.periods) {
    if (t < p.start) break;
    const until = p.end != null ? Math.min(t, p.end) : t;
    m = p.base + ((until - p.start) * p.rate) / 60_000;
  }
  return m;
}

/** X-axis ticks every 15 minutes up to `max` (0, 15, 30, 45, 60, 75, 90…). */
export function minuteTicks(max: number): number[] {
  return Array.from({ length: Math.floor(max / 15) + 1 }, (_, i) => i * 15);
}
