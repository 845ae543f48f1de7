/**
 * Season-start ratings from FiveThirtyEight's own Elo files (issue 37 item 1: "the bundled
 * FiveThirtyEight Elo files may seed NBA/NHL"): each team's pre-game rating at its first game of
 * the file (`nba_elo_latest.csv` elo1_pre / elo2_pre; `nhl_elo_latest.csv`
 * home_team_pregame_rating / away_team_pregame_rating). Those numbers were published before the
 * season's first game, so they carry last season's results and FiveThirtyEight's between-season
 * regression, never a result of the season rated. Same scale as ours (mean 1500, 400-point logistic).
 * Each rating is dated by that first game (`date`, the US local date of the game): the ratings pass
 * (elo.ts) lets it inform only fixtures with a kickoff on or after that date.
 */
import { parse } from 'csv-parse/sync';
import { NBA_TEAMS_2022_23 } from '../basketball/teams';
import type { DatedRating } from './elo';

/**
 * @param csvText the file's text
 * @param sport 'basketball' (team abbreviations, named as the importer names them) or 'ice-hockey' (full names)
 * @returns by team name as lib/import/fivethirtyeight.ts names the teams: the rating and the date
 *   (YYYY-MM-DD) it is known from
 * @throws Error when the file has neither layout's columns
 */
export function fiveThirtyEightSeed(csvText: string, sport: 'basketball' | 'ice-hockey'): Map<string, DatedRating> {
  const rows = parse(csvText, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const out = new Map<string, DatedRating>();
  const sorted = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let date = '';
  const put = (team: string | undefined, rating: string | undefined) => {
    const r = Number(rating);
    if (team && Number.isFinite(r) && rating !== '' && !out.has(team)) out.set(team, { rating: r, from: date });
  };
  for (const r of sorted) {
    date = r.date;
    if (sport === 'basketball') {
      if (!('elo1_pre' in r)) throw new Error('not a FiveThirtyEight NBA Elo file (no elo1_pre column)');
      put(NBA_TEAMS_2022_23[r.team1]?.name, r.elo1_pre);
      put(NBA_TEAMS_2022_23[r.team2]?.name, r.elo2_pre);
    } else {
      if (!('home_team_pregame_rating' in r))
        throw new Error('not a FiveThirtyEight NHL Elo file (no home_team_pregame_rating column)');
      put(r.home_team, r.home_team_pregame_rating);
      put(r.away_team, r.away_team_pregame_rating);
    }
  }
  return out;
}
