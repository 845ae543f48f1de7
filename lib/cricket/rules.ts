/**
 * Cricket rules as a pure reducer (lib/rules/contract.ts `SportRules`), no I/O.
 * Values, event details and state fields are documented in lib/cricket/types.ts.
 *
 * What the rules derive by themselves (so a live feed of deliveries is enough):
 * - legal balls: a delivery with wides or noballs does not count towards the over;
 * - innings end: all out (10 wickets; retired hurt / retired not out do not count), overs quota
 *   bowled, or the chase target reached — the match moves to `break`/`innings_break`;
 * - the chase target: first-innings runs + 1 in the full quota, unless a `target` event set a
 *   revised (D/L) target, whose `overs` then becomes the chasing innings' quota;
 * - the result of a limited-overs match once the chase ends: chasing side won by
 *   (10 − wickets) wickets, or the side batting first by (target − 1 − runs) runs, or a tie;
 *   a super-over pair decides a tied match (`result.eliminator`). Tests (no quota) are derived
 *   only for a 4th-innings chase; other Test results (innings wins, draws) need a `result` event.
 * An explicit `result` event always wins over a derived one.
 */
import { RuleError, type LiveProjection, type SportEvent, type SportRules } from '../rules/contract';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { otherSide as other } from '../rules/sides';
import { statusTransition, SUSPENSION_STATUS_RULES } from '../rules/status';
import {
  CRICKET_EVENT_TYPES,
  CRICKET_PERIODS,
  CRICKET_STATUSES,
  EXTRAS_KINDS,
  INNINGS_END_REASONS,
  NOT_A_WICKET,
  type CricketPeriod,
  type CricketResult,
  type CricketState,
  type Extras,
  type InningsEndReason,
  type InningsState,
  type Side,
  type Target,
} from './types';

/**
 * Writes a count of legal balls as overs, the way scorecards do: `74` balls → `12.2`,
 * `114` → `19` (no `.0`).
 * @param legalBalls legal deliveries (wides and no-balls excluded), ≥ 0
 * @param ballsPerOver 6 (default)
 */
export function formatOvers(legalBalls: number, ballsPerOver = 6): string {
  const o = Math.floor(legalBalls / ballsPerOver);
  const b = legalBalls % ballsPerOver;
  return b === 0 ? String(o) : `${o}.${b}`;
}

/**
 * Runs per over (per `ballsPerOver` legal balls), rounded to 2 decimals; null when no ball.
 * @example runRate(138, 114) === 7.26
 */
export function runRate(runs: number, legalBalls: number, ballsPerOver = 6): number | null {
  if (legalBalls <= 0) return null;
  return Math.round((runs * ballsPerOver * 100) / legalBalls) / 100;
}

/** State before the first event: scheduled, 6-ball overs, 10 wickets, no innings. */
export function initialState(): CricketState {
  return {
    status: 'scheduled',
    period: 'not_started',
    balls_per_over: 6,
    overs_limit: null,
    max_wickets: 10,
    toss: null,
    innings: [],
    target: null,
    result: null,
    striker: null,
    non_striker: null,
    bowler: null,
    this_over: null,
    last_ball: null,
    suspended_from: null,
    events_applied: 0,
  };
}

const emptyExtras = (): Extras => ({ wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0 });

function num(e: SportEvent, key: string, fallback?: number): number {
  const v = e.detail[key];
  if (v === undefined || v === null) {
    if (fallback !== undefined) return fallback;
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id}: detail.${key} is required`);
  }
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id}: detail.${key} must be a number ≥ 0`);
  }
  return v;
}

