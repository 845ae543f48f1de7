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
