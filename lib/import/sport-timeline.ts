/**
 * A non-football imported match (lib/rules/contract.ts `ImportedSportMatch`) as a timed
 * timeline: its events with offsets in seconds after the start, paced the way the sport is
 * played, ending in a `result` event when the events alone do not reach the recorded result.
 * Pure, no I/O. Used by the engine's import (server/engine/sport-import.ts) and the replay
 * schedule (server/replay/schedule.ts): `occurred_at = kickoff + at_s`.
 *
 * Pacing (seconds; calibrated on the bundled data, see lib/import/sport-timeline.test.ts):
 * - cricket (per ball): every delivery {@link PACE}.cricket.ball after the event before it (wides
 *   and no-balls too: the ball is bowled again); a wicket adds new_batter before the next event,
 *   an over_end adds over_change; the first ball of a later innings comes after the innings
 *   interval (T20 20 min, ODI 45 min, Test 10 min, before a super over 10 min, between the two
 *   super-over innings 5 min). Toss, powerplay, target, penalty and result markers take no time.
 * - baseball (per play): a plate appearance takes walk-up + 22 s per pitch of its Retrosheet
 *   pitch sequence (pitches already counted for a base-running play of the same batter are not
 *   counted again; 4 pitches when the sequence is unknown); a half-inning break 125 s; a
 *   pitching change during an inning 150 s, another substitution 20 s (none during a break).
 * - tennis (per point): 35 s per point; after a game 20 s, a changeover (after games 3, 5, …
 *   of a set) 90 s, after the first game of a set 20 s (no rest), a set break 120 s, a change
 *   of ends every 6 points of a tie-break 20 s; a retirement 30 s after the last point.
 * - results-only matches (basketball, ice hockey, rugby, ATP results): the `result` alone at
 *   the sport's typical duration ({@link typicalDurationSeconds}).
 * - any other event: 30 s after the one before.
 */
import { isPlayoffRound } from '@/lib/match/playoff-round';
import { rulesFor, type ContractSport } from '@/lib/match/registry';
import type { Sport } from '@/lib/sports';
import { RuleError, type ImportedSportMatch, type SportEvent } from '../rules/contract';

/** True when `sport`'s rules keep their own state (lib/rules/contract.ts `ownState`): its imports are ImportedMatch, timed by lib/replay/timeline.ts. */
const keepsOwnState = (sport: string): boolean => rulesFor(sport as Sport).ownState === true;

/** One event of a timeline, `at_s` seconds (≥ 0) after the start (kickoff). */
export interface TimedSportEvent {
  at_s: number;
  event: SportEvent;
}

/** A match's timeline: events in order with non-decreasing `at_s`; duration = last `at_s` (0 when empty). */
export interface SportTimeline {
  events: TimedSportEvent[];
  duration_s: number;
}

/** Options of {@link sportTimeline}. */
export interface SportTimelineOptions {
  /** Play under the sport's knockout rules (ice hockey playoff overtimes); default {@link isPlayoffMatch}. */
  playoff?: boolean;
}

/** Pacing constants in seconds (documented in the module header). */
export const PACE = {
  cricket: {
    ball: 32,
    new_batter: 90,
    over_change: 35,
    interval_t20: 1200,
    interval_odi: 2700,
    interval_test: 600,
    before_super_over: 600,
    between_super_overs: 300,
  },
  baseball: {
    pitch: 22,
    walk_up: 25,
    half_inning_break: 125,
    pitching_change: 150,
    substitution: 20,
    default_pitches: 4,
  },
  tennis: {
    point: 35,
    between_games: 20,
    changeover: 90,
    first_game_change: 20,
    set_break: 120,
    tiebreak_change: 20,
    retirement: 30,
  },
  other_event: 30,
} as const;

/**
 * True when the match is a knockout/playoff game: ice hockey and basketball (FiveThirtyEight
 * rounds are null in the regular season) when `round` is set or `result.detail.playoff` is
 * true; other sports when `round` names a knockout stage (Final, Semi-final, Qualifier, …).
 */
export function isPlayoffMatch(m: ImportedSportMatch): boolean {
  if (
    m.result?.detail.playoff === true ||
    (typeof m.result?.detail.playoff === 'string' && m.result.detail.playoff !== '')
  )
    return true;
  return isPlayoffRound(m.sport, m.round);
}

/**
 * The typical length in seconds of a match of `m.sport` from start to result, used for
 * results-only matches: basketball 2 h 15 min + 15 min per overtime; ice hockey 2 h 30 min,
 * + 10 min for a regular-season overtime, + 20 min for OT and shootout, + 40 min per playoff
 * overtime; rugby 1 h 45 min (80 min, half time, stoppages); tennis the recorded `minutes`, else
 * 1 h 50 min (best of 3) / 2 h 50 min (best of 5), 0 for a walkover; baseball 3 h + 20 min per
 * extra inning; cricket T20 3 h 20 min, ODI 8 h; anything else 2 h.
 */