function needSide(e: SportEvent): Side {
  if (e.side !== 'home' && e.side !== 'away') {
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id} needs side home or away`);
  }
  return e.side;
}

function current(s: CricketState): InningsState | null {
  const last = s.innings.at(-1);
  return last && !last.closed ? last : null;
}

/** The innings `e` names (detail.innings), else the current one; RuleError when there is none. */
function inningsOf(s: CricketState, e: SportEvent): InningsState {
  const n = e.detail.innings;
  const inn = typeof n === 'number' ? s.innings[n - 1] : (current(s) ?? s.innings.at(-1));
  if (!inn) throw new RuleError('invalid_state', `${e.type} event ${e.event_id}: no such innings ${String(n ?? '(current)')}`);
  return inn;
}

/** The first innings of the pair `inn` chases, or null when `inn` is not a chase. */
function chasedInnings(s: CricketState, inn: InningsState): InningsState | null {
  const prev = s.innings[inn.number - 2];
  if (!prev) return null;
  if (inn.super_over) {
    // Super overs come in pairs: the 2nd, 4th, … super-over innings chase the one before.
    const sos = s.innings.filter((i) => i.super_over && i.number <= inn.number);
    return sos.length % 2 === 0 && prev.super_over ? prev : null;
  }
  if (inn.overs_limit !== null || s.overs_limit !== null) return inn.number === 2 ? prev : null;
  return null;
}

/** Default target of a chasing innings (limited overs: 1st innings + 1; Tests 4th innings: the deficit + 1). */
function defaultTarget(s: CricketState, inn: InningsState): Target | null {
  const first = chasedInnings(s, inn);
  if (first) return { innings: inn.number, runs: first.runs + 1, overs: first.overs_limit, revised: false, method: null };
  if (!inn.super_over && s.overs_limit === null && inn.overs_limit === null && inn.number === 4) {
    const regular = s.innings.filter((i) => !i.super_over && i.number < 4);
    const theirs = regular.filter((i) => i.team !== inn.team).reduce((a, i) => a + i.runs, 0);
    const ours = regular.filter((i) => i.team === inn.team).reduce((a, i) => a + i.runs, 0);
    return { innings: 4, runs: theirs - ours + 1, overs: null, revised: false, method: null };
  }
  return null;
}

function completionReason(s: CricketState, inn: InningsState): InningsEndReason | null {
  if (s.target && s.target.innings === inn.number && inn.runs >= s.target.runs) return 'target_reached';
  if (inn.wickets >= s.max_wickets) return 'all_out';
  if (inn.overs_limit !== null && inn.legal_balls >= inn.overs_limit * s.balls_per_over) return 'overs_complete';
  return null;
}

/** The result once a chase has ended, or null when the innings decides nothing yet. */
function deriveResult(s: CricketState, chase: InningsState): CricketResult | null {
  const t = s.target;
  if (!t || t.innings !== chase.number || !chase.closed) return null;
  if (s.overs_limit === null && chase.overs_limit === null && chase.end_reason !== 'target_reached' && chase.end_reason !== 'all_out') {
    return null; // a Test chase ended otherwise (draw, declaration) needs an explicit result
  }
  const batFirst = other(chase.team);
  const method = t.method;
  let r: CricketResult;
  if (chase.runs >= t.runs) {
    r = { kind: 'win', winner: chase.team, by: { wickets: s.max_wickets - chase.wickets }, method, eliminator: null, derived: true };
  } else if (chase.runs === t.runs - 1) {
    r = { kind: 'tie', winner: null, by: null, method, eliminator: null, derived: true };
  } else {
    r = { kind: 'win', winner: batFirst, by: { runs: t.runs - 1 - chase.runs }, method, eliminator: null, derived: true };
  }
  if (!chase.super_over) return r;
  // A super over breaks the tie of the regular innings: the match stays a tie with an eliminator.
  if (r.kind === 'tie') return { kind: 'tie', winner: null, by: null, method: null, eliminator: null, derived: true };
  return { kind: 'tie', winner: r.winner, by: null, method: s.result?.method ?? null, eliminator: r.winner, derived: true };
}

function closeInnings(s: CricketState, inn: InningsState, reason: InningsEndReason): void {
  inn.closed = true;
  inn.end_reason = reason;
  s.this_over = null;
  s.striker = null;
  s.non_striker = null;
  s.bowler = null;
  const r = deriveResult(s, inn);
  if (r && !(s.result && !s.result.derived)) s.result = r;
  if (r) {
    s.status = 'finished';
    s.period = 'ended';
  } else {
    s.status = 'break';
    s.period = 'innings_break';
  }
}

function checkCompletion(s: CricketState, inn: InningsState): void {
  if (inn.closed) {
    // A wicket on the ball that ended the innings changes the margin, not the state of play.
    const r = deriveResult(s, inn);
    if (r && s.result?.derived !== false) s.result = r;
    return;
  }
  const reason = completionReason(s, inn);
  if (reason) closeInnings(s, inn, reason);
}

function periodOfInnings(inn: InningsState): CricketPeriod {
  return inn.super_over ? 'super_over' : (`innings_${inn.number}` as CricketPeriod);
}

function assertNotOver(s: CricketState, e: SportEvent): void {
  if (s.status === 'finished' || s.status === 'abandoned') {
    throw new RuleError('match_over', `${e.type} event ${e.event_id}: the match is ${s.status}`);
  }
}

function openInnings(s: CricketState, e: SportEvent): InningsState {
  const inn = current(s);
  if (!inn) {
    assertNotOver(s, e);
    throw new RuleError('invalid_state', `${e.type} event ${e.event_id}: no innings in progress`);
  }
  if (typeof e.detail.innings === 'number' && e.detail.innings !== inn.number) {
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id}: innings ${e.detail.innings} is not in progress (innings ${inn.number} is)`);
  }
  if (e.side && e.side !== inn.team) {
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id}: side ${e.side} is not batting`);
  }
  return inn;
}

function applyInningsStart(s: CricketState, e: SportEvent): void {
  const side = needSide(e);
  const superOver = e.detail.super_over === true;
  const tiedAndOpen = superOver && s.result?.kind === 'tie' && s.result.derived;
  if (!tiedAndOpen) assertNotOver(s, e);
  if (current(s)) throw new RuleError('invalid_state', `innings_start ${e.event_id}: innings ${current(s)!.number} has not ended`);
  const number = s.innings.length + 1;
  if (typeof e.detail.innings === 'number' && e.detail.innings !== number) {
    throw new RuleError('invalid_event', `innings_start ${e.event_id}: expected innings ${number}, got ${e.detail.innings}`);
  }
  if (!superOver && s.innings.filter((i) => !i.super_over).length >= 4) {
    throw new RuleError('invalid_state', `innings_start ${e.event_id}: a match has at most 4 innings`);
  }
  const quota = typeof e.detail.overs === 'number' ? e.detail.overs : null;
  if (number === 1 && !superOver) s.overs_limit = quota;
  const inn: InningsState = {
    number,
    team: side,
    super_over: superOver,
    runs: 0,
    wickets: 0,
    legal_balls: 0,
    overs_limit: superOver ? (quota ?? 1) : (quota ?? s.overs_limit),
    extras: emptyExtras(),
    closed: false,
    end_reason: null,
    powerplays: [],
  };
  s.innings.push(inn);
  if (s.target?.innings !== number) s.target = defaultTarget(s, inn) ?? (s.target && s.target.innings > number ? s.target : null);
  if (s.target?.innings === number && s.target.overs !== null) inn.overs_limit = s.target.overs;
  s.status = 'in_play';
  s.period = periodOfInnings(inn);
  s.this_over = null;
}

function applyDelivery(s: CricketState, e: SportEvent): void {
  const inn = openInnings(s, e);
  const extras = (e.detail.extras ?? {}) as Record<string, unknown>;
  const add: Extras = emptyExtras();
  for (const [k, v] of Object.entries(extras)) {
    if (!(EXTRAS_KINDS as readonly string[]).includes(k)) throw new RuleError('invalid_event', `delivery ${e.event_id}: unknown extras kind ${k}`);
    if (typeof v !== 'number' || v < 0) throw new RuleError('invalid_event', `delivery ${e.event_id}: extras.${k} must be a number ≥ 0`);
    add[k as keyof Extras] = v;
  }
  const batter = num(e, 'runs_batter', 0);
  const extraRuns = EXTRAS_KINDS.reduce((a, k) => a + add[k], 0);
  const total = num(e, 'runs_total', batter + extraRuns);
  if (total !== batter + extraRuns) {
    throw new RuleError('invalid_event', `delivery ${e.event_id}: runs_total ${total} ≠ batter ${batter} + extras ${extraRuns}`);
  }
  const legal = add.wides === 0 && add.noballs === 0 && !('wides' in extras) && !('noballs' in extras);
  const overs = inn.legal_balls / s.balls_per_over;
  if (legal && inn.overs_limit !== null && overs >= inn.overs_limit) {
    throw new RuleError('invalid_state', `delivery ${e.event_id}: the ${inn.overs_limit}-over quota is already bowled`);
  }
  const overNo = num(e, 'over', Math.floor(inn.legal_balls / s.balls_per_over));
  // A ball bowled means play is on (after a suspension or the close of a day).
  s.status = 'in_play';
  s.period = periodOfInnings(inn);
  s.suspended_from = null;
  inn.runs += total;
  for (const k of EXTRAS_KINDS) inn.extras[k] += add[k];
  if (legal) inn.legal_balls += 1;
  if (!s.this_over || s.this_over.over !== overNo) s.this_over = { over: overNo, runs: 0, legal_balls: 0, wickets: 0 };
  s.this_over.runs += total;
  if (legal) s.this_over.legal_balls += 1;
  s.striker = e.player;
  s.non_striker = typeof e.detail.non_striker === 'string' ? e.detail.non_striker : null;
  s.bowler = typeof e.detail.bowler === 'string' ? e.detail.bowler : null;
  s.last_ball = { innings: inn.number, over: overNo, ball: num(e, 'ball', 0) };
  checkCompletion(s, inn);
}

function applyWicket(s: CricketState, e: SportEvent): void {
  const kind = e.detail.kind;
  if (typeof kind !== 'string' || !kind) throw new RuleError('invalid_event', `wicket ${e.event_id}: detail.kind is required`);
  let inn = current(s);
  const lb = s.last_ball;
  const onLastBall =
    lb !== null && e.detail.innings === lb.innings && e.detail.over === lb.over && e.detail.ball === lb.ball;
  if (!inn && onLastBall) inn = s.innings[lb.innings - 1];
  if (!inn) {
    assertNotOver(s, e);
    throw new RuleError('invalid_state', `wicket ${e.event_id}: no innings in progress`);
  }
  if (inn.closed && !onLastBall) throw new RuleError('invalid_state', `wicket ${e.event_id}: innings ${inn.number} has ended`);
  if (e.side && e.side !== inn.team) throw new RuleError('invalid_event', `wicket ${e.event_id}: side ${e.side} is not batting`);
  if (NOT_A_WICKET.includes(kind)) return;
  if (inn.wickets >= s.max_wickets) throw new RuleError('invalid_state', `wicket ${e.event_id}: innings ${inn.number} is already all out`);
  inn.wickets += 1;
  if (s.this_over && !inn.closed) s.this_over.wickets += 1;
  checkCompletion(s, inn);
}

function applyTarget(s: CricketState, e: SportEvent): void {
  const runs = num(e, 'runs');
  const overs = e.detail.overs === undefined || e.detail.overs === null ? null : num(e, 'overs');
  const cur = current(s);
  const innings =
    typeof e.detail.innings === 'number' ? e.detail.innings : cur && cur.number > 1 ? cur.number : s.innings.length + 1;
  const method = typeof e.detail.method === 'string' ? e.detail.method : null;
  const revised = typeof e.detail.revised === 'boolean' ? e.detail.revised : method !== null;
  s.target = { innings, runs, overs, revised, method };
  const inn = s.innings[innings - 1];
  if (inn && !inn.closed) {
    if (overs !== null) inn.overs_limit = overs;
    checkCompletion(s, inn);
  }
}

function applyInningsEnd(s: CricketState, e: SportEvent): void {
  const inn = inningsOf(s, e);
  if (inn.closed) return; // the rules closed it already; the event confirms it
  const given = e.detail.reason;
  const reason: InningsEndReason =
    typeof given === 'string' && (INNINGS_END_REASONS as readonly string[]).includes(given)
      ? (given as InningsEndReason)
      : e.detail.declared === true
        ? 'declared'
        : (completionReason(s, inn) ?? 'ended');
  closeInnings(s, inn, reason);
}

function applyResult(s: CricketState, e: SportEvent): void {
  const d = e.detail;
  const kind = d.kind;
  if (kind !== 'win' && kind !== 'tie' && kind !== 'no_result' && kind !== 'draw') {
    throw new RuleError('invalid_event', `result ${e.event_id}: detail.kind must be win | tie | no_result | draw`);
  }
  const winner = (d.winner ?? e.side ?? null) as Side | null;
  if (kind === 'win' && winner !== 'home' && winner !== 'away') throw new RuleError('invalid_event', `result ${e.event_id}: a win needs a winner`);
  const by = (d.by ?? null) as CricketResult['by'];
  s.result = {
    kind,
    winner,
    by,
    method: typeof d.method === 'string' ? d.method : null,
    eliminator: (d.eliminator ?? null) as Side | null,
    derived: false,
  };
  const open = current(s);
  if (open) {
    open.closed = true;
    open.end_reason = completionReason(s, open) ?? 'ended';
  }
  s.status = 'finished';
  s.period = 'ended';
  s.this_over = null;
}

function applyStatus(s: CricketState, e: SportEvent): void {
  const st = e.detail.status;
  if (st === 'stumps') {
    s.status = 'break';
    s.period = 'stumps';
    return;
  }
  const t = statusTransition(s.status, s.suspended_from, st, SUSPENSION_STATUS_RULES, (message, code) => {
    throw new RuleError(code, `status event ${e.event_id}: ${message}`);
  });
  s.status = t.status;
  s.suspended_from = t.resume_to;
  if (st === 'resumed' && s.period === 'stumps') {
    const cur = current(s);
    s.period = cur ? periodOfInnings(cur) : 'innings_break';
    s.status = cur ? 'in_play' : 'break';
  }
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: CricketState, e: SportEvent): void {
  switch (e.type) {
    case 'toss': {
      const w = e.detail.winner;
      const d = e.detail.decision;
      if ((w !== 'home' && w !== 'away') || (d !== 'bat' && d !== 'field')) {
        throw new RuleError('invalid_event', `toss ${e.event_id}: detail {winner: home|away, decision: bat|field} required`);
      }
      s.toss = { winner: w, decision: d };
      break;
    }
    case 'innings_start':
      applyInningsStart(s, e);
      break;
    case 'powerplay': {
      const inn = inningsOf(s, e);
      inn.powerplays.push({
        number: num(e, 'number', inn.powerplays.length + 1),
        from: String(e.detail.from ?? ''),
        to: String(e.detail.to ?? ''),
        type: String(e.detail.type ?? 'mandatory'),
      });
      break;
    }
    case 'target':
      applyTarget(s, e);
      break;
    case 'delivery':
      applyDelivery(s, e);
      break;
    case 'wicket':
      applyWicket(s, e);
      break;
    case 'over_end':
      if (current(s)) s.this_over = null;
      break;
    case 'innings_end':
      applyInningsEnd(s, e);
      break;
    case 'penalty_runs': {
      const side = needSide(e);
      const inn = inningsOf(s, e);
      if (inn.team !== side) throw new RuleError('invalid_event', `penalty_runs ${e.event_id}: innings ${inn.number} is not ${side}'s`);
      const runs = num(e, 'runs');
      inn.runs += runs;
      inn.extras.penalty += runs;
      if (!inn.closed) checkCompletion(s, inn);
      break;
    }
    case 'status':
      applyStatus(s, e);
      break;
    case 'result':
      applyResult(s, e);
      break;
    default:
      throw new RuleError('invalid_event', `unknown cricket event type ${String(e.type)}`);
  }
}

