/**
 * The cricket event handlers: one per event type of lib/cricket/types.ts, each applying its
 * event to the state in place. lib/cricket/rules.ts wraps {@link applyInPlace} into the pure
 * reducer (it always passes a private copy of the state).
 */
import { RuleError, type SportEvent } from '../rules/contract';
import { statusTransition, SUSPENSION_STATUS_RULES } from '../rules/status';
import {
  assertNotOver,
  checkCompletion,
  closeInnings,
  completionReason,
  current,
  defaultTarget,
  emptyExtras,
  inningsOf,
  needSide,
  num,
  openInnings,
  periodOfInnings,
} from './innings';
import {
  EXTRAS_KINDS,
  INNINGS_END_REASONS,
  NOT_A_WICKET,
  type CricketResult,
  type CricketState,
  type Extras,
  type InningsEndReason,
  type InningsState,
  type Side,
} from './types';

function applyInningsStart(s: CricketState, e: SportEvent): void {
  const side = needSide(e);
  const superOver = e.detail.super_over === true;
  const tiedAndOpen = superOver && s.result?.kind === 'tie' && s.result.derived;
  if (!tiedAndOpen) assertNotOver(s, e);
  if (current(s))
    throw new RuleError('invalid_state', `innings_start ${e.event_id}: innings ${current(s)!.number} has not ended`);
  const number = s.innings.length + 1;
  if (typeof e.detail.innings === 'number' && e.detail.innings !== number) {
    throw new RuleError(
      'invalid_event',
      `innings_start ${e.event_id}: expected innings ${number}, got ${e.detail.innings}`,
    );
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
  if (s.target?.innings !== number)
    s.target = defaultTarget(s, inn) ?? (s.target && s.target.innings > number ? s.target : null);
  if (s.target?.innings === number && s.target.overs !== null) inn.overs_limit = s.target.overs;
  s.status = 'in_play';
  s.period = periodOfInnings(inn);
  s.this_over = null;
}

/** Legal balls of overs written as cricket writes them (`73.5` = 73 overs and 5 balls). */
function ballsOf(overs: unknown, perOver: number, e: SportEvent): number {
  const t = typeof overs === 'number' ? String(overs) : typeof overs === 'string' ? overs : '';
  const m = /^(\d+)(?:\.(\d))?$/.exec(t);
  if (!m || Number(m[2] ?? 0) >= perOver)
    throw new RuleError('invalid_event', `${e.type} ${e.event_id}: detail.overs must be overs.balls (e.g. 19.4)`);
  return Number(m[1]) * perOver + Number(m[2] ?? 0);
}

/**
 * `innings_score`: an innings' totals from a feed that gives scores, not deliveries (ESPN's
 * scoreboard). Opens the innings when it is the next one (closing an open one before it as
 * `ended`), else updates it; runs, wickets and legal balls are replaced (extras stay unknown:
 * zero); `closed` closes it with `reason` (else the laws' reason, else `ended`), otherwise the
 * laws may close it (target, all out, overs) as after a delivery.
 */
function applyInningsScore(s: CricketState, e: SportEvent): void {
  const side = needSide(e);
  assertNotOver(s, e);
  const number = num(e, 'innings');
  const runs = num(e, 'runs');
  const wickets = num(e, 'wickets');
  const balls = ballsOf(e.detail.overs, s.balls_per_over, e);
  const closed = e.detail.closed === true;
  const reason = e.detail.reason;
  if (reason !== undefined && !(INNINGS_END_REASONS as readonly unknown[]).includes(reason))
    throw new RuleError('invalid_event', `innings_score ${e.event_id}: unknown reason ${String(reason)}`);
  if (number === s.innings.length + 1) {
    const open = current(s);
    if (open) closeInnings(s, open, completionReason(s, open) ?? 'ended');
    assertNotOver(s, e);
    const limit = e.detail.overs_limit;
    applyInningsStart(s, {
      ...e,
      type: 'innings_start',
      detail: { innings: number, ...(typeof limit === 'number' ? { overs: limit } : {}) },
    });
  } else if (!Number.isInteger(number) || number < 1 || number > s.innings.length)
    throw new RuleError('invalid_event', `innings_score ${e.event_id}: innings ${number} is neither played nor next`);
  const inn = s.innings[number - 1];
  if (inn.team !== side)
    throw new RuleError('invalid_event', `innings_score ${e.event_id}: innings ${number} is not ${side}'s`);
  inn.runs = runs;
  inn.wickets = wickets;
  inn.legal_balls = balls;
  if (inn.closed) {
    checkCompletion(s, inn);
    return;
  }
  if (closed) closeInnings(s, inn, (reason as InningsEndReason | undefined) ?? completionReason(s, inn) ?? 'ended');
  else if (inn === current(s)) {
    s.status = 'in_play';
    s.period = periodOfInnings(inn);
    checkCompletion(s, inn);
  }
}

function applyDelivery(s: CricketState, e: SportEvent): void {
  const inn = openInnings(s, e);
  const extras = (e.detail.extras ?? {}) as Record<string, unknown>;
  const add: Extras = emptyExtras();
  for (const [k, v] of Object.entries(extras)) {
    if (!(EXTRAS_KINDS as readonly string[]).includes(k))
      throw new RuleError('invalid_event', `delivery ${e.event_id}: unknown extras kind ${k}`);
    if (typeof v !== 'number' || v < 0)
      throw new RuleError('invalid_event', `delivery ${e.event_id}: extras.${k} must be a number ≥ 0`);
    add[k as keyof Extras] = v;
  }
  const batter = num(e, 'runs_batter', 0);
  const extraRuns = EXTRAS_KINDS.reduce((a, k) => a + add[k], 0);
  const total = num(e, 'runs_total', batter + extraRuns);
  if (total !== batter + extraRuns) {
    throw new RuleError(
      'invalid_event',
      `delivery ${e.event_id}: runs_total ${total} ≠ batter ${batter} + extras ${extraRuns}`,
    );
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
  if (typeof kind !== 'string' || !kind)
    throw new RuleError('invalid_event', `wicket ${e.event_id}: detail.kind is required`);
  let inn = current(s);
  const lb = s.last_ball;
  const onLastBall =
    lb !== null && e.detail.innings === lb.innings && e.detail.over === lb.over && e.detail.ball === lb.ball;
  if (!inn && onLastBall) inn = s.innings[lb.innings - 1];
  if (!inn) {
    assertNotOver(s, e);
    throw new RuleError('invalid_state', `wicket ${e.event_id}: no innings in progress`);
  }
  if (inn.closed && !onLastBall)
    throw new RuleError('invalid_state', `wicket ${e.event_id}: innings ${inn.number} has ended`);
  if (e.side && e.side !== inn.team)
    throw new RuleError('invalid_event', `wicket ${e.event_id}: side ${e.side} is not batting`);
  if (NOT_A_WICKET.includes(kind)) return;
  if (inn.wickets >= s.max_wickets)
    throw new RuleError('invalid_state', `wicket ${e.event_id}: innings ${inn.number} is already all out`);
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
  if (kind === 'win' && winner !== 'home' && winner !== 'away')
    throw new RuleError('invalid_event', `result ${e.event_id}: a win needs a winner`);
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

/**
 * Applies one cricket event (types and details in lib/cricket/types.ts) to `s` in place.
 * @throws RuleError `invalid_event` (unknown type, missing side/detail, wrong batting side),
 *   `invalid_state` (a ball with no innings in progress, quota already bowled, a 5th innings),
 *   `match_over` (a ball or innings after the result)
 */
export function applyInPlace(s: CricketState, e: SportEvent): void {
  switch (e.type) {
    case 'toss': {
      const w = e.detail.winner;
      const d = e.detail.decision;
      if ((w !== 'home' && w !== 'away') || (d !== 'bat' && d !== 'field')) {
        throw new RuleError(
          'invalid_event',
          `toss ${e.event_id}: detail {winner: home|away, decision: bat|field} required`,
        );
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
      if (inn.team !== side)
        throw new RuleError('invalid_event', `penalty_runs ${e.event_id}: innings ${inn.number} is not ${side}'s`);
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
    case 'innings_score':
      applyInningsScore(s, e);
      break;
    default:
      throw new RuleError('invalid_event', `unknown cricket event type ${String(e.type)}`);
  }
}
