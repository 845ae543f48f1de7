/**
 * The player categories of every sport and their columns: the one definition used by the
 * computation (column order), the wire schemas (lib/wire/statistics.ts builds one strict row
 * schema per category from these) and docs/statistics.md. Every row also has `rank`, `player`
 * and `team` before these columns.
 */
import type { Sport } from '../sports';
import type { ColumnSpec } from './types';

/** A category: name (unique within a sport), display title, what it counts and its order. */
export interface CategorySpec {
  name: string;
  title: string;
  description: string;
  columns: readonly ColumnSpec[];
}

const int = (key: string, label: string, description: string): ColumnSpec => ({ key, label, kind: 'int', description });
const dec = (key: string, label: string, description: string): ColumnSpec => ({
  key,
  label,
  kind: 'decimal',
  nullable: true,
  description,
});
/** A whole count that is null where the data cannot give it (noted in the description). */
const nint = (key: string, label: string, description: string): ColumnSpec => ({
  ...int(key, label, `${description}; null when none of the games has it`),
  nullable: true,
});
const text = (key: string, label: string, description: string): ColumnSpec => ({
  key,
  label,
  kind: 'text',
  description,
});

const FOOTBALL: CategorySpec[] = [
  {
    name: 'scorers',
    title: 'Top scorers',
    description:
      'Goals from `goal` events, own goals excluded (shoot-out kicks are not goals). Order: goals, then fewer penalties, then name.',
    columns: [
      int('goals', 'G', 'Goals scored, own goals excluded'),
      int('penalties', 'Pen', 'Of those, penalty kicks (detail.penalty)'),
      int('own_goals', 'OG', 'Own goals (detail.own_goal; credited to the other team, listed under the player’s own)'),
    ],
  },
  {
    name: 'cards',
    title: 'Cards',
    description: 'Bookings from `card` events. Order: yellow + second yellow, then red, then name.',
    columns: [
      int('yellow', 'Y', 'Yellow cards (first booking in a match)'),
      int('second_yellow', '2Y', 'Second yellow cards (a sending-off)'),
      int('red', 'R', 'Straight red cards'),
    ],
  },
];

const CRICKET: CategorySpec[] = [
  {
    name: 'batting',
    title: 'Batting',
    description:
      'From `delivery` and `wicket` events (lib/cricket/statistics.ts). Order: runs, then fewer balls, then name.',
    columns: [
      int('innings', 'Inns', 'Innings batted (faced a ball, at the non-striker’s end, or dismissed)'),
      int('runs', 'R', 'Runs off the bat (extras excluded)'),
      int('balls', 'B', 'Balls faced (wides excluded; no-balls are faced)'),
      int('fours', '4s', 'Boundary fours (all-run fours excluded)'),
      int('sixes', '6s', 'Sixes'),
      int('dismissals', 'Out', 'Times out (retired hurt / not out excluded)'),
      int('not_outs', 'NO', 'innings − dismissals'),
      dec('strike_rate', 'SR', '100 × runs / balls, 2 decimals; null with no ball faced'),
      dec('average', 'Ave', 'runs / dismissals, 2 decimals; null when never out'),
    ],
  },
  {
    name: 'bowling',
    title: 'Bowling',
    description:
      'From `delivery` and `wicket` events (lib/cricket/statistics.ts). Order: wickets, then fewer runs conceded, then name.',
    columns: [
      text('overs', 'O', 'Overs bowled as cricket writes them ("3.4" = 3 overs 4 balls)'),
      int('legal_balls', 'Balls', 'Legal balls bowled (wides and no-balls excluded)'),
      int('maidens', 'M', 'Complete overs conceding no run charged to the bowler'),
      int('runs_conceded', 'R', 'Runs off the bat + wides + no-balls (byes, leg byes, penalties not charged)'),
      int('wickets', 'W', 'Bowled, caught, caught and bowled, lbw, stumped, hit wicket'),
      int('wides', 'Wd', 'Wides bowled'),
      int('noballs', 'NB', 'No-balls bowled'),
      dec('economy', 'Econ', 'runs conceded per 6 legal balls, 2 decimals; null with no legal ball'),
    ],
  },
];

