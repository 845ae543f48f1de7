/**
 * Cricket innings bookkeeping shared by the event handlers (lib/cricket/apply-event.ts): which
 * innings is in progress, chase targets, when an innings is complete, the derived result.
 * Pure helpers over lib/cricket/types.ts `CricketState`; the mutating ones (`closeInnings`,
 * `checkCompletion`) are only called on the reducer's private copy of the state.
 */
import { RuleError, type SportEvent } from '../rules/contract';
import { otherSide as other } from '../rules/sides';
import type {
  CricketPeriod,
  CricketResult,
  CricketState,
  Extras,
  InningsEndReason,
  InningsState,
  Side,
  Target,
} from './types';

/** Extras of an innings before its first ball: every kind 0 runs. */
export const emptyExtras = (): Extras => ({ wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0 });

/**
 * A non-negative number from `e.detail[key]` (runs, overs, ball…), or `fallback` when absent.
 * @throws RuleError `invalid_event` when absent without a fallback, or not a finite number ≥ 0
 */
export function num(e: SportEvent, key: string, fallback?: number): number {
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

/**
 * The event's side ('home' | 'away').
 * @throws RuleError `invalid_event` when `side` is neither
 */
export function needSide(e: SportEvent): Side {
  if (e.side !== 'home' && e.side !== 'away') {
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id} needs side home or away`);
  }
  return e.side;
}

/** The innings in progress (the last one, unless it is closed), or null. */
export function current(s: CricketState): InningsState | null {
  const last = s.innings.at(-1);
  return last && !last.closed ? last : null;
}

/** The innings `e` names (detail.innings), else the current one; RuleError when there is none. */
export function inningsOf(s: CricketState, e: SportEvent): InningsState {
  const n = e.detail.innings;
  const inn = typeof n === 'number' ? s.innings[n - 1] : (current(s) ?? s.innings.at(-1));
  if (!inn)
    throw new RuleError('invalid_state', `${e.type} event ${e.event_id}: no such innings ${String(n ?? '(current)')}`);
  return inn;
}

/** The first innings of the pair `inn` chases, or null when `inn` is not a chase. */
export function chasedInnings(s: CricketState, inn: InningsState): InningsState | null {
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
export function defaultTarget(s: CricketState, inn: InningsState): Target | null {
  const first = chasedInnings(s, inn);
  if (first)
    return { innings: inn.number, runs: first.runs + 1, overs: first.overs_limit, revised: false, method: null };
  if (!inn.super_over && s.overs_limit === null && inn.overs_limit === null && inn.number === 4) {
    const regular = s.innings.filter((i) => !i.super_over && i.number < 4);
    const theirs = regular.filter((i) => i.team !== inn.team).reduce((a, i) => a + i.runs, 0);
    const ours = regular.filter((i) => i.team === inn.team).reduce((a, i) => a + i.runs, 0);
    return { innings: 4, runs: theirs - ours + 1, overs: null, revised: false, method: null };
  }
  return null;
}

/**
 * Why `inn` is over by the laws alone: `target_reached` (runs ≥ the target of that innings),
 * `all_out` (wickets ≥ max_wickets), `overs_complete` (legal balls ≥ overs_limit × balls per
 * over); null while it goes on.
 */
export function completionReason(s: CricketState, inn: InningsState): InningsEndReason | null {
  if (s.target && s.target.innings === inn.number && inn.runs >= s.target.runs) return 'target_reached';
  if (inn.wickets >= s.max_wickets) return 'all_out';
  if (inn.overs_limit !== null && inn.legal_balls >= inn.overs_limit * s.balls_per_over) return 'overs_complete';
  return null;
}

/** The result once a chase has ended, or null when the innings decides nothing yet. */
/**
 * The result once a chase has ended (see lib/cricket/rules.ts header), or null when the
 * innings decides nothing yet (not the target innings, still open, or a Test chase that ended
 * other than by the target or all out).
 */
export function deriveResult(s: CricketState, chase: InningsState): CricketResult | null {
  const t = s.target;
  if (!t || t.innings !== chase.number || !chase.closed) return null;
  if (
    s.overs_limit === null &&
    chase.overs_limit === null &&
    chase.end_reason !== 'target_reached' &&
    chase.end_reason !== 'all_out'
  ) {
    return null; // a Test chase ended otherwise (draw, declaration) needs an explicit result
  }
  const batFirst = other(chase.team);
  const method = t.method;
  let r: CricketResult;
  if (chase.runs >= t.runs) {
    r = {
      kind: 'win',
      winner: chase.team,
      by: { wickets: s.max_wickets - chase.wickets },
      method,
      eliminator: null,
      derived: true,
    };
  } else if (chase.runs === t.runs - 1) {
    r = { kind: 'tie', winner: null, by: null, method, eliminator: null, derived: true };
  } else {
    r = {
      kind: 'win',
      winner: batFirst,
      by: { runs: t.runs - 1 - chase.runs },
      method,
      eliminator: null,
      derived: true,
    };
  }
  if (!chase.super_over) return r;
  // A super over breaks the tie of the regular innings: the match stays a tie with an eliminator.
  if (r.kind === 'tie') return { kind: 'tie', winner: null, by: null, method: null, eliminator: null, derived: true };
  return {
    kind: 'tie',
    winner: r.winner,
    by: null,
    method: s.result?.method ?? null,
    eliminator: r.winner,
    derived: true,
  };
}

/**
 * Closes `inn` with `reason` (mutates `s`): clears batters and bowler, derives the result; the
 * match moves to finished/ended when it is decided, else to break/innings_break. An explicit
 * (non-derived) result is kept.
 */
export function closeInnings(s: CricketState, inn: InningsState, reason: InningsEndReason): void {
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

/**
 * After runs, wickets or a target change (mutates `s`): closes `inn` when it is complete, or
 * refreshes the derived margin when a wicket falls on the ball that already ended it.
 */
export function checkCompletion(s: CricketState, inn: InningsState): void {
  if (inn.closed) {
    // A wicket on the ball that ended the innings changes the margin, not the state of play.
    const r = deriveResult(s, inn);
    if (r && s.result?.derived !== false) s.result = r;
    return;
  }
  const reason = completionReason(s, inn);
  if (reason) closeInnings(s, inn, reason);
}

/** Period of an innings: `innings_<n>`, or `super_over`. */
export function periodOfInnings(inn: InningsState): CricketPeriod {
  return inn.super_over ? 'super_over' : (`innings_${inn.number}` as CricketPeriod);
}

/**
 * Refuses events once the match is over.
 * @throws RuleError `match_over` when the status is finished or abandoned
 */
export function assertNotOver(s: CricketState, e: SportEvent): void {
  if (s.status === 'finished' || s.status === 'abandoned') {
    throw new RuleError('match_over', `${e.type} event ${e.event_id}: the match is ${s.status}`);
  }
}

/**
 * The innings a ball or wicket applies to: the one in progress, checked against the event's
 * `detail.innings` and batting `side`.
 * @throws RuleError `match_over` after the result, `invalid_state` with no innings in
 *   progress, `invalid_event` for another innings number or the fielding side
 */
export function openInnings(s: CricketState, e: SportEvent): InningsState {
  const inn = current(s);
  if (!inn) {
    assertNotOver(s, e);
    throw new RuleError('invalid_state', `${e.type} event ${e.event_id}: no innings in progress`);
  }
  if (typeof e.detail.innings === 'number' && e.detail.innings !== inn.number) {
    throw new RuleError(
      'invalid_event',
      `${e.type} event ${e.event_id}: innings ${e.detail.innings} is not in progress (innings ${inn.number} is)`,
    );
  }
  if (e.side && e.side !== inn.team) {
    throw new RuleError('invalid_event', `${e.type} event ${e.event_id}: side ${e.side} is not batting`);
  }
  return inn;
}
