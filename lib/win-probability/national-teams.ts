/**
 * National teams' football ratings from international results (martj42/international_results,
 * CC0, bundled in datasets/football/martj42-international_results/results.csv): the World
 * Football Elo method (eloratings.net, "About the ratings"): K 60 for World Cup finals, 50 for
 * continental championships and intercontinental tournaments, 40 for World Cup and continental
 * qualifiers, 30 for other tournaments, 20 for friendlies; the goal-difference multiplier 1 for
 * one goal, 1.5 for two, 1.75 for three, 1.75 + (N − 3)/8 for N ≥ 4; home advantage 100 off
 * neutral ground. They seed the ratings of tournament fixtures (prematch.ts), which the store
 * alone cannot rate (a World Cup opener has no earlier match of its teams in the store).
 */
import { parse } from 'csv-parse/sync';
import { replayedSeason } from '../seasons/stage';
import { eloExpectation } from './elo';

/** Team names as openfootball spells them → martj42's spelling, where they differ. */
export const NATIONAL_TEAM_ALIASES: Record<string, string> = {
  USA: 'United States',
  'Korea Republic': 'South Korea',
  'IR Iran': 'Iran',
  "Côte d'Ivoire": 'Ivory Coast',
  Czechia: 'Czech Republic',
  Türkiye: 'Turkey',
};

function kOf(tournament: string): number {
  if (tournament === 'FIFA World Cup') return 60;
  if (tournament === 'Friendly') return 20;
  if (/qualification/i.test(tournament)) return 40;
  if (
    /^(UEFA Euro|Copa América|African Cup of Nations|AFC Asian Cup|Gold Cup|Confederations Cup|CONCACAF Championship|Oceania Nations Cup)$/.test(
      tournament,
    )
  )
    return 50;
  return 30;
}

const gdMultiplier = (n: number) => (n <= 1 ? 1 : n === 2 ? 1.5 : n === 3 ? 1.75 : 1.75 + (n - 3) / 8);

/** One international result as the ratings read it (a row of martj42's results.csv). */
export interface InternationalResult {
  /** YYYY-MM-DD */
  date: string;
  home: string;
  away: string;
  home_score: number;
  away_score: number;
  tournament: string;
  neutral: boolean;
}

/**
 * martj42's results.csv read once into rows (csv-parse in array mode, columns found by the header
 * — 2.5× faster than keyed records on these 49k rows); rows without both scores are left out.
 * @param csvText the results.csv text (columns date, home_team, away_team, home_score, away_score, tournament, city, country, neutral)
 * @returns the results in file order (the file is sorted by date)
 * @throws Error when a column is missing from the header
 */
export function parseInternationalResults(csvText: string): InternationalResult[] {
  const [header, ...rows] = parse(csvText, { skip_empty_lines: true }) as string[][];
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`international results: no ${name} column`);
    return i;
  };
  const [d, ht, at, hs, as, tn, nt] = [
    'date',
    'home_team',
    'away_team',
    'home_score',
    'away_score',
    'tournament',
    'neutral',
  ].map(col);
  const out: InternationalResult[] = [];
  for (const r of rows) {
    const h = Number(r[hs]);
    const a = Number(r[as]);
    if (r[hs] === 'NA' || r[hs] === '' || !Number.isFinite(h) || !Number.isFinite(a)) continue;
    out.push({
      date: r[d],
      home: r[ht],
      away: r[at],
      home_score: h,
      away_score: a,
      tournament: r[tn],
      neutral: r[nt] === 'TRUE',
    });
  }
  return out;
}

/**
 * Ratings of every national team from the results strictly before `before`.
 * @param csvText the results.csv text (columns date, home_team, away_team, home_score, away_score, tournament, city, country, neutral)
 * @param before ISO date (YYYY-MM-DD) or timestamp; matches on or after its date are not read
 * @returns rating by team name, under both martj42's and openfootball's spellings ({@link NATIONAL_TEAM_ALIASES})
 */
export function nationalTeamRatings(csvText: string, before: string): Map<string, number> {
  return nationalTeamRatingsOf(parseInternationalResults(csvText), before);
}

/**
 * {@link nationalTeamRatings} over results already read ({@link parseInternationalResults}): one
 * Elo walk, ~tens of ms, so a server parses the file once and rates each cut-off from it.
 * @param results in date order
 * @param before ISO date (YYYY-MM-DD) or timestamp; matches on or after its date are not read
 */
export function nationalTeamRatingsOf(results: readonly InternationalResult[], before: string): Map<string, number> {
  const cutoff = before.slice(0, 10);
  const r = new Map<string, number>();
  for (const row of results) {
    if (row.date >= cutoff) break;
    const rh = r.get(row.home) ?? 1500;
    const ra = r.get(row.away) ?? 1500;
    const e = eloExpectation(rh + (row.neutral ? 0 : 100) - ra);
    const w = row.home_score > row.away_score ? 1 : row.home_score < row.away_score ? 0 : 0.5;
    const d = kOf(row.tournament) * gdMultiplier(Math.abs(row.home_score - row.away_score)) * (w - e);
    r.set(row.home, rh + d);
    r.set(row.away, ra - d);
  }
  for (const [ours, theirs] of Object.entries(NATIONAL_TEAM_ALIASES)) {
    const v = r.get(theirs);
    if (v !== undefined) r.set(ours, v);
  }
  return r;
}

/** martj42's tournament name of each national-team competition slug the store rates (prematch-batch.ts NATIONAL). */
export const NATIONAL_TOURNAMENTS: Readonly<Record<string, string>> = {
  'world-cup': 'FIFA World Cup',
  euro: 'UEFA Euro',
};

/**
 * The instant a national-team edition's seed ratings are cut at: nothing on or after it is read.
 * A real edition: its first kickoff in the store. A replayed one (season `2022-replay`, archived
 * `2022-replay-3`; lib/seasons/stage.ts): the recorded edition's real first kickoff — today's
 * replayed kickoff would read the real tournament itself and everything since (issue 37: Qatar v
 * Ecuador, the 2022 opener, was rated 1542 v 1962 from results up to 2026). That date is the
 * first match of the competition's tournament in the international results on or after 1 January
 * of the season's year (Euro 2020, played in June 2021, included), else that 1 January; never
 * later than `firstKickoff`.
 * @param results the international results in date order ({@link parseInternationalResults})
 * @param slug competition slug (`world-cup`, `euro`)
 * @param season season label (`2022`, `2022-replay`, `2020-replay-2`)
 * @param firstKickoff the edition's first kickoff in the store (ISO 8601 UTC)
 * @returns ISO 8601 date or instant, for {@link nationalTeamRatingsOf}'s `before`
 */
export function nationalSeedCutoff(
  results: readonly InternationalResult[],
  slug: string,
  season: string,
  firstKickoff: string,
): string {
  const recorded = replayedSeason(season);
  if (recorded === null) return firstKickoff;
  const year = /\d{4}/.exec(recorded)?.[0];
  if (!year) return firstKickoff;
  const from = `${year}-01-01`;
  const tournament = NATIONAL_TOURNAMENTS[slug];
  const first = results.find((r) => r.date >= from && r.tournament === tournament)?.date ?? from;
  return first < firstKickoff ? first : firstKickoff;
}
