/**
 * NBA teams of the 2022-23 season: the abbreviations FiveThirtyEight's `nba_elo_latest.csv`
 * uses (Basketball-Reference style: BRK, CHO, PHO) → full name, conference, division and the
 * home arena's IANA time zone (used for date-only kickoffs).
 * Source: NBA 2022-23 alignment (two conferences of three five-team divisions).
 */
export interface NbaTeam {
  name: string;
  conference: 'East' | 'West';
  division: 'Atlantic' | 'Central' | 'Southeast' | 'Northwest' | 'Pacific' | 'Southwest';
  zone: string;
}

export const NBA_TEAMS_2022_23: Readonly<Record<string, NbaTeam>> = {
  ATL: { name: 'Atlanta Hawks', conference: 'East', division: 'Southeast', zone: 'America/New_York' },
  BOS: { name: 'Boston Celtics', conference: 'East', division: 'Atlantic', zone: 'America/New_York' },
  BRK: { name: 'Brooklyn Nets', conference: 'East', division: 'Atlantic', zone: 'America/New_York' },
  CHI: { name: 'Chicago Bulls', conference: 'East', division: 'Central', zone: 'America/Chicago' },
  CHO: { name: 'Charlotte Hornets', conference: 'East', division: 'Southeast', zone: 'America/New_York' },
  CLE: { name: 'Cleveland Cavaliers', conference: 'East', division: 'Central', zone: 'America/New_York' },
  DAL: { name: 'Dallas Mavericks', conference: 'West', division: 'Southwest', zone: 'America/Chicago' },
  DEN: { name: 'Denver Nuggets', conference: 'West', division: 'Northwest', zone: 'America/Denver' },
  DET: { name: 'Detroit Pistons', conference: 'East', division: 'Central', zone: 'America/Detroit' },
  GSW: { name: 'Golden State Warriors', conference: 'West', division: 'Pacific', zone: 'America/Los_Angeles' },
  HOU: { name: 'Houston Rockets', conference: 'West', division: 'Southwest', zone: 'America/Chicago' },
  IND: { name: 'Indiana Pacers', conference: 'East', division: 'Central', zone: 'America/Indiana/Indianapolis' },
  LAC: { name: 'Los Angeles Clippers', conference: 'West', division: 'Pacific', zone: 'America/Los_Angeles' },
  LAL: { name: 'Los Angeles Lakers', conference: 'West', division: 'Pacific', zone: 'America/Los_Angeles' },
  MEM: { name: 'Memphis Grizzlies', conference: 'West', division: 'Southwest', zone: 'America/Chicago' },
  MIA: { name: 'Miami Heat', conference: 'East', division: 'Southeast', zone: 'America/New_York' },
  MIL: { name: 'Milwaukee Bucks', conference: 'East', division: 'Central', zone: 'America/Chicago' },
  MIN: { name: 'Minnesota Timberwolves', conference: 'West', division: 'Northwest', zone: 'America/Chicago' },
  NOP: { name: 'New Orleans Pelicans', conference: 'West', division: 'Southwest', zone: 'America/Chicago' },
  NYK: { name: 'New York Knicks', conference: 'East', division: 'Atlantic', zone: 'America/New_York' },
  OKC: { name: 'Oklahoma City Thunder', conference: 'West', division: 'Northwest', zone: 'America/Chicago' },
  ORL: { name: 'Orlando Magic', conference: 'East', division: 'Southeast', zone: 'America/New_York' },
  PHI: { name: 'Philadelphia 76ers', conference: 'East', division: 'Atlantic', zone: 'America/New_York' },
  PHO: { name: 'Phoenix Suns', conference: 'West', division: 'Pacific', zone: 'America/Phoenix' },
  POR: { name: 'Portland Trail Blazers', conference: 'West', division: 'Northwest', zone: 'America/Los_Angeles' },
  SAC: { name: 'Sacramento Kings', conference: 'West', division: 'Pacific', zone: 'America/Los_Angeles' },
  SAS: { name: 'San Antonio Spurs', conference: 'West', division: 'Southwest', zone: 'America/Chicago' },
  TOR: { name: 'Toronto Raptors', conference: 'East', division: 'Atlantic', zone: 'America/Toronto' },
  UTA: { name: 'Utah Jazz', conference: 'West', division: 'Northwest', zone: 'America/Denver' },
  WAS: { name: 'Washington Wizards', conference: 'East', division: 'Southeast', zone: 'America/New_York' },
};

/** Full team name → its entry in {@link NBA_TEAMS_2022_23} (for standings grouping by name). */
export const NBA_TEAMS_BY_NAME: ReadonlyMap<string, NbaTeam & { abbreviation: string }> = new Map(
  Object.entries(NBA_TEAMS_2022_23).map(([abbreviation, t]) => [t.name, { ...t, abbreviation }]),
);
