/**
 * Maps a channel's recorded matches onto wall-clock time (pure).
 * Round k (one recorded match day) kicks off at anchor + lead + Σ(length of earlier rounds + gap) / speed;
 * an event at match time `at` happens at kickoff + at / speed.
 */
import type { AnyImportedMatch } from '@/lib/import/types';
import { matchTimeline } from '@/lib/replay/match-timeline';
import type { FeedEvent } from '@/lib/match/state';

/** Match time between one round's last final whistle and the next round's kickoff, seconds. */
export const ROUND_GAP_SECONDS = 15 * 60;

export interface ScheduledMatch {
  match: AnyImportedMatch;
  kickoffMs: number;
  events: { wallMs: number; event: FeedEvent }[];
}

export interface ChannelSchedule {
  matches: ScheduledMatch[];
  /** Wall time the last round's gap ends: the next cycle starts then. */
  endMs: number;
}

/**
 * Season label of a channel's running replay: `2022-replay`, the same in every cycle (one season
 * per channel). A finished cycle is archived under {@link archivedReplaySeason} when the next starts.
 */
export function replaySeason(season: string): string {
  return `${season}-replay`;
}

/** Label a finished replay cycle is archived under: `2022-replay-3` (lib/seasons/stage.ts isArchivedReplay). */
export function archivedReplaySeason(season: string, cycle: number): string {
  return `${season}-replay-${cycle}`;
}

/**
 * Schedules a cycle. `anchorMs` is the cycle's start (ms since epoch), `leadMs` the wait before
 * the first kickoff, `speed` the REPLAY_SPEED (match seconds per wall second). Event ids are
 * prefixed with `replay/<channel>/c<cycle>/` so every cycle's events are distinct and a restart
 * re-offers the same ids (stored once).
 */
export function scheduleChannel(
  channel: string,
  cycle: number,
  matches: AnyImportedMatch[],
  anchorMs: number,
  speed: number,
  leadMs: number,
): ChannelSchedule {
  const rounds = new Map<string, AnyImportedMatch[]>();
  for (const m of [...matches].sort((a, b) => a.kickoff.localeCompare(b.kickoff))) {
    const day = m.kickoff.slice(0, 10);
    rounds.set(day, [...(rounds.get(day) ?? []), m]);
  }
  const out: ScheduledMatch[] = [];
  let roundStart = anchorMs + leadMs;
  for (const day of [...rounds.keys()].sort()) {
    let longest = 0;
    for (const m of rounds.get(day)!) {
      const { events, duration, wallClock } = matchTimeline(m);
      longest = Math.max(longest, duration);
      out.push({
        match: m,
        kickoffMs: roundStart,
        events: events.map(({ at, event }) => ({
          wallMs: roundStart + (at * 1000) / speed,
          event: {
            ...event,
            event_id: `replay/${channel}/c${cycle}/${event.event_id}`,
            detail: event.type === 'period_start' && wallClock ? { ...event.detail, clock_rate: speed } : event.detail,
          },
        })),
      });
    }
    roundStart += ((longest + ROUND_GAP_SECONDS) * 1000) / speed;
  }
  return { matches: out, endMs: roundStart };
}
