/**
 * Baseball rules as a pure reducer (lib/rules/contract.ts): `applyEvent(state, event) → state`.
 *
 * Status machine:
 *   scheduled → in_play ⇄ break (between half innings) → finished
 *   in_play | break → delayed | suspended → (resumed) previous status; any → postponed | abandoned
 * Period machine: not_started → top_1 → middle_1 → bottom_1 → end_1 → top_2 → … → final.
 *
 * How a game ends (Official Baseball Rules 7.01):
 * - a half inning ends at the third out (the reducer ends it; a `half_inning_end` event then
 *   only confirms it);
 * - after the top of the 9th (or any later inning) the game is over when the home team leads:
 *   the bottom half is not played and is absent from the line score;
 * - after the bottom of the 9th or later the game is over when the score is not level;
 * - walk-off: in the bottom of the 9th or later the game ends on the play that puts the home
 *   team ahead (all runs recorded on that play count, as for a game-ending home run);
 * - a `result` event ends it authoritatively (called games, results-only sources).
 */
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { assertNotFinished, failEvent as fail, needFinalScore, needSide } from '../rules/events';
import { addPoints, copyLineScore, emptyLineScore } from '../rules/line-score';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { otherSide as other, perSide } from '../rules/sides';
import { applyStatusEvent, type StatusEventRules } from '../rules/status';
import {
  BASEBALL_EVENT_TYPES,
  BASEBALL_PERIODS,
  BASEBALL_STATUSES,
  HIT_OUTCOMES,
  REGULATION_INNINGS,
  type Advance,
  type BaseballState,
  type Bases,
  type Half,
  type LineupDetail,
  type PlayDetail,
  type ResultDetail,
  type Side,
  type TeamLineup,
} from './types';

const BASE_KEY = { '1': 'first', '2': 'second', '3': 'third' } as const satisfies Record<string, keyof Bases>;

/** The batting side of a half: the away team bats in the top half, the home team in the bottom. */
export function battingSide(half: Half): Side {
  return half === 'top' ? 'away' : 'home';
}
/** `status` events: a rain delay or a suspension interrupts play; a finished game refuses. */
const STATUS_RULES: StatusEventRules = {
  interruptions: ['delayed', 'suspended'],
  refuse_when_finished: 'game',
  resume_only_when_interrupted: false,
};

/** Period name of a half inning: `top_3`, `bottom_11`. */
export function halfPeriod(inning: number, half: Half): string {
  return `${half}_${inning}`;
}

/** Parses a playing period (`top_n` / `bottom_n`, n ≥ 1); null for anything else. */
export function parseHalf(period: string): { inning: number; half: Half } | null {
  const m = /^(top|bottom)_([1-9]\d*)$/.exec(period);
  return m ? { inning: Number(m[2]), half: m[1] as Half } : null;
}

const emptyLineup = (): TeamLineup => ({ batting: Array<string | null>(10).fill(null), positions: {} });

