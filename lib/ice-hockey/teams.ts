/**
 * NHL teams of the 2022-23 season, by the full names FiveThirtyEight's `nhl_elo_latest.csv`
 * writes, → abbreviation (as in the file), conference, division and the home arena's IANA
 * time zone (used for date-only kickoffs).
 * Source: NHL 2022-23 alignment (32 teams; Eastern = Atlantic + Metropolitan, Western =
 * Central + Pacific).
 */
export interface NhlTeam {
  abbreviation: string;
  conference: 'Eastern' | 'Western';
  division: 'Atlantic' | 'Metropolitan' | 'Central' | 'Pacific';
  zone: string;
}

const t = (abbreviation: string, division: NhlTeam['division'], zone: string): NhlTeam => ({
  abbreviation,
  conference: division === 'Atlantic' || division === 'Metropolitan' ? 'Eastern' : 'Western',
  division,
  zone,
});

export const NHL_TEAMS_2022_23: Readonly<Record<string, NhlTeam>> = {
  'Boston Bruins': t('BOS', 'Atlantic', 'America/New_York'),
  'Buffalo Sabres': t('BUF', 'Atlantic', 'America/New_York'),
  'Detroit Red Wings': t('DET', 'Atlantic', 'America/Detroit'),
  'Florida Panthers': t('FLA', 'Atlantic', 'America/New_York'),
  'Montreal Canadiens': t('MTL', 'Atlantic', 'America/Toronto'),
  'Ottawa Senators': t('OTT', 'Atlantic', 'America/Toronto'),
  'Tampa Bay Lightning': t('TBL', 'Atlantic', 'America/New_York'),
  'Toronto Maple Leafs': t('TOR', 'Atlantic', 'America/Toronto'),
  'Carolina Hurricanes': t('CAR', 'Metropolitan', 'America/New_York'),
  'Columbus Blue Jackets': t('CBJ', 'Metropolitan', 'America/New_York'),
  'New Jersey Devils': t('NJD', 'Metropolitan', 'America/New_York'),
  'New York Islanders': t('NYI', 'Metropolitan', 'America/New_York'),
  'New York Rangers': t('NYR', 'Metropolitan', 'America/New_York'),
  'Philadelphia Flyers': t('PHI', 'Metropolitan', 'America/New_York'),
  'Pittsburgh Penguins': t('PIT', 'Metropolitan', 'America/New_York'),
  'Washington Capitals': t('WSH', 'Metropolitan', 'America/New_York'),
  'Arizona Coyotes': t('ARI', 'Central', 'America/Phoenix'),
  'Chicago Blackhawks': t('CHI', 'Central', 'America/Chicago'),
  'Colorado Avalanche': t('COL', 'Central', 'America/Denver'),
  'Dallas Stars': t('DAL', 'Central', 'America/Chicago'),
  'Minnesota Wild': t('MIN', 'Central', 'America/Chicago'),
  'Nashville Predators': t('NSH', 'Central', 'America/Chicago'),
  'St. Louis Blues': t('STL', 'Central', 'America/Chicago'),
  'Winnipeg Jets': t('WPG', 'Central', 'America/Winnipeg'),
  'Anaheim Ducks': t('ANA', 'Pacific', 'America/Los_Angeles'),
  'Calgary Flames': t('CGY', 'Pacific', 'America/Edmonton'),
  'Edmonton Oilers': t('EDM', 'Pacific', 'America/Edmonton'),
  'Los Angeles Kings': t('LAK', 'Pacific', 'America/Los_Angeles'),
  'San Jose Sharks': t('SJS', 'Pacific', 'America/Los_Angeles'),
  'Seattle Kraken': t('SEA', 'Pacific', 'America/Los_Angeles'),
  'Vancouver Canucks': t('VAN', 'Pacific', 'America/Vancouver'),
  'Vegas Golden Knights': t('VEG', 'Pacific', 'America/Los_Angeles'),
};
