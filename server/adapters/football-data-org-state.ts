/**
 * football-data.org v4 adapter state: what was emitted per match (phase reached, goals per side,
 * incident and status ids), and the playing periods and phase events that state counts in. Part
 * of server/adapters/football-data-org-mapping.ts.
 */
import { z } from 'zod';
import type { FootballPeriod } from '@/lib/football/types';

const Int = z.number().int();

/**
 * Phases of a match as the adapter has emitted them: each step is one period event.
 * 0 not started; 1 1st half started; 2 1st half ended; 3 2nd half started; 4 2nd half ended;
 * 5/6 extra time 1st half started/ended; 7/8 extra time 2nd half started/ended;
 * 9 shoot-out started; 10 shoot-out ended.
 */
export const PHASE_EVENTS: { type: 'period_start' | 'period_end'; period: FootballPeriod }[] = [
  { type: 'period_start', period: '1st_half' },
  { type: 'period_end', period: '1st_half' },
  { type: 'period_start', period: '2nd_half' },
  { type: 'period_end', period: '2nd_half' },
  { type: 'period_start', period: 'extra_time_1st' },
  { type: 'period_end', period: 'extra_time_1st' },
  { type: 'period_start', period: 'extra_time_2nd' },
  { type: 'period_end', period: 'extra_time_2nd' },
  { type: 'period_start', period: 'penalties' },
  { type: 'period_end', period: 'penalties' },
];
/** The last phase (shoot-out ended). */
export const MAX_PHASE = PHASE_EVENTS.length;

/** Playing periods by index (k): start minute, regulation end minute, default start offset from kickoff (min). */
export const PERIODS: { period: FootballPeriod; start: number; end: number; offsetMin: number }[] = [
  { period: '1st_half', start: 0, end: 45, offsetMin: 0 },
  { period: '2nd_half', start: 45, end: 90, offsetMin: 62 },
  { period: 'extra_time_1st', start: 90, end: 105, offsetMin: 114 },
  { period: 'extra_time_2nd', start: 105, end: 120, offsetMin: 131 },
  { period: 'penalties', start: 120, end: 120, offsetMin: 150 },
];

/** What the adapter emitted for one match: its state entry, keyed by match id. */
export const MatchTrackSchema = z.object({
  /** Last upstream status seen. */
  status: z.string(),
  /** Last upstream kickoff seen (ISO). */
  utc: z.string(),
  /** Last phase emitted (see PHASE_EVENTS). */
  phase: Int.min(0).max(MAX_PHASE),
  /** Goals emitted per side: the nth goal of a side has event_id `fdo:<id>:goal:<side>:<n>`. */
  goals: z.object({ home: Int.min(0), away: Int.min(0) }),
  /** Ids of other incidents and status events already emitted. */
  sent: z.array(z.string()),
  suspensions: Int.min(0),
  /** The final result has been emitted. */
  done: z.boolean(),
  /** Last poll that saw the match (ISO). */
  seen: z.string(),
});
/** A parsed MatchTrackSchema entry. */
export type MatchTrack = z.infer<typeof MatchTrackSchema>;

/** The adapter state envelope (entries are parsed one by one by readFdoState). */
export const FdoStateSchema = z.object({ v: z.literal(1), matches: z.record(z.string(), z.unknown()) });
/** The adapter state: version 1 and a MatchTrack per match id. */
export type FdoState = {
  v: 1;
  matches: Record<string, MatchTrack>;
};

/** Reads adapter state leniently: unreadable state or entries are dropped ("not seen yet"). */
export function readFdoState(raw: unknown): FdoState {
  const parsed = FdoStateSchema.safeParse(raw);
  const matches: Record<string, MatchTrack> = {};
  if (parsed.success) {
    for (const [id, t] of Object.entries(parsed.data.matches)) {
      const track = MatchTrackSchema.safeParse(t);
      if (track.success) matches[id] = track.data;
    }
  }
  return { v: 1, matches };
}