/** State before the first pitch: 9 scheduled innings, empty line score. */
export function initialState(): BaseballState {
  return {
    status: 'scheduled',
    period: 'not_started',
    inning: 0,
    half: null,
    outs: 0,
    bases: { first: null, second: null, third: null },
    line_score: emptyLineScore(),
    runs: perSide(() => 0),
    hits: perSide(() => 0),
    errors: perSide(() => 0),
    left_on_base: perSide(() => 0),
    batter: null,
    pitchers: perSide(() => null),
    lineups: perSide(emptyLineup),
    scheduled_innings: REGULATION_INNINGS,
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

/** The half that follows the current position (top_1 before the game). */
function nextHalf(s: BaseballState): { inning: number; half: Half } {
  if (s.inning === 0 || s.half === null) return { inning: 1, half: 'top' };
  return s.half === 'top' ? { inning: s.inning, half: 'bottom' } : { inning: s.inning + 1, half: 'top' };
}

function startHalf(s: BaseballState, inning: number, half: Half): void {
  s.inning = inning;
  s.half = half;
  s.outs = 0;
  s.bases = { first: null, second: null, third: null };
  s.status = 'in_play';
  s.period = halfPeriod(inning, half);
  s.batter = null;
  const side = battingSide(half);
  while (s.line_score[side].length < inning) s.line_score[side].push(0);
}

function finish(s: BaseballState, called = false): void {
  s.status = 'finished';
  s.period = 'final';
  s.result = { home: s.runs.home, away: s.runs.away, innings: s.inning, ...(called ? { called: true } : {}) };
}

/** Ends the current half (bases cleared, runners left on base counted) and decides if the game is over. */
function endHalf(s: BaseballState): void {
  const half = s.half!;
  const side = battingSide(half);
  s.left_on_base[side] += [s.bases.first, s.bases.second, s.bases.third].filter((p) => p !== null).length;
  s.bases = { first: null, second: null, third: null };
  s.batter = null;
  const late = s.inning >= s.scheduled_innings;
  if (late && half === 'top' && s.runs.home > s.runs.away) return finish(s);
  if (late && half === 'bottom' && s.runs.home !== s.runs.away) return finish(s);
  s.status = 'break';
  s.period = `${half === 'top' ? 'middle' : 'end'}_${s.inning}`;
}

/**
 * Makes sure the event applies to the half being played: starts the next half when the game is
 * between halves (or not started), checks the event's period and batting side.
 */
function enterHalf(s: BaseballState, e: SportEvent): Side {
  assertNotFinished(s.status, e);
  if (s.status === 'postponed' || s.status === 'abandoned') fail(e, `the game is ${s.status}`, 'invalid_state');
  const wanted = e.period === null ? null : parseHalf(e.period);
  if (e.period !== null && !wanted) fail(e, `period ${e.period} is not a half inning`);
  const playing =
    s.status === 'in_play' ||
    ((s.status === 'delayed' || s.status === 'suspended') && s.interrupted_from === 'in_play');
  if (playing && s.half) {
    if (wanted && (wanted.inning !== s.inning || wanted.half !== s.half)) {
      fail(
        e,
        `period ${e.period} while ${halfPeriod(s.inning, s.half)} is being played (${s.outs} outs)`,
        'invalid_state',
      );
    }
  } else {
    const next = nextHalf(s);
    if (wanted && (wanted.inning !== next.inning || wanted.half !== next.half)) {
      fail(e, `period ${e.period} cannot start after ${s.period}`, 'invalid_state');
    }
    startHalf(s, next.inning, next.half);
  }
  if (s.status !== 'in_play') {
    s.status = 'in_play';
    s.interrupted_from = null;
  }
  const batting = battingSide(s.half!);
  if (e.side !== null && e.side !== batting) fail(e, `side ${e.side} is not batting in ${s.period}`);
  return batting;
}

const ORDER = { '3': 0, '2': 1, '1': 2, B: 3 } as const;

/** Applies runner movements lead runner first. Returns runs scored. */
function applyAdvances(
  s: BaseballState,
  e: SportEvent,
  side: Side,
  batter: string | null,
  advances: Advance[],
): number {
  let runs = 0;
  const sorted = [...advances].sort((a, b) => ORDER[a.from] - ORDER[b.from]);
  const seen = new Set<string>();
  for (const a of sorted) {
    if (seen.has(a.from)) fail(e, `runner ${a.from} moves twice`);
    seen.add(a.from);
    let runner: string | null;
    if (a.from === 'B') runner = batter ?? e.player ?? 'batter';
    else {
      runner = s.bases[BASE_KEY[a.from]];
      if (runner === null) fail(e, `no runner on base ${a.from}`, 'invalid_state');
      s.bases[BASE_KEY[a.from]] = null;
    }
    if (a.out) {
      s.outs += 1;
      continue;
    }
    if (a.to === 'H') {
      runs += 1;
      continue;
    }
    const key = BASE_KEY[a.to];
    if (s.bases[key] !== null) fail(e, `base ${a.to} is occupied by ${s.bases[key]}`, 'invalid_state');
    s.bases[key] = runner;
  }
  if (runs) addPoints(s.runs, s.line_score, side, runs, s.inning - 1);
  return runs;
}

/** After a play: walk-off check, then end of half at three outs. */
function afterPlay(s: BaseballState): void {
  if (s.half === 'bottom' && s.inning >= s.scheduled_innings && s.runs.home > s.runs.away) return finish(s);
  if (s.outs >= 3) {
    s.outs = 3;
    endHalf(s);
  }
}

function isAdvance(a: unknown): a is Advance {
  if (!a || typeof a !== 'object') return false;
  const x = a as Record<string, unknown>;
  return (
    ['B', '1', '2', '3'].includes(x.from as string) &&
    ['1', '2', '3', 'H'].includes(x.to as string) &&
    typeof x.out === 'boolean'
  );
}

function applyPlay(s: BaseballState, e: SportEvent): void {
  const d = e.detail as unknown as PlayDetail;
  if (!d || !Array.isArray(d.advances) || !d.advances.every(isAdvance))
    fail(e, 'detail.advances must be a list of {from, to, out}');
  const side = enterHalf(s, e);
  if (e.type === 'plate_appearance') s.batter = e.player;
  applyAdvances(s, e, side, e.player, d.advances);
  if (HIT_OUTCOMES.includes(d.outcome)) s.hits[side] += 1;
  if (typeof d.errors === 'number' && d.errors > 0) s.errors[other(side)] += d.errors;
  afterPlay(s);
}

function applyLineup(s: BaseballState, side: Side, e: SportEvent): void {
  const d = e.detail as unknown as LineupDetail;
  if (!d || !Array.isArray(d.players)) fail(e, 'detail.players is required');
  const lineup = emptyLineup();
  for (const p of d.players) {
    if (!Number.isInteger(p.batting_order) || p.batting_order < 0 || p.batting_order > 9)
      fail(e, `bad batting_order for ${p.player}`);
    lineup.batting[p.batting_order] = p.player;
    lineup.positions[p.player] = p.position;
    if (p.position === 1) s.pitchers[side] = p.player;
  }
  s.lineups[side] = lineup;
}

function applySubstitution(s: BaseballState, side: Side, e: SportEvent): void {
  assertNotFinished(s.status, e);
  const player = e.player;
  const order = Number(e.detail.batting_order);
  const position = Number(e.detail.position);
  if (!player) fail(e, 'player (the incoming player) is required');
  if (!Number.isInteger(order) || order < 0 || order > 9) fail(e, 'detail.batting_order must be 0–9');
  if (!Number.isInteger(position) || position < 1 || position > 12) fail(e, 'detail.position must be 1–12');
  const lineup = s.lineups[side];
  const leaving = lineup.batting[order];
  if (leaving && leaving !== player) {
    // A runner replaced in the batting order is replaced on the bases too (pinch runner).
    for (const k of ['first', 'second', 'third'] as const) if (s.bases[k] === leaving) s.bases[k] = player;
    delete lineup.positions[leaving];
  }
  lineup.batting[order] = player;
  lineup.positions[player] = position;
  if (position === 1) s.pitchers[side] = player;
  else if (s.pitchers[side] === player) s.pitchers[side] = null; // pitcher moved to another position
}

function applyResult(s: BaseballState, e: SportEvent): void {
  const r = needFinalScore<ResultDetail>(e, 'detail.home and detail.away must be non-negative integers');
  s.runs = { home: r.home, away: r.away };
  s.status = 'finished';
  s.period = 'final';
  s.bases = { first: null, second: null, third: null };
  s.result = { ...r, innings: r.innings ?? (s.inning || undefined) };
  if (s.result.innings === undefined) delete s.result.innings;
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: BaseballState, e: SportEvent): void {
  switch (e.type) {
    case 'plate_appearance':
    case 'base_running':
      applyPlay(s, e);
      break;
    case 'run':
    case 'out':
    case 'base_advance': {
      const side = enterHalf(s, e);
      const from = (e.detail.from ?? (e.type === 'run' ? undefined : 'B')) as Advance['from'] | undefined;
      if (from !== undefined && !['B', '1', '2', '3'].includes(from))
        fail(e, `detail.from ${String(from)} is not B, 1, 2 or 3`);
      if (e.type === 'run') {
        if (from) applyAdvances(s, e, side, e.player, [{ from, to: 'H', out: false }]);
        else addPoints(s.runs, s.line_score, side, 1, s.inning - 1);
      } else if (e.type === 'out') {
        if (from && from !== 'B') applyAdvances(s, e, side, e.player, [{ from, to: from, out: true }]);
        else s.outs += 1;
      } else {
        const to = e.detail.to as Advance['to'];
        if (!['1', '2', '3', 'H'].includes(to)) fail(e, 'detail.to must be 1, 2, 3 or H');
        applyAdvances(s, e, side, e.player, [{ from: from!, to, out: false }]);
      }
      afterPlay(s);
      break;
    }
    case 'lineup':
      applyLineup(s, needSide(e), e);
      break;
    case 'substitution':
    case 'pitching_change':
      applySubstitution(s, needSide(e), e);
      break;
    case 'half_inning_end':
      if (s.status === 'in_play' && s.half) endHalf(s);
      else if (s.status !== 'break') fail(e, `no half inning is being played (status ${s.status})`, 'invalid_state');
      break;
    case 'status':
      applyStatusEvent(s, e, STATUS_RULES);
      break;
    case 'result':
      applyResult(s, e);
      break;
    default:
      fail(e, 'unknown baseball event type');
  }
}

/**
 * Applies one event and returns the new state (the input is not mutated).
 * Errors: RuleError `match_over` for a play after the game ended; `invalid_state` for a play
 * in the wrong half or a runner moving from an empty base / onto an occupied one;
 * `invalid_event` for unknown types, missing sides or malformed detail.
 */
export const applyEvent: (prev: BaseballState, e: SportEvent) => BaseballState = countingReducer(applyInPlace);

/** The spec 2.1 projection: score = runs, minute 0, the half inning as period. */
export function project(s: BaseballState): LiveProjection {
  const fielding = s.half ? other(battingSide(s.half)) : null;
  return liveProjection(s, s.runs, 0, {
    inning: s.inning,
    half: s.half,
    outs: s.outs,
    bases: { ...s.bases },
    line_score: copyLineScore(s.line_score),
    hits: { ...s.hits },
    errors: { ...s.errors },
    left_on_base: { ...s.left_on_base },
    batter: s.batter,
    pitcher: fielding ? s.pitchers[fielding] : null,
    pitchers: { ...s.pitchers },
    result: s.result,
  });
}

/** Baseball's {@link SportRules}: clock 'none', innings halves as periods. */
export const baseballRules: SportRules<BaseballState> = {
  sport: 'baseball',
  statuses: BASEBALL_STATUSES,
  periods: BASEBALL_PERIODS,
  eventTypes: BASEBALL_EVENT_TYPES,
  clock: 'none',
  initialState,
  applyEvent,
  project,
};

/** Applies events in order from the initial state. */
export function replayEvents(events: SportEvent[]): BaseballState {
  return events.reduce(applyEvent, initialState());
}
