/**
 * The log of a recorded (imported) match as the win-probability series reads it: its replay
 * timeline (lib/replay/match-timeline.ts) as events at kickoff + match time. Shared by the
 * calibration and cost benches (bench/calibration*.ts, bench/win-probability.ts) and their tests.
 *
 * Results-only football rows (football-data.co.uk, openfootball league files) carry the half-time
 * and full-time scores but no goal times, so their timeline is kickoff, half-time whistle, second
 * half, full time and the `result` — every in-play point at 0-0. With `halfTimeScore` the
 * half-time score the file records is put on the log as goals at the first-half whistle, marked
 * {@link HALF_TIME_FILL}: the half-time and second-half-kickoff points are then priced at the
 * score they had. The filled goals' own points (an in-between score at 45'+2, which never
 * existed) are not states of the match: {@link recordedSeries} leaves them out. A results-only
 * row without a half-time score (football-data.co.uk's Union Berlin v Bochum, 2024-12-14, an
 * interrupted match) keeps only its kickoff and final points there: its half time is unknown.
 */
import type { ImportedMatch } from '../import/types';
import { isSportMatch, type AnyImportedMatch } from '../import/types';
import type { SourceEvent } from '../match/events';
import { matchTimeline } from '../replay/match-timeline';
import type { InPlayContext } from './inplay';
import { type LoggedEvent, type SeriesPoint, winProbabilitySeries } from './series';

/** Marker in the event id of a goal placed at the first-half whistle from a recorded half-time score. */
export const HALF_TIME_FILL = '#half-time-score:';

/** True for a goal {@link recordedLog} placed from the recorded half-time score (not a state of the match). */
export const isHalfTimeFill = (eventId: string): boolean => eventId.includes(HALF_TIME_FILL);

/** The first-half goals of a results-only football match, from its recorded half-time score (none when it has goals or no half-time score). */
function halfTimeGoals(m: ImportedMatch, whistle: SourceEvent): SourceEvent[] {
  const ht = m.result?.ht;
  if (!ht || m.events.some((e) => e.type === 'goal')) return [];
  const out: SourceEvent[] = [];
  for (const [side, n] of [
    ['home', ht[0]],
    ['away', ht[1]],
  ] as const)
    for (let i = 1; i <= n; i++)
      out.push({
        event_id: `${m.source_key}${HALF_TIME_FILL}${side}:${i}`,
        type: 'goal',
        side,
        player: null,
        minute: null,
        stoppage: null,
        period: '1st_half',
        clock_seconds: whistle.clock_seconds,
        detail: { filled_from: 'half_time_score' },
      });
  return out;
}

/**
 * The match's logged events: its replay timeline, each at kickoff + its match time (ISO 8601 UTC).
 * @param m an imported match of any sport
 * @param opts `halfTimeScore`: results-only football gets its recorded half-time score as goals at
 *   the first-half whistle (module header); no effect on matches with goals or other sports
 * @throws Error as matchTimeline (a played match of a sport without rules)
 */
export function recordedLog(m: AnyImportedMatch, opts: { halfTimeScore?: boolean } = {}): LoggedEvent[] {
  const t0 = Date.parse(m.kickoff);
  const out: LoggedEvent[] = [];
  for (const { at, event } of matchTimeline(m).events) {
    const occurred_at = new Date(t0 + at * 1000).toISOString();
    if (opts.halfTimeScore && !isSportMatch(m) && event.type === 'period_end' && event.period === '1st_half')
      for (const g of halfTimeGoals(m, event as SourceEvent)) out.push({ event: g, occurred_at });
    out.push({ event, occurred_at });
  }
  return out;
}

/** A football match whose log has no goal although its final score has some. */
const resultsOnly = (m: AnyImportedMatch): m is ImportedMatch =>
  !isSportMatch(m) &&
  !m.events.some((e) => e.type === 'goal') &&
  m.result !== null &&
  (m.result.et ?? m.result.ft).some((g) => g > 0);

/**
 * The win-probability series of a recorded match (series.ts) over {@link recordedLog}; with
 * `halfTimeScore`, a results-only football match's points are those whose state the file knows:
 * kickoff, half time and the second-half kickoff at the recorded half-time score, and the final
 * `result` (every event kept, so the half-time whistle's point is not merged into the filled
 * goals'); without a recorded half-time score, kickoff and the final point only.
 * @param ctx the fixture's in-play context
 * @param m the imported match
 * @returns the series, pre-match point first
 */
export function recordedSeries(
  ctx: InPlayContext,
  m: AnyImportedMatch,
  opts: { halfTimeScore?: boolean } = {},
): SeriesPoint[] {
  const log = recordedLog(m, opts);
  if (!opts.halfTimeScore || !resultsOnly(m)) return winProbabilitySeries(ctx, m.kickoff, log);
  const known = m.result?.ht != null;
  const all = winProbabilitySeries(ctx, m.kickoff, log, { all: true });
  const last = all.length - 1;
  // The timeline's full-time whistle before the recorded `result` is at the half-time score: not a state either.
  return all.filter(
    (p, i) =>
      i === last ||
      (!(p.event && isHalfTimeFill(p.event.event_id)) && p.event?.type !== 'full_time' && (known || i <= 1)),
  );
}
