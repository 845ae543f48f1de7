/**
 * One Cricsheet innings → its timeline events and scorecard summary. Format: docs/data-formats.md
 * "Cricsheet JSON", https://cricsheet.org/format/json/ (innings, overs, deliveries, extras,
 * wickets, powerplays, target, penalty_runs, super_over, declared, forfeited).
 */
import { formatOvers } from '../cricket/overs';
import { BOWLER_WICKETS, NOT_A_WICKET, type InningsEndReason } from '../cricket/types';
import type { Side, SportEvent } from '../rules/contract';
import type { CsInnings } from './cricsheet-schema';
import { ImportError } from './errors';

/** Running totals of one side over its regular (not super-over) innings. */
export interface CricsheetTally {
  runs: number;
  wickets: number;
  /** Legal balls faced. */
  balls: number;
  fours: number;
  sixes: number;
  extras: number;
}

/** What {@link readCricsheetInnings} needs from the match and writes to. */
export interface CricsheetInningsContext {
  /** `cricsheet/<match id>`: prefix of every event id. */
  key: string;
  /** `info.overs` (the regular innings' quota), null for Tests. */
  oversQuota: number | null;
  /** `info.balls_per_over` (6). */
  bpo: number;
  /** Result method (`D/L`) when the outcome names one: a target is then marked revised. */
  method: string | null;
  /** Timeline so far; the innings' events are appended. */
  events: SportEvent[];
  /** Per-side totals; the innings is added unless it is a super over. */
  tally: Record<Side, CricsheetTally>;
}

/** A Cricsheet event (SportEvent with no minute or clock: cricket has none). */
export function cricsheetEvent(
  event_id: string,
  type: string,
  side: Side | null,
  player: string | null,
  period: string | null,
  detail: Record<string, unknown>,
): SportEvent {
  return { event_id, type, side, player, minute: null, period, clock_seconds: null, detail };
}
const ev = cricsheetEvent;

function inningsPeriod(inn: CsInnings, n: number): string {
  return inn.super_over ? 'super_over' : `innings_${n}`;
}

/** Cricsheet `0.1` / `5.7` powerplay bounds as over.ball text (floating point safe). */
function overBall(x: number): string {
  const over = Math.floor(x + 1e-9);
  return `${over}.${Math.round((x - over) * 10)}`;
}

/**
 * Reads innings `n` (1-based) batted by `side`: appends to `ctx.events`, in the order a live feed
 * sends them, `target` (`<n>/target`, when the file records one), `innings_start` (`<n>/start`),
 * `penalty_runs` pre, `powerplay` (just before its first ball), every `delivery`
 * (`<n>/<over>.<ball>`, ball = 1-based position as bowled, wides and no-balls included), its
 * `wicket`s, `over_end` (`<n>/<over>/end`), `penalty_runs` post, `innings_end` (`<n>/end`);
 * adds runs, wickets, legal balls, boundaries and extras to `ctx.tally[side]` (regular innings).
 * @returns the scorecard summary {number, team, side, super_over, runs, wickets, legal_balls,
 *   overs ('19.2'), overs_limit, all_out, extras {wides, noballs, byes, legbyes, penalty}} and
 *   the target {runs, overs} the innings chased, or null
 * @throws ImportError when a delivery's runs do not add up with its extras
 */