const BASEBALL: CategorySpec[] = [
  {
    name: 'batting',
    title: 'Batting',
    description:
      'From `plate_appearance` events carrying detail.batter_id (lib/baseball/statistics.ts). Order: HR, then RBI, then name.',
    columns: [
      text('player_id', 'ID', 'Source player id (Retrosheet), the key the lines are counted by'),
      int('games', 'G', 'Games with a plate appearance'),
      int('pa', 'PA', 'Plate appearances'),
      int('ab', 'AB', 'At-bats: PA − BB − HBP − SF − SH − interference'),
      int('h', 'H', 'Hits'),
      int('hr', 'HR', 'Home runs'),
      int('rbi', 'RBI', 'Runs batted in (OBR 9.04 approximation, see docs)'),
      int('bb', 'BB', 'Walks (intentional included)'),
      int('so', 'SO', 'Strikeouts'),
      dec('avg', 'AVG', 'H / AB, 3 decimals; null with no at-bat'),
    ],
  },
  {
    name: 'pitching',
    title: 'Pitching',
    description:
      'Outs recorded while pitching (detail.pitcher_id) and earned runs from result_detail.earned_runs (lib/baseball/statistics.ts). Order: outs, then lower ERA, then name.',
    columns: [
      text('player_id', 'ID', 'Source player id (Retrosheet)'),
      int('games', 'G', 'Games pitched'),
      int('outs', 'Outs', 'Outs recorded while on the mound'),
      text('ip', 'IP', 'Innings pitched, baseball notation ("6.2" = 6⅔)'),
      {
        ...int('er', 'ER', 'Earned runs (official scorer, Retrosheet data,er); null when a game he pitched lacks them'),
        nullable: true,
      },
      dec('era', 'ERA', '9 × ER / (outs / 3), 2 decimals; null with no out or unknown ER'),
    ],
  },
];

const TENNIS: CategorySpec[] = [
  {
    name: 'serve',
    title: 'Serve',
    description:
      'Per player from match `stats` (ATP results) or, when absent, the point events replayed through lib/tennis/rules (lib/tennis/statistics.ts). Order: aces, then name.',
    columns: [
      int('matches', 'M', 'Matches with serve statistics'),
      int('aces', 'A', 'Aces (matches that do not mark aces left out)'),
      int('double_faults', 'DF', 'Double faults'),
      int('service_points', 'SvPts', 'Points served'),
      int('service_games', 'SvGms', 'Service games (tie-breaks excluded)'),
      int('service_games_won', 'SvGW', 'Service games won (ATP: games − breaks)'),
      int('break_points_faced', 'BPF', 'Break points faced'),
      int('break_points_saved', 'BPS', 'Break points saved'),
      dec('bp_saved_pct', 'BP%', 'saved / faced, 3 decimals; null when none faced'),
      dec('service_games_won_pct', 'SvGW%', 'service games won / played, 3 decimals'),
    ],
  },
];

const BASKETBALL: CategorySpec[] = [
  {
    name: 'scoring',
    title: 'Scoring',
    description:
      "A game's latest `box_score` event when it has one (the source's box score), else its `field_goal`, `free_throw` and `foul` events naming a player. Order: points, then name.",
    columns: [
      int('points', 'PTS', '2 or 3 per made field goal + 1 per made free throw'),
      dec('minutes', 'MIN', 'Minutes played, 1 decimal (box scores only); null when no game of his had a box score'),
      nint('rebounds', 'REB', 'Rebounds, offensive and defensive (box scores only)'),
      nint('assists', 'AST', 'Assists (box scores only)'),
      nint('steals', 'STL', 'Steals (box scores only)'),
      nint('blocks', 'BLK', 'Blocked shots (box scores only)'),
      nint('turnovers', 'TO', 'Turnovers (box scores only)'),
      int('fgm', 'FGM', 'Field goals made (threes included)'),
      int('fga', 'FGA', 'Field goals attempted'),
      int('tpm', '3PM', 'Three-pointers made'),
      int('tpa', '3PA', 'Three-pointers attempted'),
      int('ftm', 'FTM', 'Free throws made'),
      int('fta', 'FTA', 'Free throws attempted'),
      int('fouls', 'PF', 'Fouls committed'),
    ],
  },
];

const ICE_HOCKEY: CategorySpec[] = [
  {
    name: 'scorers',
    title: 'Scoring',
    description:
      "A game's latest `box_score` event when it has one (the source's box score), else its `goal` (scorer, detail.assists), `shot` and `penalty` events. Order: points, then goals, then name.",
    columns: [
      int('goals', 'G', 'Goals (shootout attempts excluded)'),
      int('assists', 'A', 'Assists (names in detail.assists)'),
      int('points', 'P', 'goals + assists'),
      int('power_play_goals', 'PPG', 'Goals with detail.strength power_play'),
      int('shots', 'S', '`shot` events on goal (on_goal not false)'),
      int(
        'penalty_minutes',
        'PIM',
        'detail.minutes, else by kind (minor 2, double minor 4, major 5, misconduct 10, match 5)',
      ),
      dec(
        'toi_minutes',
        'TOI',
        'Time on ice, minutes, 1 decimal (box scores only); null when no game of his had a box score',
      ),
    ],
  },
  {
    name: 'goalies',
    title: 'Goaltending',
    description:
      "A game's latest `box_score` event when it has one (its goalies' lines), else the `shot` (on goal) and `goal` events naming him in detail.goalie. Order: saves, then SV%, then name.",
    columns: [
      int('games', 'GP', 'Games in which he faced a shot or played (box score time on ice)'),
      int('shots_against', 'SA', 'Shots on goal faced (goals included)'),
      int('saves', 'SV', 'shots against − goals against'),
      int('goals_against', 'GA', 'Goals conceded while in net (empty-net goals are nobody’s)'),
      dec('save_pct', 'SV%', 'saves / shots against, 3 decimals; null with no shot faced'),
      dec(
        'toi_minutes',
        'TOI',
        'Time on ice, minutes, 1 decimal (box scores only); null when no game of his had a box score',
      ),
    ],
  },
];

