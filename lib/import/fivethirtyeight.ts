import { parse } from 'csv-parse/sync';
import { NBA_TEAMS_2022_23 } from '../basketball/teams';
import { NHL_TEAMS_2022_23 } from '../ice-hockey/teams';
import type { ImportedSportMatch, Side } from '../rules/contract';
import { ImportError } from './errors';
import { DEFAULT_LOCAL_TIME, localKickoffToUtc } from './kickoff';

/*
 * FiveThirtyEight Elo files (CC BY 4.0, "Source: FiveThirtyEight"): results only, no play by
 * play. Column legend: shared data README "FiveThirtyEight Elo files".
 *
 * Kickoff: the files give only a (US local) date. Every game gets {@link DEFAULT_LOCAL_TIME}
 * (12:00) local time in the HOME team's time zone (lib/basketball/teams.ts,
 * lib/ice-hockey/teams.ts), converted to UTC. Noon is a stand-in, not the real tip-off /
 * face-off time (usually 19:00–22:30 local); it keeps the UTC date equal to the local date.
 * Neutral-site games (NBA Paris and Mexico City, NHL Global Series) use the home team's zone too.
 */

/** 538 NBA `playoff` codes → round label; '' (regular season) → null. */
export const NBA_PLAYOFF_ROUNDS: Readonly<Record<string, string | null>> = {
  '': null,
  p: 'Play-In Tournament',
  q: 'First Round',
  s: 'Conference Semifinals',
  c: 'Conference Finals',
  f: 'NBA Finals',
};

/** 538 NHL `ot` values → how the game was decided and overtime periods played. */
export function nhlDecision(ot: string): { decision: 'REG' | 'OT' | 'SO'; overtimes: number } {
  const v = ot.trim().toUpperCase();
  if (v === '') return { decision: 'REG', overtimes: 0 };
  if (v === 'SO') return { decision: 'SO', overtimes: 1 };
  const m = /^(\d*)OT$/.exec(v);
  if (!m) throw new ImportError(`unknown ot value "${ot}" (expected blank, OT, <n>OT or SO)`);
  return { decision: 'OT', overtimes: m[1] ? Number(m[1]) : 1 };
}

/** 538 `season` (the year the season ends, `2023`) → `2022-23`. */
export function seasonLabel(season: string): string {
  const y = Number(season);
  if (!Number.isInteger(y) || y < 1900) throw new ImportError(`invalid season "${season}"`);
  return `${y - 1}-${String(y % 100).padStart(2, '0')}`;
}

