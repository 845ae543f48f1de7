/**
 * Retrosheet team and park codes (https://www.retrosheet.org/eventfile.htm `info,visteam`,
 * `info,hometeam`, `info,site`) → names and IANA time zones.
 */

/**
 * 2016 MLB team codes as Retrosheet writes them → team name and home time zone (IANA).
 * The zone is the home ballpark's, used to read `info,starttime` (local wall time).
 */
export const RETROSHEET_TEAMS: Readonly<Record<string, { name: string; zone: string }>> = {
  ANA: { name: 'Los Angeles Angels', zone: 'America/Los_Angeles' },
  ARI: { name: 'Arizona Diamondbacks', zone: 'America/Phoenix' },
  ATL: { name: 'Atlanta Braves', zone: 'America/New_York' },
  BAL: { name: 'Baltimore Orioles', zone: 'America/New_York' },
  BOS: { name: 'Boston Red Sox', zone: 'America/New_York' },
  CHA: { name: 'Chicago White Sox', zone: 'America/Chicago' },
  CHN: { name: 'Chicago Cubs', zone: 'America/Chicago' },
  CIN: { name: 'Cincinnati Reds', zone: 'America/New_York' },
  CLE: { name: 'Cleveland Indians', zone: 'America/New_York' },
  COL: { name: 'Colorado Rockies', zone: 'America/Denver' },
  DET: { name: 'Detroit Tigers', zone: 'America/Detroit' },
  HOU: { name: 'Houston Astros', zone: 'America/Chicago' },
  KCA: { name: 'Kansas City Royals', zone: 'America/Chicago' },
  LAN: { name: 'Los Angeles Dodgers', zone: 'America/Los_Angeles' },
  MIA: { name: 'Miami Marlins', zone: 'America/New_York' },
  MIL: { name: 'Milwaukee Brewers', zone: 'America/Chicago' },
  MIN: { name: 'Minnesota Twins', zone: 'America/Chicago' },
  NYA: { name: 'New York Yankees', zone: 'America/New_York' },
  NYN: { name: 'New York Mets', zone: 'America/New_York' },
  OAK: { name: 'Oakland Athletics', zone: 'America/Los_Angeles' },
  PHI: { name: 'Philadelphia Phillies', zone: 'America/New_York' },
  PIT: { name: 'Pittsburgh Pirates', zone: 'America/New_York' },
  SDN: { name: 'San Diego Padres', zone: 'America/Los_Angeles' },
  SEA: { name: 'Seattle Mariners', zone: 'America/Los_Angeles' },
  SFN: { name: 'San Francisco Giants', zone: 'America/Los_Angeles' },
  SLN: { name: 'St. Louis Cardinals', zone: 'America/Chicago' },
  TBA: { name: 'Tampa Bay Rays', zone: 'America/New_York' },
  TEX: { name: 'Texas Rangers', zone: 'America/Chicago' },
  TOR: { name: 'Toronto Blue Jays', zone: 'America/Toronto' },
  WAS: { name: 'Washington Nationals', zone: 'America/New_York' },
};

/**
 * Retrosheet park codes → ballpark name and IANA zone. Only the parks this project's data needs
 * (2016CHN.EVN holds Cubs home games, all at Wrigley Field); any other park is read in the
 * home team's zone ({@link RETROSHEET_TEAMS}) and its code is kept as the venue.
 */
export const RETROSHEET_PARKS: Readonly<Record<string, { name: string; zone: string }>> = {
  CHI11: { name: 'Wrigley Field', zone: 'America/Chicago' },
};