export function readCricsheetInnings(
  inn: CsInnings,
  n: number,
  side: Side,
  ctx: CricsheetInningsContext,
): { summary: Record<string, unknown>; target: { runs: number; overs: number | null } | null } {
  const p = `${ctx.key}/${n}`;
  const period = inningsPeriod(inn, n);
  const quota = inn.super_over ? 1 : ctx.oversQuota;
  if (inn.target) {
    const method = ctx.method;
    ctx.events.push(
      ev(`${p}/target`, 'target', side, null, period, {
        innings: n,
        runs: inn.target.runs,
        overs: inn.target.overs ?? null,
        revised: method !== null || (inn.target.overs !== undefined && quota !== null && inn.target.overs < quota),
        method,
      }),
    );
  }
  const startDetail: Record<string, unknown> = { innings: n, overs: inn.target?.overs ?? quota };
  if (inn.super_over) startDetail.super_over = true;
  ctx.events.push(ev(`${p}/start`, 'innings_start', side, null, period, startDetail));
  let runs = inn.penalty_runs?.pre ?? 0;
  let wickets = 0;
  let balls = 0;
  const extras = { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: inn.penalty_runs?.pre ?? 0 };
  if (inn.penalty_runs?.pre) {
    ctx.events.push(
      ev(`${p}/penalty/pre`, 'penalty_runs', side, null, period, {
        innings: n,
        runs: inn.penalty_runs.pre,
        when: 'pre',
      }),
    );
  }
  const powerplays = (inn.powerplays ?? []).map((pp, k) => ({
    number: k + 1,
    from: overBall(pp.from),
    to: overBall(pp.to),
    type: pp.type,
    over: Math.floor(pp.from + 1e-9),
  }));
  const announced = new Set<number>();
  for (const o of inn.overs ?? []) {
    for (const pp of powerplays) {
      if (pp.over <= o.over && !announced.has(pp.number)) {
        announced.add(pp.number);
        const { over: _o, ...d } = pp;
        void _o;
        ctx.events.push(ev(`${p}/powerplay/${pp.number}`, 'powerplay', side, null, period, { innings: n, ...d }));
      }
    }
    let overRuns = 0;
    let overWickets = 0;
    let bowler = '';
    o.deliveries.forEach((d, k) => {
      const ball = k + 1;
      const ex = d.extras ?? {};
      const legal = ex.wides === undefined && ex.noballs === undefined;
      const detail: Record<string, unknown> = {
        innings: n,
        over: o.over,
        ball,
        bowler: d.bowler,
        non_striker: d.non_striker ?? null,
        runs_batter: d.runs.batter,
        runs_extras: d.runs.extras,
        runs_total: d.runs.total,
        extras: { ...ex },
        legal,
      };
      if (d.runs.non_boundary) detail.non_boundary = true;
      const extraSum = Object.values(ex).reduce((a, v) => a + (v ?? 0), 0);
      if (extraSum !== d.runs.extras || d.runs.batter + d.runs.extras !== d.runs.total) {
        throw new ImportError(
          `${ctx.key}: innings ${n} over ${o.over} ball ${ball}: runs ${JSON.stringify(d.runs)} do not add up with extras ${JSON.stringify(ex)}`,
        );
      }
      ctx.events.push(ev(`${p}/${o.over}.${ball}`, 'delivery', side, d.batter, period, detail));
      runs += d.runs.total;
      overRuns += d.runs.total;
      for (const k2 of Object.keys(ex) as (keyof typeof ex)[]) extras[k2] += ex[k2] ?? 0;
      bowler = d.bowler;
      if (legal) balls += 1;
      if (!inn.super_over) {
        if (d.runs.batter === 4 && !d.runs.non_boundary) ctx.tally[side].fours += 1;
        if (d.runs.batter === 6 && !d.runs.non_boundary) ctx.tally[side].sixes += 1;
      }
      (d.wickets ?? []).forEach((w, j) => {
        ctx.events.push(
          ev(`${p}/${o.over}.${ball}/wicket/${j + 1}`, 'wicket', side, w.player_out, period, {
            innings: n,
            over: o.over,
            ball,
            kind: w.kind,
            bowler: d.bowler,
            fielders: (w.fielders ?? []).map((x) => x.name ?? '').filter(Boolean),
            credited_to_bowler: BOWLER_WICKETS.includes(w.kind),
          }),
        );
        if (!NOT_A_WICKET.includes(w.kind)) {
          wickets += 1;
          overWickets += 1;
        }
      });
    });
    ctx.events.push(
      ev(`${p}/${o.over}/end`, 'over_end', side, null, period, {
        innings: n,
        over: o.over,
        runs: overRuns,
        wickets: overWickets,
        bowler,
        maiden: overRuns === 0 && o.deliveries.length > 0,
      }),
    );
  }
  if (inn.penalty_runs?.post) {
    runs += inn.penalty_runs.post;
    extras.penalty += inn.penalty_runs.post;
    ctx.events.push(
      ev(`${p}/penalty/post`, 'penalty_runs', side, null, period, {
        innings: n,
        runs: inn.penalty_runs.post,
        when: 'post',
      }),
    );
  }
  const limit = inn.target?.overs ?? quota;
  const reason: InningsEndReason = inn.forfeited
    ? 'forfeited'
    : inn.declared
      ? 'declared'
      : inn.target && runs >= inn.target.runs
        ? 'target_reached'
        : wickets >= 10
          ? 'all_out'
          : limit !== null && balls >= limit * ctx.bpo
            ? 'overs_complete'
            : 'ended';
  const overs = formatOvers(balls, ctx.bpo);
  ctx.events.push(ev(`${p}/end`, 'innings_end', side, null, period, { innings: n, runs, wickets, overs, reason }));
  const summary: Record<string, unknown> = {
    number: n,
    team: inn.team,
    side,
    super_over: inn.super_over === true,
    runs,
    wickets,
    legal_balls: balls,
    overs,
    overs_limit: limit,
    all_out: reason === 'all_out',
    extras,
  };
  if (!inn.super_over) {
    ctx.tally[side].runs += runs;
    ctx.tally[side].wickets += wickets;
    ctx.tally[side].balls += balls;
    ctx.tally[side].extras += extras.wides + extras.noballs + extras.byes + extras.legbyes + extras.penalty;
  }
  return { summary, target: inn.target ? { runs: inn.target.runs, overs: inn.target.overs ?? null } : null };
}
