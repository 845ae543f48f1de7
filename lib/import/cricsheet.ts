import type { ImportedSportMatch, Side, SportEvent } from '../rules/contract';
import { ImportError } from './errors';
import { cricsheetEvent as ev, readCricsheetInnings, type CricsheetTally } from './cricsheet-innings';
import { cricsheetResult, cricsheetResultText, cricsheetSide } from './cricsheet-outcome';
import { readCricsheetFile } from './cricsheet-schema';

/*
 * Cricsheet JSON (cricsheet.org, ODC-BY 1.0; credit "Ball-by-ball data from Cricsheet
 * (https://cricsheet.org), ODC-BY 1.0"), data_version 1.x. Format: shared data README
 * "Cricsheet JSON"; field reference https://cricsheet.org/format/json/.
 *
 * Split: ./cricsheet-schema.ts (file validation), ./cricsheet-outcome.ts (result and its text),
 * ./cricsheet-innings.ts (one innings → events and scorecard); this module builds the match.
 */

export { cricsheetResultText } from './cricsheet-outcome';
export { readCricsheetFile, type CsFile, type CsInnings } from './cricsheet-schema';

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
  const f = readCricsheetFile(json);
  const key = `cricsheet/${opts.matchId}`;
  const teams = f.info.teams;
  const bpo = f.info.balls_per_over ?? 6;
  const events: SportEvent[] = [];
  const tally: Record<Side, CricsheetTally> = {
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
    const winner = wrap('toss', () => cricsheetSide(teams, f.info.toss!.winner, 'toss winner'));
    events.push(ev(`${key}/toss`, 'toss', null, null, null, { winner, decision: f.info.toss.decision }));
  }

  const inningsOut: Record<string, unknown>[] = [];
  const result = wrap('outcome', () => cricsheetResult(f));
  let target: { runs: number; overs: number | null } | null = null;

  const ctx = { key, oversQuota: f.info.overs ?? null, bpo, method: result?.method ?? null, events, tally };
  f.innings.forEach((inn, idx) => {
    const side = wrap(`innings ${idx + 1}`, () => cricsheetSide(teams, inn.team, 'team'));
    const r = readCricsheetInnings(inn, idx + 1, side, ctx);
    inningsOut.push(r.summary);
    if (r.target) target = r.target;
  });

  const played = f.innings.length > 0;
  if (result) events.push(ev(`${key}/result`, 'result', result.winner, null, 'ended', { ...result }));
  const ev0 = f.info.event;
  const time = opts.startTimeUtc ?? CRICSHEET_DEFAULT_START_UTC;
  if (!/^\d{2}:\d{2}$/.test(time)) throw new ImportError(`invalid startTimeUtc "${time}" (expected HH:MM)`);
  const statsOf = (t: CricsheetTally) => ({
    runs: t.runs,
    wickets: t.wickets,
    legal_balls: t.balls,
    fours: t.fours,
    sixes: t.sixes,
    extras: t.extras,
  });
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
                text: cricsheetResultText(result, teams),
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
