/**
 * Golf (stroke play) rules as a pure reducer (lib/rules/contract.ts), clock 'none'. Values and
 * event details: lib/golf/types.ts.
 *
 * Status machine: scheduled → in_play (round) ⇄ break (between rounds) → finished (`result`);
 * in_play | break → suspended → (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → round_1 → after_round_1 → … → round_4 → after_round_4 →
 * (playoff → final) ; `result` → final from any period. A playoff may follow any round.
 * Leaderboard order: active players by to_par, the winner first among those level with him,
 * then name; then cut players (to_par, name); then withdrawn players (name).
 */
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { assertNotFinished, failEvent as fail } from '../rules/events';
import { liveProjection } from '../rules/projection';
import { countingApply, countingReducer } from '../rules/reducer';
import { compareNames } from '../rules/standings-groups';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
import {
  GOLF_EVENT_TYPES,
  GOLF_PERIODS,
  GOLF_ROUNDS,
  GOLF_STATUSES,
  type GolfLeaderboardEntry,
  type GolfPlayer,
  type GolfState,
} from './types';

const STATUS_RULES = periodSportStatusRules('match');
const ROUND = /^round_([1-9])$/;
const roundOf = (period: string): number | null => {
  const m = ROUND.exec(period);
  return m && Number(m[1]) <= GOLF_ROUNDS ? Number(m[1]) : null;
};
const isInt = (v: unknown, min: number, max = Infinity): v is number =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** State before round 1: no players, period `not_started`, status `scheduled`. */
export function initialState(): GolfState {
  return {
    status: 'scheduled',
    period: 'not_started',
    round: 0,
    players: [],
    cut_line: null,
    playoff: null,
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

const newPlayer = (name: string): GolfPlayer => ({
  name,
  status: 'active',
  rounds: [],
  to_par: 0,
  holes: [],
  playoff_strokes: null,
});

function needName(e: SportEvent, v: unknown, what = 'player'): string {
  if (typeof v !== 'string' || v.trim() === '') fail(e, `${what} must be a non-empty name`);
  return v;
}

/** The player named `name`; a new one before or during round 1 (the field is fixed after it). */
function findOrAdd(s: GolfState, e: SportEvent, name: string): GolfPlayer {
  let p = s.players.find((x) => x.name === name);
  if (!p) {
    if (s.round > 1) fail(e, `${name} is not in the field`, 'invalid_state');
    p = newPlayer(name);
    p.rounds = s.round === 1 ? [0] : [];
    s.players.push(p);
  }
  return p;
}

const strokes = (p: GolfPlayer): number => p.rounds.reduce((a, b) => a + b, 0);
const active = (s: GolfState): GolfPlayer[] => s.players.filter((p) => p.status === 'active');

/** The active players tied for the lead (lowest to_par). */
function leaders(s: GolfState): string[] {
  const act = active(s);
  const best = Math.min(...act.map((p) => p.to_par));
  return act.filter((p) => p.to_par === best).map((p) => p.name);
}

function nameList(e: SportEvent, v: unknown, what: string): string[] {
  if (!Array.isArray(v) || v.length === 0) fail(e, `detail.${what} must be a non-empty array of names`);
  return v.map((x) => needName(e, x, `detail.${what}[]`));
}

function startRound(s: GolfState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const breakRound = s.period === 'not_started' ? 0 : Number(/^after_round_(\d)$/.exec(s.period)?.[1] ?? NaN);
  if (Number.isNaN(breakRound)) fail(e, `no round can start in ${s.period}`, 'invalid_state');
  const wanted = e.period ?? (breakRound < GOLF_ROUNDS ? `round_${breakRound + 1}` : 'playoff');
  if (wanted === 'playoff' && breakRound > 0) return startPlayoff(s, e);
  if (wanted !== `round_${breakRound + 1}`)
    fail(e, `expected round_${breakRound + 1} after ${s.period}`, 'invalid_state');
  if (breakRound === 0 && e.detail.players !== undefined)
    for (const n of nameList(e, e.detail.players, 'players')) findOrAdd(s, e, n);
  s.round = breakRound + 1;
  s.period = wanted;
  s.status = 'in_play';
  for (const p of active(s)) {
    p.rounds.push(0);
    p.holes = [];
  }
}

function startPlayoff(s: GolfState, e: SportEvent): void {
  const tied = leaders(s);
  const names = e.detail.players === undefined ? tied : nameList(e, e.detail.players, 'players');
  if (names.length < 2) fail(e, 'a playoff needs at least two players', 'invalid_state');
  for (const n of names) if (!tied.includes(n)) fail(e, `${n} is not tied for the lead`, 'invalid_state');
  for (const p of s.players) if (names.includes(p.name)) p.playoff_strokes = 0;
  s.playoff = [...names];
  s.period = 'playoff';
  s.status = 'in_play';
}

function holeCompleted(s: GolfState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const { hole, strokes: n, par } = e.detail;
  if (!isInt(hole, 1, 18) || !isInt(n, 1) || !isInt(par, 3, 6))
    fail(e, 'detail needs hole 1–18, strokes ≥ 1 and par 3–6');
  const name = needName(e, e.player);
  if (s.period === 'playoff') {
    const p = s.players.find((x) => x.name === name);
    if (!p || p.playoff_strokes === null) fail(e, `${name} is not in the playoff`, 'invalid_state');
    p.playoff_strokes += n;
    return;
  }
  if (roundOf(s.period) === null) fail(e, `no round is being played (period ${s.period})`, 'invalid_state');
  const p = findOrAdd(s, e, name);
  if (p.status !== 'active') fail(e, `${name} is ${p.status}`, 'invalid_state');
  if (p.holes.includes(hole))
    fail(e, `${name} has already completed hole ${hole} in round ${s.round}`, 'invalid_state');
  p.holes.push(hole);
  p.rounds[p.rounds.length - 1] += n;
  p.to_par += n - par;
}

/**
 * A `scorecard` snapshot: replaces the player's rounds, holes done in the latest round and
 * to_par (lib/golf/types.ts). Joins an unknown player to the field in any round (a snapshot
 * source may be first read after round 1).
 */
function scorecard(s: GolfState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  if (s.round === 0 || s.period === 'playoff')
    fail(e, `a scorecard is given during or after a regulation round (period ${s.period})`, 'invalid_state');
  const { rounds, thru, to_par } = e.detail;
  if (!Array.isArray(rounds) || rounds.length > s.round || !rounds.every((r) => isInt(r, 0)))
    fail(e, `detail.rounds must be at most ${s.round} stroke counts ≥ 0`);
  if (!isInt(thru, 0, 18)) fail(e, 'detail.thru must be 0–18');
  if (!Number.isInteger(to_par)) fail(e, 'detail.to_par must be an integer');
  const name = needName(e, e.player);
  let p = s.players.find((x) => x.name === name);
  if (!p) s.players.push((p = newPlayer(name)));
  if (p.status !== 'active') fail(e, `${name} is ${p.status}`, 'invalid_state');
  p.rounds = Array.from({ length: s.round }, (_, i) => (rounds[i] as number | undefined) ?? 0);
  p.holes = Array.from({ length: thru }, (_, i) => i + 1);
  p.to_par = to_par as number;
}

function cut(s: GolfState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  if (!s.period.startsWith('after_round_'))
    fail(e, `a cut is made between rounds (period ${s.period})`, 'invalid_state');
  if (e.detail.players !== undefined) {
    for (const n of nameList(e, e.detail.players, 'players')) {
      const p = s.players.find((x) => x.name === n);
      if (!p) fail(e, `unknown player ${n}`);
      if (p.status !== 'active') fail(e, `${n} is ${p.status}`, 'invalid_state');
      p.status = 'cut';
    }
    return;
  }
  const line = e.detail.cut_line;
  if (!Number.isInteger(line)) fail(e, 'detail needs players (names) or cut_line (integer to par)');
  s.cut_line = line as number;
  for (const p of active(s)) if (p.to_par > s.cut_line) p.status = 'cut';
}

function result(s: GolfState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const winner = needName(e, e.detail.winner, 'detail.winner');
  const { to_par, total_strokes } = e.detail;
  if (to_par !== undefined && to_par !== null && !Number.isInteger(to_par)) fail(e, 'detail.to_par must be an integer');
  if (total_strokes !== undefined && total_strokes !== null && !isInt(total_strokes, 0))
    fail(e, 'detail.total_strokes must be an integer ≥ 0');
  const p = s.players.find((x) => x.name === winner);
  if (s.players.length > 0 && p?.status !== 'active') fail(e, `${winner} is not an active player`, 'invalid_state');
  s.result = {
    winner,
    to_par: (to_par as number | undefined) ?? p?.to_par ?? null,
    total_strokes: (total_strokes as number | undefined) ?? (p ? strokes(p) : null),
  };
  s.status = 'finished';
  s.period = 'final';
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: GolfState, e: SportEvent): void {
  switch (e.type) {
    case 'round_start':
      return startRound(s, e);
    case 'round_end': {
      assertNotFinished(s.status, e, 'match');
      const playing = s.period === 'playoff' || roundOf(s.period) !== null;
      if (!playing) fail(e, `no round is being played (period ${s.period})`, 'invalid_state');
      if (e.period !== null && e.period !== s.period)
        fail(e, `period ${e.period} is not being played`, 'invalid_state');
      s.period = s.period === 'playoff' ? 'final' : `after_round_${s.round}`;
      s.status = 'break';
      return;
    }
    case 'hole_completed':
      return holeCompleted(s, e);
    case 'withdrawal': {
      assertNotFinished(s.status, e, 'match');
      const p = findOrAdd(s, e, needName(e, e.player));
      if (p.status !== 'active') fail(e, `${p.name} is ${p.status}`, 'invalid_state');
      p.status = 'withdrawn';
      return;
    }
    case 'cut':
      return cut(s, e);
    case 'scorecard':
      return scorecard(s, e);
    case 'result':
      return result(s, e);
    case 'status':
      return applyStatusEvent(s, e, STATUS_RULES);
  }
  fail(e, 'unknown golf event type');
}

/**
 * The golf reducer: `prev` plus one event → a new state (`prev` is never mutated).
 * Errors: RuleError `match_over` after the result; `invalid_state` for holes outside a round,
 * a hole played twice, a cut or withdrawn player playing, rounds out of order, a playoff without
 * a tie; `invalid_event` for unknown types, missing names, bad hole/strokes/par.
 */
export const applyEvent: (prev: GolfState, e: SportEvent) => GolfState = countingReducer(applyInPlace);

/**
 * {@link applyEvent} on `s` itself (no copy of the field per event: a series fold owns its state,
 * lib/rules/owned-fold.ts). Same errors; after a refusal `s` may be half-changed.
 */
export const applyEventInPlace: (s: GolfState, e: SportEvent) => void = countingApply(applyInPlace);

/** Applies events in order from {@link initialState} (rebuilds a state from the event log). */
export function replayEvents(events: readonly SportEvent[]): GolfState {
  return events.reduce(applyEvent, initialState());
}

const GROUP = { active: 0, cut: 1, withdrawn: 2 } as const;

/**
 * The leaderboard: lines in the order documented above; positions `1`, `T3` (shared), `CUT`,
 * `WD`. Positions rank active players by to_par, with the result's winner alone ahead of those
 * level with him (a playoff win).
 */
export function leaderboard(s: GolfState): GolfLeaderboardEntry[] {
  const key = (p: GolfPlayer) => p.to_par * 2 + (p.name === s.result?.winner ? 0 : 1);
  const sorted = [...s.players].sort(
    (a, b) =>
      GROUP[a.status] - GROUP[b.status] ||
      (a.status === 'withdrawn' ? 0 : key(a) - key(b)) ||
      compareNames(a.name, b.name),
  );
  const keys = active(s).map(key);
  return sorted.map((p) => {
    let position = p.status === 'cut' ? 'CUT' : 'WD';
    if (p.status === 'active') {
      const k = key(p);
      const rank = 1 + keys.filter((x) => x < k).length;
      position = `${keys.filter((x) => x === k).length > 1 ? 'T' : ''}${rank}`;
    }
    return {
      position,
      player: p.name,
      status: p.status,
      to_par: p.to_par,
      strokes: strokes(p),
      rounds: [...p.rounds],
      thru: p.holes.length,
      playoff_strokes: p.playoff_strokes,
    };
  });
}

/**
 * The spec 2.1 projection: score { home: 0, away: 0 } and minute 0 (no head-to-head, no clock);
 * state { round, cut_line, playoff, leaderboard, result } (docs/sports/golf.md).
 */
export function project(s: GolfState): LiveProjection {
  return liveProjection(s, { home: 0, away: 0 }, 0, {
    round: s.round === 0 ? null : s.round,
    cut_line: s.cut_line,
    playoff: s.playoff ? [...s.playoff] : null,
    leaderboard: leaderboard(s),
    result: s.result ? { ...s.result } : null,
  });
}

/** Golf's {@link SportRules} (slug 'golf', clock 'none'). */
export const golfRules: SportRules<GolfState> = {
  sport: 'golf',
  statuses: GOLF_STATUSES,
  periods: GOLF_PERIODS,
  eventTypes: GOLF_EVENT_TYPES,
  clock: 'none',
  initialState,
  applyEvent,
  applyEventInPlace,
  project,
};
