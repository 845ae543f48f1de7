import type { LastEvent } from '@/lib/match/events';
import type { FootballPeriod, FootballStatus, MatchResult } from './types';

/**
 * The match clock. A running clock reads `clock_seconds + (now - as_of) * rate / 1000`.
 * `rate` is 1 for real matches; a replay at REPLAY_SPEED=60 runs its clocks at 60.
 */
export interface MatchClock {
  running: boolean;
  /** Match clock in seconds since kickoff at `as_of` (2nd half starts at 2700). */
  clock_seconds: number;
  /** ISO 8601 UTC wall time the reading was taken. */
  as_of: string;
  rate: number;
}

/** Derived state of one football match: a pure function of its events (lib/football/rules.ts). */
export interface FootballState {
  status: FootballStatus;
  period: FootballPeriod;
  score: { home: number; away: number };
  halftime_score: { home: number; away: number } | null;
  penalties: { home: number; away: number } | null;
  clock: MatchClock | null;
  cards: { home: { yellow: number; red: number }; away: { yellow: number; red: number } };
  corners: { home: number; away: number };
  last_event: LastEvent | null;
  /** Status before a suspension, restored on `resumed`. */
  suspended_from: FootballStatus | null;
  /** Set by a `result` event: the authoritative recorded result. */
  result: MatchResult | null;
  /** Number of events applied. */
  events_applied: number;
  updated_at: string | null;
}
