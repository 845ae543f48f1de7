/**
 * Replay timelines (pure): when, in match time, each event of a recorded match happens.
 *
 * A match with recorded period events (StatsBomb) keeps them: each event happens at its
 * recorded clock within its period. A match with goals only (openfootball) gets its periods
 * synthesised: a half ends one minute after its last recorded added-time goal, or after 2
 * (1st half) / 4 (2nd half) / 1 (extra-time halves) added minutes; the shoot-out, known only
 * by its final score, is one `shootout` event 10 minutes after it starts. Breaks between
 * periods: 15 min half time, 5 min before extra time, 1 min at its half time, 5 min before penalties.
 */
import type { SourceEvent } from '@/lib/match/events';
import { PLAYING_PERIODS, type FootballPeriod, type PlayingPeriod } from '../football/types';
import type { ImportedMatch } from '../import/types';

export interface TimedEvent {
  /** Seconds of match time (breaks included) after kickoff. */
  at: number;
  event: SourceEvent;
}

const BREAK_BEFORE: Partial<Record<FootballPeriod, number>> = {
  '2nd_half': 15 * 60,
  extra_time_1st: 5 * 60,
  extra_time_2nd: 60,
  penalties: 5 * 60,
};
const DEFAULT_ADDED: Record<PlayingPeriod, number> = {
  '1st_half': 2,
  '2nd_half': 4,
  extra_time_1st: 1,
  extra_time_2nd: 1,
};

function isPlaying(p: FootballPeriod | null): p is PlayingPeriod {
  return p != null && p in PLAYING_PERIODS;
}

function periodEvent(
  matchKey: string,
  type: 'period_start' | 'period_end' | 'full_time',
  period: FootballPeriod,
  clock: number | null,
): SourceEvent {
  return {
    event_id: `${matchKey}#${type}:${period}`,
    type,
    side: null,
    player: null,
    minute: null,
    stoppage: null,
    period,
    clock_seconds: clock,
    detail: {},
  };
}

/** The playing periods a match went through, from its result and goals. */
function periodsOf(m: ImportedMatch): FootballPeriod[] {
  const ps: FootballPeriod[] = ['1st_half', '2nd_half'];
  const et =
    m.result?.et != null || m.events.some((e) => e.period === 'extra_time_1st' || e.period === 'extra_time_2nd');
  if (et) ps.push('extra_time_1st', 'extra_time_2nd');
  if (m.result?.p != null || m.events.some((e) => e.type === 'shootout')) ps.push('penalties');
  return ps;
}

function synthesise(m: ImportedMatch): SourceEvent[] {
  const out: SourceEvent[] = [];
  const periods = periodsOf(m);
  for (const p of periods) {
    if (p === 'penalties') {
      out.push(periodEvent(m.source_key, 'period_start', p, null));
      out.push(...m.events.filter((e) => e.type === 'shootout'));
      if (!m.events.some((e) => e.type === 'shootout') && m.result?.p) {
        out.push({
          ...periodEvent(m.source_key, 'period_end', p, null),
          type: 'shootout',
          event_id: `${m.source_key}#shootout`,
          detail: { home: m.result.p[0], away: m.result.p[1] },
        });
      }
      continue;
    }
    const { startMinute, length } = PLAYING_PERIODS[p as PlayingPeriod];
    out.push(periodEvent(m.source_key, 'period_start', p, startMinute * 60));
    const inPeriod = m.events.filter((e) => e.period === p && e.type !== 'shootout');
    out.push(...inPeriod);
    const added = Math.max(DEFAULT_ADDED[p as PlayingPeriod], ...inPeriod.map((e) => (e.stoppage ?? 0) + 1));
    const endClock = (startMinute + length + added) * 60;
    const last = p === periods[periods.length - 1];
    out.push(periodEvent(m.source_key, last ? 'full_time' : 'period_end', p, endClock));
  }
  if (periods.at(-1) === 'penalties') out.push(periodEvent(m.source_key, 'full_time', 'penalties', null));
  return out;
}

/**
 * Orders a match's events in match time. Returns the timed events (sorted by `at`) and the
 * match's length in seconds of match time (kickoff to final whistle, breaks included).
 */
export function buildTimeline(m: ImportedMatch): { events: TimedEvent[]; duration: number } {
  const hasPeriods = m.events.some((e) => e.type === 'period_start');
  const events = hasPeriods ? m.events : synthesise(m);
  const timed: TimedEvent[] = [];
  const startAt = new Map<FootballPeriod, number>();
  let now = 0;
  let lastPlayingEnd = 0;
  let current: FootballPeriod = '1st_half';
  for (const e of events) {
    if (e.type === 'period_start' && e.period) {
      current = e.period;
      now = startAt.size === 0 ? 0 : lastPlayingEnd + (BREAK_BEFORE[current] ?? 60);
      startAt.set(current, now);
    } else if (isPlaying(current) && e.clock_seconds != null) {
      const base = startAt.get(current) ?? 0;
      now = Math.max(now, base + e.clock_seconds - PLAYING_PERIODS[current].startMinute * 60);
    } else if (current === 'penalties' && (e.type === 'shootout' || e.type === 'full_time')) {
      now = Math.max(now, (startAt.get('penalties') ?? now) + 10 * 60);
    }
    if (e.type === 'period_end') lastPlayingEnd = now;
    timed.push({ at: now, event: e });
  }
  const goals = { home: 0, away: 0 };
  for (const t of timed)
    if (t.event.type === 'goal' && t.event.period !== 'penalties' && t.event.side) goals[t.event.side] += 1;
  const final = m.result ? (m.result.et ?? m.result.ft) : null;
  if (final && (goals.home !== final[0] || goals.away !== final[1])) {
    timed.push({
      at: now,
      event: {
        event_id: `${m.source_key}#result`,
        type: 'result',
        side: null,
        player: null,
        minute: null,
        stoppage: null,
        period: 'full_time',
        clock_seconds: null,
        detail: { ...m.result },
      },
    });
  }
  return { events: timed, duration: now };
}
