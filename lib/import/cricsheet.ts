import { z } from 'zod';
import { formatOvers } from '../cricket/rules';
import { BOWLER_WICKETS, NOT_A_WICKET, type CricketResult, type InningsEndReason } from '../cricket/types';
import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';
import { ImportError } from './errors';

/*
 * Cricsheet JSON (cricsheet.org, ODC-BY 1.0; credit "Ball-by-ball data from Cricsheet
 * (https://cricsheet.org), ODC-BY 1.0"), data_version 1.x. Format: shared data README
 * "Cricsheet JSON"; field reference https://cricsheet.org/format/json/.
 */

const count = z.number().int().min(0);
const deliverySchema = z.object({
  batter: z.string(),
  bowler: z.string(),
  non_striker: z.string().optional(),
  runs: z.object({ batter: count, extras: count, total: count, non_boundary: z.boolean().optional() }),
  extras: z
    .object({ wides: count.optional(), noballs: count.optional(), byes: count.optional(), legbyes: count.optional(), penalty: count.optional() })
    .optional(),
  wickets: z
    .array(z.object({ player_out: z.string(), kind: z.string(), fielders: z.array(z.object({ name: z.string().optional() })).optional() }))
    .optional(),
});
const inningsSchema = z.object({
  team: z.string(),
  overs: z.array(z.object({ over: count, deliveries: z.array(deliverySchema) })).optional(),
  powerplays: z.array(z.object({ from: z.number(), to: z.number(), type: z.string() })).optional(),
  target: z.object({ runs: count, overs: z.number().positive().optional() }).optional(),
  super_over: z.boolean().optional(),
  declared: z.boolean().optional(),
  forfeited: z.boolean().optional(),
  penalty_runs: z.object({ pre: count.optional(), post: count.optional() }).optional(),
});
const fileSchema = z.object({
  meta: z.object({ data_version: z.string() }),
  info: z.object({
    balls_per_over: z.number().int().positive().optional(),
    city: z.string().optional(),
    dates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1),
    event: z
      .object({ name: z.string(), stage: z.string().optional(), match_number: z.number().optional(), group: z.union([z.string(), z.number()]).optional() })
      .optional(),
    match_type: z.string(),
    outcome: z.object({
      winner: z.string().optional(),
      by: z.object({ runs: count.optional(), wickets: count.optional(), innings: count.optional() }).optional(),
      method: z.string().optional(),
      result: z.string().optional(),
      eliminator: z.string().optional(),
      bowl_out: z.string().optional(),
    }),
    overs: z.number().positive().optional(),
    player_of_match: z.array(z.string()).optional(),
    season: z.union([z.string(), z.number()]),
    teams: z.array(z.string()).length(2),
    toss: z.object({ winner: z.string(), decision: z.enum(['bat', 'field']) }).optional(),
    venue: z.string().optional(),
  }),
  innings: z.array(inningsSchema),
});
type CsFile = z.infer<typeof fileSchema>;
type CsInnings = z.infer<typeof inningsSchema>;

/**
 * Start time used for every Cricsheet match, which records only the local date: 10:00 UTC.
 * 10:00 UTC is the same calendar date everywhere cricket is played (UTC−5 West Indies/USA:
 * 05:00; UTC+13 New Zealand summer: 23:00), so a match never moves to another day; it is not the
 * real start (the 2022 T20 World Cup final began 08:00 UTC, the IPL 2023 final 14:00 UTC).
 */
export const CRICSHEET_DEFAULT_START_UTC = '10:00';

/** Known Cricsheet `info.event.name` values → competition slug (others are slugified). */
export const CRICSHEET_COMPETITIONS: Readonly<Record<string, string>> = {
  "ICC Men's T20 World Cup": 't20-world-cup',
  'ICC World Twenty20': 't20-world-cup',
  'ICC Cricket World Cup': 'cricket-world-cup',
  'Indian Premier League': 'ipl',
  'Big Bash League': 'big-bash-league',
  'Pakistan Super League': 'psl',
  'ICC World Test Championship': 'world-test-championship',
};

/**
 * Competition slug of a Cricsheet event name: {@link CRICSHEET_COMPETITIONS}, else the name
 * lower-cased with a leading "ICC " and "Men's " dropped and non-alphanumerics → `-`.
 * @example cricsheetCompetitionSlug("ICC Men's T20 World Cup") === 't20-world-cup'
 */