export function typicalDurationSeconds(m: ImportedSportMatch): number {
  const d = m.result?.detail ?? {};
  const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  switch (m.sport) {
    case 'basketball':
      return 8100 + 900 * (n(d.overtimes) ?? 0);
    case 'ice-hockey': {
      const ot = n(d.overtimes) ?? (d.decision === 'OT' || d.decision === 'SO' ? 1 : 0);
      if (isPlayoffMatch(m)) return 9000 + 2400 * ot;
      return 9000 + (d.decision === 'SO' ? 1200 : ot > 0 ? 600 : 0);
    }
    case 'rugby':
      return 6300;
    case 'tennis': {
      if (d.outcome === 'walkover') return 0;
      const minutes = n(d.minutes);
      if (minutes !== null && minutes > 0) return minutes * 60;
      return d.best_of === 5 ? 10200 : 6600;
    }
    case 'baseball':
      return 10800 + 1200 * Math.max(0, (n(d.innings) ?? 9) - 9);
    case 'cricket':
      return n(d.overs) !== null && n(d.overs)! <= 20 ? 12000 : 28800;
    default:
      return 7200;
  }
}

const defined = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * The `result` event a sport's rules accept for `m.result` (event_id `<source_key>#result`,
 * type `result`, side null): basketball {home, away, overtimes?}; ice hockey {home, away,
 * decision, overtimes}; rugby {home, away, tries?}; baseball {home, away, innings?, called?};
 * tennis {winner, sets, tiebreaks, outcome}; cricket {kind, winner, by, method, eliminator};
 * other sports {home, away}. Null when the match has no result (not played).
 */
export function resultEvent(m: ImportedSportMatch): SportEvent | null {
  const r = m.result;
  if (!r || m.status !== 'finished') return null;
  const d = r.detail;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const score = { home: r.home, away: r.away };
  const details: Partial<Record<ImportedSportMatch['sport'], Record<string, unknown>>> = {
    tennis: { winner: r.winner, sets: d.sets ?? [], tiebreaks: d.set_tiebreaks, outcome: d.outcome },
    cricket: {
      kind: d.kind ?? (r.winner ? 'win' : 'tie'),
      winner: r.winner,
      by: d.by ?? null,
      method: d.method ?? null,
      eliminator: d.eliminator ?? null,
    },
    'ice-hockey': { ...score, decision: d.decision, overtimes: num(d.overtimes) },
    basketball: { ...score, overtimes: num(d.overtimes) },
    rugby: { ...score, tries: d.tries ?? undefined },
    baseball: { ...score, innings: num(d.innings), called: typeof d.called === 'boolean' ? d.called : undefined },
  };
  const detail = details[m.sport] ?? score;
  return {
    event_id: `${m.source_key}#result`,
    type: 'result',
    side: null,
    player: null,
    minute: null,
    period: null,
    clock_seconds: null,
    detail: defined(detail),
  };
}

/** Seconds between `prev` and `e`; a pacer keeps its own running state between calls. */
type Pacer = (e: SportEvent, prev: SportEvent | null) => number;

function cricketPacer(m: ImportedSportMatch): Pacer {
  const P = PACE.cricket;
  const overs = m.result?.detail.overs;
  const interval = typeof overs !== 'number' ? P.interval_test : overs <= 20 ? P.interval_t20 : P.interval_odi;
  let innings = 0;
  let lastSuperOver = false;
  let pending = 0; // new batter / change of ends, taken before the next ball
  return (e) => {
    switch (e.type) {
      case 'delivery': {
        const gap = pending + P.ball;
        pending = 0;
        return gap;
      }
      case 'wicket':
        pending += P.new_batter;
        return 0;
      case 'over_end':
        pending += P.over_change;
        return 0;
      case 'innings_end':
        pending = 0;
        return 0;
      case 'innings_start': {
        const so = e.detail.super_over === true;
        const gap = innings === 0 ? 0 : so ? (lastSuperOver ? P.between_super_overs : P.before_super_over) : interval;
        innings += 1;
        lastSuperOver = so;
        pending = 0;
        return gap;
      }
      default:
        return 0;
    }
  };
}

const PITCH_CHARS = /[BCFHIKLMOPQRSTUVXY]/g;

function baseballPacer(): Pacer {
  const P = PACE.baseball;
  let batter: string | null = null;
  let counted = 0;
  return (e, prev) => {
    const inBreak = prev?.type === 'half_inning_end';
    const breakGap = inBreak ? P.half_inning_break : 0;
    if (e.type === 'plate_appearance' || e.type === 'base_running') {
      const pa = e.type === 'plate_appearance';
      const id = typeof e.detail.batter_id === 'string' ? e.detail.batter_id : e.player;
      const seq = typeof e.detail.pitches === 'string' ? e.detail.pitches : null;
      const total = seq === null ? (pa ? P.default_pitches : 0) : (seq.match(PITCH_CHARS) ?? []).length;
      const same = id !== null && id === batter;
      const fresh = same ? Math.max(0, total - counted) : total;
      const gap = breakGap + (same ? 0 : P.walk_up) + fresh * P.pitch;
      batter = pa ? null : id;
      counted = pa ? 0 : total;
      return gap;
    }
    if (e.type === 'pitching_change') return breakGap || (prev?.type === 'lineup' ? 0 : P.pitching_change);
    if (e.type === 'substitution') return breakGap || (prev?.type === 'lineup' ? 0 : P.substitution);
    if (e.type === 'lineup' || e.type === 'half_inning_end' || e.type === 'result') return breakGap;
    return breakGap + PACE.other_event;
  };
}

