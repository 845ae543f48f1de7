/**
 * How long a live match of each sport normally goes without an event (feed-health "silent
 * matches", GET /v1/ops/health). A match in play that has been quiet longer than its sport's gap
 * — or at a break longer than its break gap — is reported as silent: the feed has probably stalled.
 * Seconds of match time; replays divide them by REPLAY_SPEED (see `normalGapSeconds`).
 */
import type { Sport } from '@/lib/sports';

/** Normal gaps of one sport, seconds. */
export interface SportGap {
  /** Longest usual quiet spell while the match is in play. */
  in_play: number;
  /** Longest usual quiet spell during a break (half time, intermission, innings break). */
  break: number;
}

export const SPORT_GAPS: Record<Sport, SportGap> = {
  // In play: a long spell of possession without a card, corner or sub; break: 15 min half time + margin.
  football: { in_play: 300, break: 1200 },
  // In play: baskets come every ~20 s, a timeout plus review rarely exceeds 2 min; break: 15 min half time.
  basketball: { in_play: 120, break: 1200 },
  // In play: shots and faceoffs every minute or so, 3 min covers a review; break: 18 min intermission.
  'ice-hockey': { in_play: 180, break: 1320 },
  // In play: scrums, injuries and TMO reviews can take 5 min; break: 10–15 min half time.
  rugby: { in_play: 300, break: 1200 },
  // In play: a ball every ~40 s; 4 min covers a drinks break or review; break: innings break or lunch (40 min).
  cricket: { in_play: 240, break: 2400 },
  // In play: points every ~30–60 s; 3 min covers a medical time-out; break: set breaks and change-overs are short, allow 10 min.
  tennis: { in_play: 180, break: 600 },
  // In play: pitches every ~20 s; a pitching change or replay review can take 5 min; break: between innings.
  baseball: { in_play: 300, break: 900 },
  // In play: a group's hole takes 10–15 min and a round spans hours; 30 min covers a long wait on a tee.
  golf: { in_play: 1800, break: 3600 },
  // In play: a round is 5 min with strikes logged throughout; 7 min covers a round plus the minute between.
  mma: { in_play: 420, break: 600 },
  // In play: kills and objectives every few minutes; 5 min covers a tactical pause; break: between maps.
  esports: { in_play: 300, break: 900 },
};

/** Sports not in the table (should not happen) use football's gaps. */
const FALLBACK: SportGap = SPORT_GAPS.football;

/** A replay's scaled gap is never shorter than this (the replay driver's batching jitter), seconds. */
export const MIN_REPLAY_GAP_S = 5;

/**
 * The normal gap (seconds of wall time) of a live match, or null when its status is not expected
 * to produce events (`suspended`, `delayed`: silent by declaration). A replayed fixture runs
 * `replaySpeed` times faster than real time, so its gap is divided by it (at least MIN_REPLAY_GAP_S).
 */
export function normalGapSeconds(sport: string, status: string, isReplay: boolean, replaySpeed: number): number | null {
  const gaps = SPORT_GAPS[sport as Sport] ?? FALLBACK;
  const gap = status === 'in_play' ? gaps.in_play : status === 'break' ? gaps.break : null;
  if (gap == null) return null;
  if (!isReplay || replaySpeed <= 1) return gap;
  return Math.max(MIN_REPLAY_GAP_S, Math.round((gap / replaySpeed) * 10) / 10);
}
