/**
 * football-data.org API v4 (https://docs.football-data.org/general/v4/): response schemas and the
 * pure mapping from its Match resource to adapter commands (fixtures + SourceEvents). No I/O:
 * the HTTP side is server/adapters/football-data-org.ts. Mapping table: docs/adapters.md.
 *
 * Schemas are lenient on fields we do not use (unknown keys are stripped, unused fields are
 * optional) and strict on the ones we do: an item that fails them is skipped and reported.
 *
 * This module is the entry point and holds mapFdoMatch; the parts live beside it:
 * - football-data-org-schemas.ts: the v4 resource schemas, competitions and statuses;
 * - football-data-org-state.ts: the adapter state per match, periods and phase events;
 * - football-data-org-fixture.ts: Match → fixture upsert (source key, season, round, group);
 * - football-data-org-score.ts: statuses, live minute, current goals and the final result;
 * - football-data-org-incidents.ts: goals, bookings and substitutions → timeline entries.
 */
import { fdoFixture } from './football-data-org-fixture';
import { fdoIncidents, sourceEvent, type Entry } from './football-data-org-incidents';
import type { FdoMatch } from './football-data-org-schemas';
import { OVER_STATUSES, fdoResult, goalsNow, liveMinute, periodOfMinute } from './football-data-org-score';
import { MAX_PHASE, PERIODS, PHASE_EVENTS, type MatchTrack } from './football-data-org-state';
import type { AdapterEvent, AdapterFixture, AdapterSkip } from './types';

export {
  FDO_COMPETITIONS,
  FDO_STATUSES,
  FdoBookingSchema,
  FdoGoalSchema,
  FdoMatchListSchema,
  FdoMatchSchema,
  FdoSubstitutionSchema,
  type FdoMatch,
  type FdoStatus,
} from './football-data-org-schemas';
export {
  FdoStateSchema,
  MatchTrackSchema,
  readFdoState,
  type FdoState,
  type MatchTrack,
} from './football-data-org-state';
export { fdoFixture, fdoGroup, fdoRound, fdoSeasonLabel, fdoSourceKey } from './football-data-org-fixture';
export { fdoNeedsDetail, fdoResult } from './football-data-org-score';

/** A mapped match: its fixture upsert, the new events, the updated state entry and the skipped items. */
export interface MappedMatch {
  fixture: AdapterFixture;
  /** New events only (nothing `prev` says was emitted), in application order. */
  events: AdapterEvent[];
  track: MatchTrack;
  skipped: AdapterSkip[];
}

/**
 * Maps one Match resource (list item, or the single-match resource with goals/bookings/
 * substitutions) to its fixture upsert and the events not emitted yet, given what the adapter
 * emitted for it before (`prev`). Pure and deterministic: event ids derive from the match id and
 * upstream identity, so mapping the same data again yields no new events, and a lost state only
 * causes duplicates the engine drops.
 *
 * Returns null while a team is unknown (knockout placeholders).
 */