function tennisPacer(): Pacer {
  const P = PACE.tennis;
  let gamesInSet = 0;
  let tiebreakPoints = 0;
  const breakAfter = (prev: SportEvent | null): number => {
    if (prev?.type === 'set_end') return P.set_break;
    if (prev?.type === 'game_end')
      return gamesInSet === 1 ? P.first_game_change : gamesInSet % 2 === 1 ? P.changeover : P.between_games;
    if (prev?.type === 'point' && tiebreakPoints > 0 && tiebreakPoints % 6 === 0) return P.tiebreak_change;
    return 0;
  };
  return (e, prev) => {
    switch (e.type) {
      case 'game_end':
        gamesInSet += 1;
        tiebreakPoints = 0;
        return 0;
      case 'set_end':
        gamesInSet = 0;
        return 0;
      case 'match_start':
      case 'result':
        return 0;
      case 'tiebreak_start':
        tiebreakPoints = 0;
        return breakAfter(prev);
      case 'point': {
        const gap = breakAfter(prev) + P.point;
        if (prev?.type === 'tiebreak_start' || tiebreakPoints > 0) tiebreakPoints += 1;
        return gap;
      }
      case 'retirement':
        return breakAfter(prev) + P.retirement;
      default:
        return PACE.other_event;
    }
  };
}

function pacerFor(m: ImportedSportMatch): Pacer {
  if (m.sport === 'cricket') return cricketPacer(m);
  if (m.sport === 'baseball') return baseballPacer();
  if (m.sport === 'tennis') return tennisPacer();
  return (e, prev) => (prev === null || e.type === 'result' ? 0 : PACE.other_event);
}

/**
 * True when folding `events` through the sport's rules from the initial state ends `finished`
 * with `m.result`'s score (home/away). A refused event (RuleError) counts as not reaching it.
 * @throws Error when `m.sport` has no rules module (football, or a sport without one)
 */
export function reachesRecordedResult(
  m: ImportedSportMatch,
  events: readonly SportEvent[],
  opts: SportTimelineOptions = {},
): boolean {
  if (!m.result) return false;
  if (keepsOwnState(m.sport))
    throw new Error(
      `sportTimeline: ${m.sport} matches are ImportedMatch (lib/replay/timeline.ts), not ImportedSportMatch`,
    );
  const rules = rulesFor(m.sport as ContractSport, { playoff: opts.playoff ?? isPlayoffMatch(m) });
  let s = rules.initialState();
  try {
    for (const e of events) s = rules.applyEvent(s, e);
  } catch (err) {
    if (err instanceof RuleError) return false;
    throw err;
  }
  const p = rules.project(s);
  return p.status === 'finished' && p.score.home === m.result.home && p.score.away === m.result.away;
}

/**
 * The match's events timed from the start (kickoff), paced per sport as the module header
 * describes: `{events: [{at_s, event}], duration_s}` with `at_s` in seconds, non-decreasing,
 * starting at 0 (pre-match facts such as the toss or lineups sit at 0). When the match is
 * finished with a result and folding `m.events` through `rulesFor(m.sport, {playoff})` does not
 * already end `finished` with that score, a `result` event ({@link resultEvent}) is appended —
 * right after the last event, or alone at {@link typicalDurationSeconds} for a results-only
 * match. Unplayed matches (no result) get no result event.
 * @param opts.playoff knockout rules for the fold (default {@link isPlayoffMatch})
 * @throws Error for a football match, or a played match of a sport without a rules module
 *   (lib/match/registry.ts `rulesFor`)
 */
export function sportTimeline(m: ImportedSportMatch, opts: SportTimelineOptions = {}): SportTimeline {
  if (keepsOwnState(m.sport))
    throw new Error(`sportTimeline: ${m.sport} matches are ImportedMatch (lib/replay/timeline.ts)`);
  const pace = pacerFor(m);
  const events: TimedSportEvent[] = [];
  let t = 0;
  let prev: SportEvent | null = null;
  for (const event of m.events) {
    t += Math.max(0, pace(event, prev));
    events.push({ at_s: t, event });
    prev = event;
  }
  const result = resultEvent(m);
  if (result && !reachesRecordedResult(m, m.events, opts)) {
    const at = events.length === 0 ? typicalDurationSeconds(m) : t + Math.max(0, pace(result, prev));
    events.push({ at_s: at, event: result });
  }
  return { events, duration_s: events.at(-1)?.at_s ?? 0 };
}

/**
 * The match's events in order, with the synthesized `result` event of {@link sportTimeline}
 * when the events alone do not reach the recorded result.
 * @throws Error as {@link sportTimeline}
 */
export function matchEvents(m: ImportedSportMatch, opts: SportTimelineOptions = {}): SportEvent[] {
  return sportTimeline(m, opts).events.map((x) => x.event);
}
