/**
 * What a league-season has (issue 34 item 2): the `coverage` object of GET /v1/{sport}/leagues and
 * /leagues/{slug}/seasons/{season}, decided from facts counted in the store
 * (server/store/queries/get-season-facts.ts), never declared by hand. Pure. Each flag says whether
 * the matching endpoint answers with data for the season: fixtures, results, a match timeline
 * (`events`), lineups, team statistics (records from results), match statistics (recorded
 * per-match figures: shots, corners, aces…), player statistics, odds, win probability, standings.
 * The test that walks every bundled season's endpoints: test/integration/coverage.test.ts.
 */
import type { Sport } from '../sports';

/** What the store holds of one league-season (counts and the event types present). */
export interface SeasonFacts {
  fixtures: number;
  finished: number;
  /** Distinct types of the season's stored events (`result` included). */
  eventTypes: readonly string[];
  /** Distinct types of its events that name a player. */
  namedEventTypes: readonly string[];
  /** Some fixture has a published lineup. */
  lineups: boolean;
  /** Some fixture has recorded match statistics. */
  matchStats: boolean;
  /** Rows over the season's stored standings tables. */
  standingsRows: number;
  /** Some bookmaker price observed at or before a fixture's kickoff. */
  preMatchOdds: boolean;
  /** Some price observed after a fixture's kickoff (the in-play model's included). */
  liveOdds: boolean;
  /** Distinct bookmakers with prices (the in-play model and the market max / average columns not counted). */
  bookmakers: number;
}

export interface SeasonCoverage {
  fixtures: boolean;
  results: boolean;
  events: boolean;
  lineups: boolean;
  team_statistics: boolean;
  match_statistics: boolean;
  player_statistics: boolean;
  odds: { pre_match: boolean; live: boolean; bookmakers: number };
  win_probability: boolean;
  standings: boolean;
}

/**
 * The event types each sport's player tables count when they name a player (lib/statistics:
 * football.ts scorers and cards, event-players.ts basketball / ice hockey / rugby, cricket.ts
 * deliveries, baseball.ts plate appearances); null: any named event (golf, MMA, esports tables
 * list every player's events). Tennis reads match statistics or point-by-point logs instead.
 */
const PLAYER_EVENT_TYPES: Record<Sport, readonly string[] | null> = {
  football: ['goal', 'card'],
  basketball: ['field_goal', 'free_throw', 'foul'],
  'ice-hockey': ['goal', 'shot', 'penalty'],
  rugby: ['try', 'conversion', 'penalty_goal', 'drop_goal', 'card'],
  cricket: ['delivery'],
  baseball: ['plate_appearance'],
  tennis: [],
  golf: null,
  mma: null,
  esports: null,
};

/** True when the player tables of `sport` have rows for a season with these facts. */
export function hasPlayerStatistics(sport: Sport, f: SeasonFacts): boolean {
  if (!f.finished) return false;
  if (sport === 'tennis') return f.matchStats || f.eventTypes.includes('point');
  const types = PLAYER_EVENT_TYPES[sport];
  return types ? f.namedEventTypes.some((t) => types.includes(t)) : f.namedEventTypes.length > 0;
}

/**
 * Whether GET /v1/{sport}/matches/{id}/win-probability answers for the season's fixtures
 * (server/read/read-win-probability.ts, docs/odds.md): every fixture of a two-sided sport has at
 * least its pre-match rating line; golf (a field, not two sides) has none.
 */
export function hasWinProbability(sport: Sport, f: SeasonFacts): boolean {
  return f.fixtures > 0 && sport !== 'golf';
}

/** The coverage object of one league-season of `sport` from its facts. */
export function seasonCoverage(sport: Sport, f: SeasonFacts): SeasonCoverage {
  return {
    fixtures: f.fixtures > 0,
    results: f.finished > 0,
    events: f.eventTypes.some((t) => t !== 'result'),
    lineups: f.lineups,
    team_statistics: f.finished > 0,
    match_statistics: f.matchStats,
    player_statistics: hasPlayerStatistics(sport, f),
    odds: { pre_match: f.preMatchOdds, live: f.liveOdds, bookmakers: f.bookmakers },
    win_probability: hasWinProbability(sport, f),
    standings: f.standingsRows > 0,
  };
}