const RUGBY: CategorySpec[] = [
  {
    name: 'scorers',
    title: 'Points scorers',
    description:
      'From `try`, `conversion`, `penalty_goal` and `drop_goal` events naming a player (penalty tries name none). Order: points, then tries, then name.',
    columns: [
      int('points', 'Pts', '5 × tries + 2 × conversions + 3 × penalty goals + 3 × drop goals'),
      int('tries', 'T', 'Tries'),
      int('conversions', 'C', 'Conversions kicked'),
      int('penalty_goals', 'PG', 'Penalty goals kicked'),
      int('drop_goals', 'DG', 'Drop goals'),
      int('kicks_attempted', 'Att', 'Goal kicks attempted (made or missed)'),
      dec('kick_success_pct', 'Kick%', 'kicks made / attempted, 3 decimals; null with no attempt'),
    ],
  },
  {
    name: 'cards',
    title: 'Cards',
    description: 'From `card` events. Order: red, then yellow, then name.',
    columns: [int('yellow', 'Y', 'Yellow cards (sin bin)'), int('red', 'R', 'Red cards')],
  },
];

/** Golf, MMA, esports (no statistics module): what the events say about each named player. */
const GENERIC: CategorySpec[] = [
  {
    name: 'events',
    title: 'Events per player',
    description:
      'Every event naming a player (MMA: also each event of a fighter’s side), counted per event type. Order: events, then name.',
    columns: [
      int('matches', 'M', 'Matches with an event of the player'),
      int('events', 'Ev', 'Events of the player'),
      {
        key: 'by_type',
        label: 'By type',
        kind: 'counts',
        description:
          'Per event type: the sum of detail.count (a positive integer) or 1 per event, e.g. {"significant_strike": 42, "takedown": 3}',
      },
    ],
  },
];

/** Esports: the generic events, then Dota 2 players' lines from `box_score` events (lib/statistics/esports.ts). */
const ESPORTS: CategorySpec[] = [
  ...GENERIC,
  {
    name: 'players',
    title: 'Dota 2 players',
    description:
      'From each finished Dota 2 game’s latest `box_score` event (OpenDota’s players[]): kills, deaths, assists, gold and experience per minute, last hits, denies and heroes. Order: kills, then KDA, then name.',
    columns: [
      int('games', 'G', 'Games with a box score'),
      int('kills', 'K', 'Kills'),
      int('deaths', 'D', 'Deaths'),
      int('assists', 'A', 'Assists'),
      dec('kda', 'KDA', '(kills + assists) / deaths, 2 decimals (deaths 0 counts as 1)'),
      dec('gold_per_min', 'GPM', 'Gold per minute, mean over the games that give it, 1 decimal; null when none does'),
      dec(
        'xp_per_min',
        'XPM',
        'Experience per minute, mean over the games that give it, 1 decimal; null when none does',
      ),
      nint('last_hits', 'LH', 'Last hits'),
      nint('denies', 'DN', 'Denies'),
      text(
        'heroes',
        'Heroes',
        'Dota 2 hero ids played (OpenDota hero_id), comma-separated in first-played order; "" when none is given',
      ),
      text(
        'hero_names',
        'Hero',
        'The same heroes by name (dotaconstants, e.g. "Terrorblade"), comma-separated in the order of `heroes`; an id the table does not know stays its number',
      ),
    ],
  },
];

/** The player categories of each sport, in the order they are served. */
export const PLAYER_CATEGORIES: Readonly<Record<Sport, readonly CategorySpec[]>> = {
  football: FOOTBALL,
  basketball: BASKETBALL,
  cricket: CRICKET,
  tennis: TENNIS,
  baseball: BASEBALL,
  'ice-hockey': ICE_HOCKEY,
  golf: GENERIC,
  rugby: RUGBY,
  mma: GENERIC,
  esports: ESPORTS,
};