export function cricsheetCompetitionSlug(eventName: string): string {
  const known = CRICSHEET_COMPETITIONS[eventName];
  if (known) return known;
  return eventName
    .replace(/^ICC\s+/i, '')
    .replace(/\b(Men|Women)'s\s+/i, (m) => (/^women/i.test(m) ? 'womens-' : ''))
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Options of {@link parseCricsheet}. */
export interface CricsheetOptions {
  /** Cricsheet match id = the file's base name (`1298179`); the JSON itself does not carry it. */
  matchId: string;
  /** Override the competition slug / display name derived from `info.event.name`. */
  competition?: string;
  competitionName?: string;
  /** Override the season label (default Cricsheet's `info.season`, `/` → `-`: `2022/23` → `2022-23`). */
  season?: string;
  /** UTC start time `HH:MM` applied to `info.dates[0]` (default {@link CRICSHEET_DEFAULT_START_UTC}). */
  startTimeUtc?: string;
}

interface Tally {
  runs: number;
  wickets: number;
  balls: number;
  fours: number;
  sixes: number;
  extras: number;
}

function sideOf(teams: [string, string] | string[], team: string, what: string): Side {
  if (team === teams[0]) return 'home';
  if (team === teams[1]) return 'away';
  throw new ImportError(`${what} "${team}" is not one of the teams ${teams.join(' / ')}`);
}

function inningsPeriod(inn: CsInnings, n: number): string {
  return inn.super_over ? 'super_over' : `innings_${n}`;
}

function ev(event_id: string, type: string, side: Side | null, player: string | null, period: string | null, detail: Record<string, unknown>): SportEvent {
  return { event_id, type, side, player, minute: null, period, clock_seconds: null, detail };
}

/** Cricsheet `0.1` / `5.7` powerplay bounds as over.ball text (floating point safe). */
function overBall(x: number): string {
  const over = Math.floor(x + 1e-9);
  return `${over}.${Math.round((x - over) * 10)}`;
}

function resultOf(f: CsFile): CricketResult | null {
  const o = f.info.outcome;
  const teams = f.info.teams;
  const side = (t: string | undefined, what: string) => (t === undefined ? null : sideOf(teams, t, what));
  const method = o.method ?? null;
  if (o.winner) {
    const by = o.by ? { ...o.by } : null;
    return { kind: 'win', winner: side(o.winner, 'outcome.winner'), by, method, eliminator: null, derived: false };
  }
  switch (o.result) {
    case 'tie': {
      const elim = side(o.eliminator ?? o.bowl_out, 'outcome.eliminator');
      return { kind: 'tie', winner: elim, by: null, method, eliminator: elim, derived: false };
    }
    case 'no result':
      return { kind: 'no_result', winner: null, by: null, method, eliminator: null, derived: false };
    case 'draw':
      return { kind: 'draw', winner: null, by: null, method, eliminator: null, derived: false };
    default:
      throw new ImportError(`outcome has neither a winner nor a known result (got ${JSON.stringify(o)})`);
  }
}

/** "England won by 5 wickets", "India won by 243 runs", "Match tied (England won the super over)". */
function resultText(r: CricketResult, teams: string[]): string {
  const name = (s: Side | null) => (s === 'home' ? teams[0] : s === 'away' ? teams[1] : '');
  const method = r.method ? ` (${r.method} method)` : '';
  if (r.kind === 'win') {
    const by = r.by ?? {};
    const margin =
      by.innings !== undefined
        ? `an innings and ${by.runs ?? 0} runs`
        : by.wickets !== undefined
          ? `${by.wickets} wicket${by.wickets === 1 ? '' : 's'}`
          : by.runs !== undefined
            ? `${by.runs} run${by.runs === 1 ? '' : 's'}`
            : '';
    return `${name(r.winner)} won${margin ? ` by ${margin}` : ''}${method}`;
  }
  if (r.kind === 'tie') return r.eliminator ? `Match tied (${name(r.eliminator)} won the super over)` : 'Match tied';
  return r.kind === 'draw' ? 'Match drawn' : 'No result';
}

/**
 * Parses one Cricsheet JSON match (data_version 1.x) into one {@link ImportedSportMatch}.
 *
 * - source `cricsheet`, source_key `cricsheet/<matchId>`; home/away = `info.teams[0]` / `[1]`.
 * - competition: slug/name from `info.event.name` ({@link cricsheetCompetitionSlug}); season:
 *   `info.season` with `/` → `-`; round: `event.stage` ("Final"), else `Match <match_number>`;
 *   group: `event.group`; venue: `info.venue`.
 * - kickoff: `info.dates[0]` at {@link CRICSHEET_DEFAULT_START_UTC} (Cricsheet has no time).
 * - status `finished` when any innings exists, else `abandoned` (no ball bowled, "no result").
 * - result: home/away = runs per side (super overs excluded); winner per `outcome` (a tie's winner
 *   is the super-over `eliminator`); detail {kind, by {runs|wickets|innings}, method ('D/L'),
 *   eliminator, text ("England won by 5 wickets"), innings: [{number, team, side, super_over,
 *   runs, wickets, legal_balls, overs ('19'), overs_limit, all_out, extras}], target {runs, overs}|null,
 *   toss, player_of_match, match_type, overs, balls_per_over, data_version}.
 * - events (lib/cricket/types.ts), in the order a live feed sends them, `event_id` prefix
 *   `cricsheet/<matchId>/`: `toss`; per innings n: `target` (`n/target`, before the innings, when
 *   Cricsheet records one: D/L-revised in rain-hit matches), `innings_start` (`n/start`),
 *   `penalty_runs` pre (`n/penalty/pre`), `powerplay` (`n/powerplay/<k>`, just before its first
 *   ball), every delivery (`n/<over>.<ball>`, ball = 1-based position in the over as bowled,
 *   wides and no-balls included), its wickets (`n/<over>.<ball>/wicket/<k>`), `over_end`
 *   (`n/<over>/end`), `penalty_runs` post, `innings_end` (`n/end`); finally `result` (`result`).
 * - stats per side: {runs, wickets, legal_balls, fours, sixes, extras} over regular innings.
 * @param json parsed JSON of one Cricsheet match file
 * @throws ImportError on a file that is not Cricsheet JSON or is inconsistent (a team that is
 *   not in `info.teams`, an outcome without winner or result).
 */
export function parseCricsheet(json: unknown, opts: CricsheetOptions): ImportedSportMatch[] {
  if (!/^[\w-]+$/.test(opts.matchId)) throw new ImportError(`invalid Cricsheet match id "${opts.matchId}"`);
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(`not a Cricsheet JSON match: at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const f = parsed.data;
  if (!/^1\./.test(f.meta.data_version)) throw new ImportError(`unsupported Cricsheet data_version ${f.meta.data_version} (expected 1.x)`);
  const key = `cricsheet/${opts.matchId}`;
  const teams = f.info.teams;
  const bpo = f.info.balls_per_over ?? 6;
  const events: SportEvent[] = [];
  const tally: Record<Side, Tally> = {
    home: { runs: 0, wickets: 0, balls: 0, fours: 0, sixes: 0, extras: 0 },
    away: { runs: 0, wickets: 0, balls: 0, fours: 0, sixes: 0, extras: 0 },
  };
  const wrap = <T>(what: string, fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ImportError) throw new ImportError(`${key}: ${what}: ${e.message}`, { cause: e });
      throw e;
    }
  };

  if (f.info.toss) {
    const winner = wrap('toss', () => sideOf(teams, f.info.toss!.winner, 'toss winner'));
    events.push(ev(`${key}/toss`, 'toss', null, null, null, { winner, decision: f.info.toss.decision }));
  }

  const inningsOut: Record<string, unknown>[] = [];
  const result = wrap('outcome', () => resultOf(f));
  let target: { runs: number; overs: number | null } | null = null;

  f.innings.forEach((inn, idx) => {
    const n = idx + 1;
    const p = `${key}/${n}`;
    const period = inningsPeriod(inn, n);
    const side = wrap(`innings ${n}`, () => sideOf(teams, inn.team, 'team'));
    const quota = inn.super_over ? 1 : (f.info.overs ?? null);
    if (inn.target) {
      target = { runs: inn.target.runs, overs: inn.target.overs ?? null };
      const method = result?.method ?? null;
      events.push(
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
    events.push(ev(`${p}/start`, 'innings_start', side, null, period, startDetail));
    let runs = inn.penalty_runs?.pre ?? 0;
    let wickets = 0;
    let balls = 0;
    const extras = { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: inn.penalty_runs?.pre ?? 0 };
    if (inn.penalty_runs?.pre) {
      events.push(ev(`${p}/penalty/pre`, 'penalty_runs', side, null, period, { innings: n, runs: inn.penalty_runs.pre, when: 'pre' }));
    }
    const powerplays = (inn.powerplays ?? []).map((pp, k) => ({ number: k + 1, from: overBall(pp.from), to: overBall(pp.to), type: pp.type, over: Math.floor(pp.from + 1e-9) }));
    const announced = new Set<number>();
    for (const o of inn.overs ?? []) {
      for (const pp of powerplays) {
        if (pp.over <= o.over && !announced.has(pp.number)) {
          announced.add(pp.number);
          const { over: _o, ...d } = pp;
          void _o;
          events.push(ev(`${p}/powerplay/${pp.number}`, 'powerplay', side, null, period, { innings: n, ...d }));
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
          throw new ImportError(`${key}: innings ${n} over ${o.over} ball ${ball}: runs ${JSON.stringify(d.runs)} do not add up with extras ${JSON.stringify(ex)}`);
        }
        events.push(ev(`${p}/${o.over}.${ball}`, 'delivery', side, d.batter, period, detail));
        runs += d.runs.total;
        overRuns += d.runs.total;
        for (const k2 of Object.keys(ex) as (keyof typeof ex)[]) extras[k2] += ex[k2] ?? 0;
        bowler = d.bowler;
        if (legal) balls += 1;
        if (!inn.super_over) {
          if (d.runs.batter === 4 && !d.runs.non_boundary) tally[side].fours += 1;
          if (d.runs.batter === 6 && !d.runs.non_boundary) tally[side].sixes += 1;
        }
        (d.wickets ?? []).forEach((w, j) => {
          events.push(
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
      events.push(
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
      events.push(ev(`${p}/penalty/post`, 'penalty_runs', side, null, period, { innings: n, runs: inn.penalty_runs.post, when: 'post' }));
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
            : limit !== null && balls >= limit * bpo
              ? 'overs_complete'
              : 'ended';
    const overs = formatOvers(balls, bpo);
    events.push(ev(`${p}/end`, 'innings_end', side, null, period, { innings: n, runs, wickets, overs, reason }));
    inningsOut.push({
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
    });
    if (!inn.super_over) {
      tally[side].runs += runs;
      tally[side].wickets += wickets;
      tally[side].balls += balls;
      tally[side].extras += extras.wides + extras.noballs + extras.byes + extras.legbyes + extras.penalty;
    }
  });

  const played = f.innings.length > 0;
  if (result) events.push(ev(`${key}/result`, 'result', result.winner, null, 'ended', { ...result }));
  const ev0 = f.info.event;
  const time = opts.startTimeUtc ?? CRICSHEET_DEFAULT_START_UTC;
  if (!/^\d{2}:\d{2}$/.test(time)) throw new ImportError(`invalid startTimeUtc "${time}" (expected HH:MM)`);
  const statsOf = (t: Tally) => ({ runs: t.runs, wickets: t.wickets, legal_balls: t.balls, fours: t.fours, sixes: t.sixes, extras: t.extras });
  return [
    {
      sport: 'cricket',
      source: 'cricsheet',
      source_key: key,
      competition: opts.competition ?? (ev0 ? cricsheetCompetitionSlug(ev0.name) : f.info.match_type.toLowerCase()),
      competition_name: opts.competitionName ?? ev0?.name ?? f.info.match_type,
      season: opts.season ?? String(f.info.season).replace('/', '-'),
      round: ev0?.stage ?? (ev0?.match_number !== undefined ? `Match ${ev0.match_number}` : null),
      group: ev0?.group !== undefined ? String(ev0.group) : null,
      venue: f.info.venue ?? null,
      kickoff: `${f.info.dates[0]}T${time}:00Z`,
      home_team: teams[0],
      away_team: teams[1],
      status: played ? 'finished' : 'abandoned',
      result:
        played && result
          ? {
              home: tally.home.runs,
              away: tally.away.runs,
              winner: result.winner,
              detail: {
                kind: result.kind,
                by: result.by,
                method: result.method,
                eliminator: result.eliminator,
                text: resultText(result, teams),
                innings: inningsOut,
                target,
                toss: f.info.toss ?? null,
                player_of_match: f.info.player_of_match ?? null,
                match_type: f.info.match_type,
                overs: f.info.overs ?? null,
                balls_per_over: bpo,
                data_version: f.meta.data_version,
              },
            }
          : null,
      events: played ? events : [],
      stats: played ? { home: statsOf(tally.home), away: statsOf(tally.away) } : null,
    },
  ];
}