function rows(csvText: string, required: string[], what: string): Record<string, string>[] {
  let out: Record<string, string>[];
  try {
    out = parse(csvText, { columns: true, bom: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    throw new ImportError(`invalid ${what} CSV: ${(e as Error).message}`, { cause: e });
  }
  if (out.length) {
    const missing = required.filter((h) => !(h in out[0]));
    if (missing.length) throw new ImportError(`${what} CSV lacks column(s) ${missing.join(', ')}`);
  }
  return out;
}

function score(v: string, where: string): number | null {
  if (v === '') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new ImportError(`${where}: invalid score "${v}"`);
  return n;
}

const winnerOf = (home: number, away: number): Side | null => (home > away ? 'home' : away > home ? 'away' : null);

/**
 * Parses FiveThirtyEight's `nba_elo_latest.csv` into NBA games (source `fivethirtyeight-nba`).
 * - team1 = home, team2 = away, abbreviations → names via {@link NBA_TEAMS_2022_23}.
 * - round from `playoff` via {@link NBA_PLAYOFF_ROUNDS} (null = regular season).
 * - status: score1/score2 present → finished, both blank → scheduled (result null; the seven
 *   NBA Finals rows of the 2022-23 snapshot).
 * - result detail: { playoff: code | null, neutral: boolean, overtimes: null (not in the file) }.
 * - source_key `fivethirtyeight-nba/<date>/<team1>/<team2>`; season `2022-23`; competition `nba`.
 * @throws ImportError on bad CSV, missing columns, unknown abbreviations or playoff codes,
 *   invalid scores or dates, or a row with only one score.
 */
export function parseFiveThirtyEightNba(csvText: string): ImportedSportMatch[] {
  return rows(csvText, ['date', 'season', 'neutral', 'playoff', 'team1', 'team2', 'score1', 'score2'], '538 NBA').map(
    (r, i) => {
      const where = `row ${i + 2}`;
      const home = NBA_TEAMS_2022_23[r.team1];
      const away = NBA_TEAMS_2022_23[r.team2];
      if (!home || !away) throw new ImportError(`${where}: unknown NBA team abbreviation ${home ? r.team2 : r.team1}`);
      if (!(r.playoff in NBA_PLAYOFF_ROUNDS)) throw new ImportError(`${where}: unknown playoff code "${r.playoff}"`);
      const s1 = score(r.score1, where);
      const s2 = score(r.score2, where);
      if ((s1 === null) !== (s2 === null)) throw new ImportError(`${where}: only one score given`);
      return {
        sport: 'basketball',
        source: 'fivethirtyeight-nba',
        source_key: `fivethirtyeight-nba/${r.date}/${r.team1}/${r.team2}`,
        competition: 'nba',
        competition_name: 'NBA',
        season: seasonLabel(r.season),
        round: NBA_PLAYOFF_ROUNDS[r.playoff],
        group: null,
        venue: null,
        kickoff: localKickoffToUtc(r.date, null, home.zone),
        home_team: home.name,
        away_team: away.name,
        status: s1 === null ? 'scheduled' : 'finished',
        result:
          s1 === null || s2 === null
            ? null
            : {
                home: s1,
                away: s2,
                winner: winnerOf(s1, s2),
                detail: { playoff: r.playoff || null, neutral: r.neutral === '1', overtimes: null },
              },
        events: [],
        stats: null,
      };
    },
  );
}

/**
 * Parses FiveThirtyEight's `nhl_elo_latest.csv` into NHL games (source `fivethirtyeight-nhl`).
 * - names as in the file (home_team/away_team); must be in {@link NHL_TEAMS_2022_23} (for the zone).
 * - round: `Playoffs` when playoff = 1 (the file has no round), else null.
 * - status: `post` → finished; `pre` and `live` → scheduled with result null (results only).
 * - result: the file's final score (a shootout win counts one goal, NHL convention); detail
 *   { decision: 'REG' | 'OT' | 'SO', overtimes (2OT → 2), ot: raw value, playoff, neutral }.
 * - source_key `fivethirtyeight-nhl/<date>/<home abbr>/<away abbr>`; season `2022-23`.
 * @throws ImportError on bad CSV, missing columns, unknown teams, statuses or `ot` values,
 *   invalid scores, or a finished game without scores.
 */
export function parseFiveThirtyEightNhl(csvText: string): ImportedSportMatch[] {
  const required = [
    'season',
    'date',
    'playoff',
    'neutral',
    'status',
    'ot',
    'home_team',
    'away_team',
    'home_team_abbr',
    'away_team_abbr',
    'home_team_score',
    'away_team_score',
  ];
  return rows(csvText, required, '538 NHL').map((r, i) => {
    const where = `row ${i + 2}`;
    const home = NHL_TEAMS_2022_23[r.home_team];
    if (!home || !NHL_TEAMS_2022_23[r.away_team])
      throw new ImportError(`${where}: unknown NHL team ${home ? r.away_team : r.home_team}`);
    if (!['post', 'pre', 'live'].includes(r.status)) throw new ImportError(`${where}: unknown status "${r.status}"`);
    const finished = r.status === 'post';
    const hs = score(r.home_team_score, where);
    const as = score(r.away_team_score, where);
    if (finished && (hs === null || as === null)) throw new ImportError(`${where}: finished game without a score`);
    const { decision, overtimes } = nhlDecision(r.ot);
    const playoff = r.playoff === '1';
    return {
      sport: 'ice-hockey',
      source: 'fivethirtyeight-nhl',
      source_key: `fivethirtyeight-nhl/${r.date}/${r.home_team_abbr}/${r.away_team_abbr}`,
      competition: 'nhl',
      competition_name: 'NHL',
      season: seasonLabel(r.season),
      round: playoff ? 'Playoffs' : null,
      group: null,
      venue: null,
      kickoff: localKickoffToUtc(r.date, null, home.zone),
      home_team: r.home_team,
      away_team: r.away_team,
      status: finished ? 'finished' : 'scheduled',
      result:
        finished && hs !== null && as !== null
          ? {
              home: hs,
              away: as,
              winner: winnerOf(hs, as),
              detail: { decision, overtimes, ot: r.ot || null, playoff, neutral: r.neutral === '1' },
            }
          : null,
      events: [],
      stats: null,
    };
  });
}