export function mapFdoMatch(m: FdoMatch, opts: { slug: string; now: Date; prev?: MatchTrack }): MappedMatch | null {
  const fixture = fdoFixture(m, opts.slug);
  if (!fixture) return null;
  const prev = opts.prev;
  const nowMs = opts.now.getTime();
  const kickoffMs = Date.parse(fixture.kickoff);
  const clamp = (ms: number) => Math.min(nowMs, Math.max(Math.min(kickoffMs, nowMs), ms));
  const mid = `fdo:${m.id}`;
  const skipped: AdapterSkip[] = [];
  const track: MatchTrack = prev
    ? { ...prev, goals: { ...prev.goals }, sent: [...prev.sent], seen: opts.now.toISOString() }
    : {
        status: m.status,
        utc: fixture.kickoff,
        phase: 0,
        goals: { home: 0, away: 0 },
        sent: [],
        suspensions: 0,
        done: false,
        seen: opts.now.toISOString(),
      };
  const out = (entries: Entry[]): MappedMatch => {
    track.status = m.status;
    track.utc = fixture.kickoff;
    entries.sort((a, b) => a.key - b.key);
    return {
      fixture,
      events: entries.map((e) => ({
        source_key: fixture.source_key,
        event: e.event,
        occurred_at: new Date(clamp(e.occurredMs)).toISOString(),
      })),
      track,
      skipped,
    };
  };
  const statusEvent = (id: string, status: string, key: number): Entry | null => {
    if (track.sent.includes(id)) return null;
    track.sent.push(id);
    return { key, event: sourceEvent(id, 'status', { detail: { status } }), occurredMs: nowMs };
  };

  if (prev?.done) return out([]);

  // Not played (yet): only status changes.
  if (m.status === 'SCHEDULED' || m.status === 'TIMED' || m.status === 'POSTPONED' || m.status === 'CANCELLED') {
    const entries: Entry[] = [];
    let e: Entry | null = null;
    if (m.status === 'POSTPONED' && prev?.status !== 'POSTPONED')
      e = statusEvent(`${mid}:status:postponed:${fixture.kickoff}`, 'postponed', 0);
    else if (m.status === 'CANCELLED') e = statusEvent(`${mid}:status:cancelled`, 'abandoned', 0);
    else if (prev?.status === 'POSTPONED' && (m.status === 'SCHEDULED' || m.status === 'TIMED'))
      e = statusEvent(`${mid}:status:scheduled:${fixture.kickoff}`, 'scheduled', 0);
    if (e) entries.push(e);
    return out(entries);
  }

  const finished = OVER_STATUSES.has(m.status);
  const hasDetail = m.goals != null || m.bookings != null || m.substitutions != null;
  const resultEntry = (key: number, occurredMs: number): Entry | null => {
    const result = fdoResult(m.score);
    if (!result) {
      skipped.push({ item: `match ${m.id}`, reason: `status ${m.status} without a full-time score` });
      return null;
    }
    track.done = true;
    return {
      key,
      event: sourceEvent(`${mid}:result`, 'result', { period: 'full_time', detail: { ...result } }),
      occurredMs,
    };
  };

  // Finished and never seen live (nor detailed), or awarded: the result alone, like an importer.
  if (finished && (m.status === 'AWARDED' || ((prev?.phase ?? 0) === 0 && !hasDetail))) {
    const extra = m.score.duration && m.score.duration !== 'REGULAR';
    const r = resultEntry(0, kickoffMs + (extra ? 125 : 110) * 60_000);
    return out(r ? [r] : []);
  }

  // ---- Incidents (single-match resource) ----
  const extraTimeKnown =
    (m.score.duration != null && m.score.duration !== 'REGULAR') ||
    (prev?.phase ?? 0) >= 4 ||
    m.status === 'EXTRA_TIME' ||
    m.status === 'PENALTY_SHOOTOUT';
  const incidents = fdoIncidents(m, { mid, extraTimeKnown, skipped });

  // ---- Which phase the match has reached ----
  const minuteNow = finished ? null : liveMinute(m);
  const prevPhase = prev?.phase ?? 0;
  let target: number;
  if (finished) {
    const d = m.score.duration ?? 'REGULAR';
    target = d === 'PENALTY_SHOOTOUT' ? 10 : d === 'EXTRA_TIME' ? 8 : 4;
    target = Math.max(target, prevPhase);
  } else {
    let lo = prevPhase;
    for (const inc of incidents) lo = Math.max(lo, 2 * inc.k + 1);
    if (minuteNow) {
      const k = periodOfMinute(minuteNow.base, extraTimeKnown);
      lo = Math.max(lo, 2 * k + 1);
    } else if (m.status === 'IN_PLAY' && nowMs - kickoffMs >= 70 * 60_000) lo = Math.max(lo, 3); // 2nd half by the wall clock
    if (m.status === 'EXTRA_TIME') lo = Math.max(lo, 5);
    if (m.status === 'PENALTY_SHOOTOUT') lo = Math.max(lo, 9);
    if (m.score.duration === 'EXTRA_TIME') lo = Math.max(lo, 4);
    if (m.score.duration === 'PENALTY_SHOOTOUT') lo = Math.max(lo, 8);
    if (m.status === 'PAUSED') target = lo === 0 ? 2 : lo % 2 === 1 ? lo + 1 : lo;
    else if (m.status === 'SUSPENDED') target = Math.max(lo, 1);
    else target = lo % 2 === 0 ? lo + 1 : lo; // IN_PLAY, EXTRA_TIME, PENALTY_SHOOTOUT
    // A break reached from evidence but upstream in play again: the next period has started.
    if (m.status !== 'PAUSED' && m.status !== 'SUSPENDED' && prevPhase % 2 === 0 && prevPhase > 0)
      target = Math.max(target, prevPhase + 1);
    target = Math.min(target, MAX_PHASE);
  }
  const currentK = target % 2 === 1 ? (target - 1) / 2 : null; // the period being played, if any

  // ---- Wall-time estimates ----
  const startMs = (k: number): number => {
    if (k === currentK && minuteNow) return nowMs - (minuteNow.total - PERIODS[k].start) * 60_000;
    return kickoffMs + PERIODS[k].offsetMin * 60_000;
  };
  const endMs = (k: number): number =>
    k === 4 ? startMs(4) + 15 * 60_000 : startMs(k) + (PERIODS[k].end - PERIODS[k].start + 2) * 60_000;
  const incidentMs = (inc: { k: number; minute: number; stoppage: number | null }) =>
    startMs(inc.k) + (inc.minute - PERIODS[inc.k].start - 0.5 + (inc.stoppage ?? 0)) * 60_000;

  // ---- Timeline ----
  const K = 1e6;
  const entries: Entry[] = [];
  for (let p = 1; p <= target; p++) {
    const pe = PHASE_EVENTS[p - 1];
    const k = Math.floor((p - 1) / 2);
    const isStart = pe.type === 'period_start';
    entries.push({
      key: k * K + (isStart ? 0 : K - 1),
      phase: p,
      event: sourceEvent(`${mid}:${pe.type}:${pe.period}`, pe.type, { period: pe.period }),
      occurredMs: isStart ? startMs(k) : endMs(k),
    });
  }
  for (const inc of incidents) {
    if (2 * inc.k + 1 > target) continue; // cannot happen for live matches (target covers incidents)
    entries.push({ key: inc.k * K + 1 + inc.order, occurredMs: incidentMs(inc), ...inc.make() });
  }

  // Goals: the nth goal of a side is `goal:<side>:<n>` whether it came with details or only as a
  // score change, so details arriving after the score never count a goal twice.
  const score = goalsNow(m.score);
  const halfTime = m.score.halfTime;
  const ht =
    halfTime && halfTime.home != null && halfTime.away != null ? { home: halfTime.home, away: halfTime.away } : null;
  const lastK = currentK ?? Math.max(0, Math.floor((target - 1) / 2));
  for (const side of ['home', 'away'] as const) {
    const goalEntries = entries.filter((e) => e.event.type === 'goal' && e.event.side === side);
    goalEntries.sort((a, b) => a.key - b.key);
    goalEntries.forEach((e, i) => {
      e.goal = { side, n: i + 1 };
      e.event.event_id = `${mid}:goal:${side}:${i + 1}`;
    });
    const want = target === 0 ? 0 : Math.max(score?.[side] ?? 0, goalEntries.length);
    for (let n = goalEntries.length + 1; n <= want; n++) {
      // Goals known only from the score: 1st-half ones (half-time score, once it is final) before the break.
      const inFirstHalf = target >= 2 && ht != null && n <= ht[side];
      const k = inFirstHalf ? 0 : lastK;
      entries.push({
        key: k * K + K - 10 + n / 1000,
        occurredMs: inFirstHalf ? endMs(0) - 60_000 : finished ? endMs(k) - 60_000 : nowMs,
        goal: { side, n },
        event: sourceEvent(`${mid}:goal:${side}:${n}`, 'goal', { side, period: PERIODS[k].period }),
      });
    }
  }

  // Status changes of a match in progress.
  if (m.status === 'SUSPENDED' && prev?.status !== 'SUSPENDED') {
    track.suspensions += 1;
    const e = statusEvent(`${mid}:status:suspended:${track.suspensions}`, 'suspended', 9 * K);
    if (e) entries.push(e);
  } else if (prev?.status === 'SUSPENDED' && m.status !== 'SUSPENDED' && !finished) {
    const e = statusEvent(`${mid}:status:resumed:${track.suspensions}`, 'resumed', -1);
    if (e) entries.push(e);
  }

  // Final whistle: the shoot-out score, full_time and the authoritative result.
  if (finished) {
    const lastEnd = Math.floor((target - 1) / 2);
    const p = m.score.penalties;
    if (target >= 10 && p && p.home != null && p.away != null) {
      entries.push({
        key: 4 * K + 500,
        occurredMs: endMs(4) - 60_000,
        event: sourceEvent(`${mid}:shootout`, 'shootout', {
          period: 'penalties',
          detail: { home: p.home, away: p.away },
        }),
      });
    }
    entries.push({
      key: 10 * K,
      occurredMs: endMs(lastEnd),
      event: sourceEvent(`${mid}:full_time`, 'full_time', { period: 'full_time' }),
    });
    const r = resultEntry(10 * K + 1, endMs(lastEnd));
    if (r) entries.push(r);
  }

  // Keep only what was not emitted before, and remember it.
  const fresh = entries.filter((e) => {
    if (e.phase != null) return e.phase > prevPhase;
    if (e.goal) return e.goal.n > (prev?.goals[e.goal.side] ?? 0);
    if (e.incident) return !track.sent.includes(e.event.event_id);
    return true;
  });
  for (const e of fresh) {
    if (e.goal) track.goals[e.goal.side] = Math.max(track.goals[e.goal.side], e.goal.n);
    else if (e.incident) track.sent.push(e.event.event_id);
  }
  track.phase = Math.max(prevPhase, target);
  return out(fresh);
}
