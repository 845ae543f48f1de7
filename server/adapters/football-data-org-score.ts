/**
 * football-data.org v4 statuses, minutes and scores: which matches need their detail resource,
 * the live minute and its playing period, the current goals and the final result. Part of
 * server/adapters/football-data-org-mapping.ts.
 */
import type { MatchResult } from '@/lib/football/types';
import type { FdoMatch, FdoScore, FdoStatus } from './football-data-org-schemas';
import type { MatchTrack } from './football-data-org-state';

const LIVE_STATUSES = new Set<FdoStatus>(['IN_PLAY', 'PAUSED', 'EXTRA_TIME', 'PENALTY_SHOOTOUT', 'SUSPENDED']);
/** Statuses of a match that is over: its result is final. */
export const OVER_STATUSES = new Set<FdoStatus>(['FINISHED', 'AWARDED']);

/** Whether the adapter should fetch /v4/matches/{id} for this match (goals, bookings, substitutions). */
export function fdoNeedsDetail(m: Pick<FdoMatch, 'status'>, prev: MatchTrack | undefined): boolean {
  if (LIVE_STATUSES.has(m.status)) return true;
  return OVER_STATUSES.has(m.status) && prev != null && prev.phase >= 1 && !prev.done;
}

/** Upstream `minute` as a number of minutes (base + injury time), or null. */
export function liveMinute(m: FdoMatch): { base: number; total: number } | null {
  let base: number | null = null;
  let extra = m.injuryTime ?? 0;
  if (typeof m.minute === 'number') base = m.minute;
  else if (typeof m.minute === 'string') {
    const r = /^\s*(\d{1,3})(?:\s*\+\s*(\d{1,2})?)?\s*'?\s*$/.exec(m.minute);
    if (r) {
      base = Number(r[1]);
      if (r[2]) extra = Number(r[2]);
    }
  }
  if (base == null || base < 0 || base > 150) return null;
  return { base, total: base + extra };
}

/** Playing-period index (0 1st half … 3 extra time 2nd half) of a displayed minute. */
export function periodOfMinute(minute: number, extraTimeKnown: boolean): number {
  if (minute <= 45) return 0;
  if (minute <= 90 || !extraTimeKnown) return 1;
  return minute <= 105 ? 2 : 3;
}

/** Current goals (regular + extra time, no shoot-out) from a score, or null when unknown. */
export function goalsNow(score: FdoScore): { home: number; away: number } | null {
  const pair = (p: { home: number | null; away: number | null } | null | undefined) =>
    p && p.home != null && p.away != null ? { home: p.home, away: p.away } : null;
  const rt = pair(score.regularTime);
  const et = pair(score.extraTime);
  if (rt && et) return { home: rt.home + et.home, away: rt.away + et.away };
  const ft = pair(score.fullTime);
  const pens = pair(score.penalties);
  if (ft && pens) return { home: Math.max(0, ft.home - pens.home), away: Math.max(0, ft.away - pens.away) };
  return ft;
}

/**
 * The final result (MatchResult) of a finished match from a v4 score. For matches decided in extra
 * time or on penalties v4's `fullTime` includes extra time (and the shoot-out); `regularTime`,
 * `extraTime` and `penalties` give the parts.
 * @returns null when the score does not say enough (no full-time score).
 */
export function fdoResult(score: FdoScore): MatchResult | null {
  const pair = (p: { home: number | null; away: number | null } | null | undefined): [number, number] | null =>
    p && p.home != null && p.away != null ? [p.home, p.away] : null;
  const fullTime = pair(score.fullTime);
  if (!fullTime) return null;
  const ht = pair(score.halfTime);
  const duration = score.duration ?? 'REGULAR';
  if (duration === 'REGULAR') return { ht, ft: fullTime, et: null, p: null };
  const p = duration === 'PENALTY_SHOOTOUT' ? pair(score.penalties) : null;
  const rt = pair(score.regularTime);
  const xt = pair(score.extraTime);
  const et: [number, number] =
    rt && xt
      ? [rt[0] + xt[0], rt[1] + xt[1]]
      : p
        ? [Math.max(0, fullTime[0] - p[0]), Math.max(0, fullTime[1] - p[1])]
        : fullTime;
  const ft: [number, number] = rt ?? (xt ? [et[0] - xt[0], et[1] - xt[1]] : et);
  return { ht, ft, et, p };
}
