/**
 * The one replay timeline of a recorded match, any sport (server/replay/schedule.ts): when, in
 * match time, each of its events happens. The timeline is chosen by the imported match's shape —
 * football's importers' (lib/import/types.ts ImportedMatch: its recorded clock, periods
 * synthesised where missing, lib/replay/timeline.ts) or the contract's (ImportedSportMatch, the
 * other nine sports: paced per ball, play or point, lib/import/sport-timeline.ts) — and returned
 * in one shape. Pure.
 */
import { sportTimeline } from '../import/sport-timeline';
import { importedMatchSport, isSportMatch, type AnyImportedMatch } from '../import/types';
import type { FeedEvent } from '../match/state';
import { projectionRunsOnWallTime } from '../match/state';
import { buildTimeline } from './timeline';

/** A recorded match's events in match time. */
export interface MatchTimeline {
  /** `at`: seconds of match time (breaks included) after the start, non-decreasing; `event` as the engine ingests it (`stoppage` null outside football). */
  events: { at: number; event: FeedEvent }[];
  /** Seconds from the start to the last event. */
  duration: number;
  /**
   * True when the sport's match clock runs on wall time (its rules' `nextChangeAt`: football): a
   * replay tells the clock its speed on every `period_start` (`detail.clock_rate`).
   */
  wallClock: boolean;
}

/**
 * The match's replay timeline (see the module header).
 * @throws Error for a played match of a sport without a rules module (lib/import/sport-timeline.ts)
 */
export function matchTimeline(m: AnyImportedMatch): MatchTimeline {
  const wallClock = projectionRunsOnWallTime(importedMatchSport(m));
  if (!isSportMatch(m)) return { ...buildTimeline(m), wallClock };
  const t = sportTimeline(m);
  return {
    events: t.events.map((e) => ({ at: e.at_s, event: { ...e.event, stoppage: null } })),
    duration: t.duration_s,
    wallClock,
  };
}