/**
 * Applies one cricket event (types and details in lib/cricket/types.ts) and returns the new
 * state; `prev` is not mutated.
 * @throws RuleError `invalid_event` (unknown type, missing side/detail, wrong batting side),
 *   `invalid_state` (a ball with no innings in progress, quota already bowled, a 5th innings),
 *   `match_over` (a ball or innings after the result).
 */
export const applyEvent: (prev: CricketState, e: SportEvent) => CricketState = countingReducer(applyInPlace);

/** Applies events in order from the initial state (rebuilds a snapshot from the log). */
export function replayEvents(events: readonly SportEvent[]): CricketState {
  return events.reduce(applyEvent, initialState());
}

/**
 * The spec 2.1 projection: score = runs per side over its innings (super overs excluded),
 * minute 0, period, status, and the state documented in lib/cricket/types.ts.
 */
export function project(s: CricketState): LiveProjection {
  const bpo = s.balls_per_over;
  const score = { home: 0, away: 0 };
  for (const i of s.innings) if (!i.super_over) score[i.team] += i.runs;
  const cur = current(s);
  const last = s.innings.at(-1) ?? null;
  const t = s.target;
  const chasing = cur && t && t.innings === cur.number ? cur : null;
  const requiredRuns = chasing ? Math.max(0, t!.runs - chasing.runs) : null;
  const requiredBalls = chasing && t!.overs !== null ? Math.max(0, t!.overs * bpo - chasing.legal_balls) : null;
  const powerplay =
    cur?.powerplays.find((p) => {
      const [fo, fb] = p.from.split('.').map(Number);
      const [to, tb] = p.to.split('.').map(Number);
      const ball = Math.floor(cur.legal_balls / bpo) * 10 + (cur.legal_balls % bpo) + 1;
      return ball >= fo * 10 + fb && ball <= to * 10 + tb;
    }) ?? null;
  return liveProjection(s, score, 0, {
    innings: s.innings.map((i) => ({
      number: i.number,
      team: i.team,
      super_over: i.super_over,
      runs: i.runs,
      wickets: i.wickets,
      overs: formatOvers(i.legal_balls, bpo),
      legal_balls: i.legal_balls,
      overs_limit: i.overs_limit,
      extras: { ...i.extras },
      closed: i.closed,
      end_reason: i.end_reason,
    })),
    batting: last?.team ?? null,
    bowling: last ? other(last.team) : null,
    target: t ? { ...t } : null,
    required_runs: requiredRuns,
    required_balls: requiredBalls,
    current_run_rate: cur ? runRate(cur.runs, cur.legal_balls, bpo) : null,
    required_run_rate:
      requiredRuns !== null && requiredBalls !== null && requiredBalls > 0 ? Math.round((requiredRuns * bpo * 100) / requiredBalls) / 100 : null,
    striker: s.striker,
    non_striker: s.non_striker,
    bowler: s.bowler,
    this_over: s.this_over ? { ...s.this_over } : null,
    powerplay,
    toss: s.toss,
    result: s.result,
  });
}

/** The cricket rules (lib/rules/contract.ts): no clock, values from lib/cricket/types.ts. */
export const cricketRules: SportRules<CricketState> = {
  sport: 'cricket',
  statuses: CRICKET_STATUSES,
  periods: CRICKET_PERIODS,
  eventTypes: CRICKET_EVENT_TYPES,
  clock: 'none',
  initialState,
  applyEvent,
  project,
};
