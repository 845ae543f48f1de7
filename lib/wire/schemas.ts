/**
 * One zod schema per wire shape (docs/api.md; the OpenAPI document is generated from them).
 * The spec's fields keep their names and types exactly; extra fields sit beside them.
 * Timestamps are ISO 8601 UTC with Z. Used by handlers' tests to validate every response.
 */
import { z } from 'zod';

/** `period` of any sport: the values are the sport's (docs/sports/<sport>.md; football: docs/football.md). */
const period = z
  .string()
  .describe(
    "The sport's period value (football 1st_half…, basketball q1…, cricket innings_1…, tennis set_1…); docs/sports/<sport>.md",
  );
/** `status` of any sport: scheduled, in_play, break, finished, postponed, suspended, abandoned (+ the sport's own, documented per sport). */
const status = z
  .string()
  .describe(
    'Match status: scheduled, in_play, break, finished, postponed, suspended, abandoned, or a value the sport documents',
  );

export const isoUtc = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'ISO 8601 UTC with Z');
const side = z.enum(['home', 'away']);
const pair = z.object({ home: z.number().int().nonnegative(), away: z.number().int().nonnegative() });

/** Spec 2.1 `last_event`: the latest match incident. `player` is "" when the source names none. */
export const LastEventSchema = z.object({
  type: z.string(),
  team: z.string(),
  player: z.string(),
  minute: z.number().int(),
  // extras
  event_id: z.string(),
  side,
  stoppage_time: z.number().int().nullable(),
  occurred_at: isoUtc,
});

/** Spec 2.1 live match (GET /v1/football/live, WebSocket updates). */
export const LiveMatchSchema = z.object({
  fixture_id: z.number().int(),
  sport: z.string(),
  league: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  score: pair,
  minute: z.number().int(),
  period,
  status,
  last_event: LastEventSchema.nullable(),
  updated_at: isoUtc,
  // extras
  home_team_id: z.number().int().describe('Id of the home team (GET /v1/{sport}/teams/{id})'),
  away_team_id: z.number().int().describe('Id of the away team (GET /v1/{sport}/teams/{id})'),
  league_slug: z.string(),
  season: z.string(),
  kickoff: isoUtc,
  stoppage_time: z.number().int().nullable(),
  clock: z
    .object({
      running: z.boolean(),
      clock_seconds: z.number().nonnegative(),
      as_of: isoUtc,
      rate: z.number().positive(),
    })
    .nullable(),
  halftime_score: pair.nullable(),
  penalties: pair.nullable(),
  red_cards: pair.nullable().describe('Football: red cards per side; null in other sports'),
  state: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      "The sport's own live state beside the spec fields (cricket overs/wickets/target, tennis sets/games/points/server, baseball inning half/outs/bases, golf leaderboard, …; docs/sports/<sport>.md); null for football, whose extras are the fields above",
    ),
  seq: z.number().int().nonnegative(),
});
export type LiveMatch = z.infer<typeof LiveMatchSchema>;

/** Spec 2.2 live match summary (GET /v1/{sport}/matches/live): `match`, `score` "h-a", `minute`, plus the latest event. */
export const LiveSummarySchema = z.object({
  match: z.string(),
  score: z.string().regex(/^\d+-\d+$/),
  minute: z.number().int(),
  // extras
  fixture_id: z.number().int(),
  league: z.string(),
  status,
  period,
  last_event: LastEventSchema.nullable(),
  updated_at: isoUtc,
});

/** A fixture in a list (docs/api.md; not one of the spec's numbered shapes). `score` is null until the match starts. */
export const FixtureSchema = z.object({
  fixture_id: z.number().int(),
  sport: z.string(),
  league: z.string(),
  league_slug: z.string(),
  season: z.string(),
  round: z.string().nullable(),
  group: z.string().nullable(),
  kickoff: isoUtc,
  home_team: z.string(),
  away_team: z.string(),
  venue: z.string().nullable(),
  status,
  score: pair.nullable(),
  home_team_id: z.number().int().describe('Id of the home team (GET /v1/{sport}/teams/{id})'),
  away_team_id: z.number().int().describe('Id of the away team'),
  season_id: z.number().int().describe('Id of the league-season (GET /v1/{sport}/leagues, seasons[].id)'),
});

/**
 * A list row's pre-match win probability (docs/odds.md "Pre-match ratings"): the Scoreline Elo
 * model's, from the sport's results strictly before the kickoff — never the match itself, a later
 * one or a bookmaker's price; the same numbers as the `prematch` of
 * GET /v1/{sport}/matches/{fixture_id}/win-probability. Null for golf (a field, not two sides).
 */
export const RowWinProbabilitySchema = z
  .object({
    home: z.number().min(0).max(1).describe('P(home wins), a fraction'),
    draw: z.number().min(0).max(1).nullable().describe('P(draw); null where the sport has no draw'),
    away: z.number().min(0).max(1).describe('P(away wins)'),
  })
  .nullable()
  .describe(
    'Pre-match win probability from the Scoreline rating over results before kickoff (never the match itself or later ones); null for golf',
  );

/** A fixture in GET /v1/{sport}/fixtures: the fixture and its pre-match win probability. */
export const ListedFixtureSchema = FixtureSchema.extend({ win_probability: RowWinProbabilitySchema });

/** Spec 2.3 fixtures summary for one league-season, counting exactly the filtered fixtures. */
export const FixturesSummarySchema = z.object({
  league: z.string().describe('League display name of this season'),
  fixtures: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'Upcoming fixtures of this league-season (still scheduled, kickoff from now on) among those matching every filter',
    ),
  next_kickoff: isoUtc
    .nullable()
    .describe('Earliest kickoff from now on among them that is still scheduled; null when none is'),
  league_slug: z.string(),
  season_id: z.number().int().describe('Id of the league-season (GET /v1/{sport}/leagues, seasons[].id)'),
  season: z.string(),
  total: z
    .number()
    .int()
    .nonnegative()
    .describe('Fixtures of this league-season matching every filter (from/to, team, status), whatever their status'),
  upcoming: z.number().int().nonnegative().describe('The same as `fixtures` (its earlier name)'),
});

const page = { next_cursor: z.string().nullable() };

/** GET /v1/{sport}/fixtures: spec 2.3 at the top (for the filtered league, or "All leagues"), per-league summaries and the fixtures beside. */
export const FixturesResponseSchema = z.object({
  league: z
    .string()
    .describe(
      'Display name of the filtered set: the league (its season when one season is listed), the only league present, or "All leagues"',
    ),
  fixtures: z
    .number()
    .int()
    .nonnegative()
    .describe('Number of upcoming fixtures (still scheduled, kickoff from now on) matching every filter (spec 2.3)'),
  next_kickoff: isoUtc.nullable().describe('Earliest scheduled kickoff from now on among them'),
  league_slug: z.string().nullable().describe('Slug of the league the set belongs to; null for several'),
  season: z.string().nullable().describe('Season of the set when it is one; null for several'),
  total: z
    .number()
    .int()
    .nonnegative()
    .describe('Number of fixtures matching every filter (all pages), whatever their status'),
  upcoming: z.number().int().nonnegative().describe('The same as `fixtures` (its earlier name)'),
  leagues: z.array(FixturesSummarySchema),
  data: z.array(ListedFixtureSchema),
  ...page,
});

/** A full-time result (spec 2.6 gap). `winner` is decided after extra time and penalties. */
export const ResultSchema = FixtureSchema.extend({
  status: z.literal('finished'),
  score: pair,
  halftime_score: pair.nullable(),
  penalties: pair.nullable(),
  winner: z.enum(['home', 'away', 'draw']),
  result: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      "The sport's result detail (cricket margin and method, tennis sets and tie-breaks, ice hockey OT/SO, rugby tries and bonus points; docs/sports/<sport>.md); null for football",
    ),
});
/** A result in GET /v1/{sport}/results: the result and the pre-match win probability it was played at. */
export const ListedResultSchema = ResultSchema.extend({ win_probability: RowWinProbabilitySchema });
export const ResultsResponseSchema = z.object({ data: z.array(ListedResultSchema), ...page });

export const StandingsRowSchema = z.object({
  position: z.number().int().positive(),
  team: z.string(),
  team_id: z.number().int().optional().describe('Id of the team (GET /v1/{sport}/teams/{id})'),
  played: z.number().int().nonnegative(),
  won: z.number().int().nonnegative(),
  drawn: z.number().int().nonnegative(),
  lost: z.number().int().nonnegative(),
  goals_for: z.number().int().nonnegative(),
  goals_against: z.number().int().nonnegative(),
  goal_difference: z.number().int(),
  points: z.number().int(),
  points_adjustment: z.number().int(),
  form: z.array(z.enum(['W', 'D', 'L'])),
  // extras with `live=true` (docs/api.md): the move against the stored table if current scores were final (+ = up), and whether the team is playing now
  live_position_change: z.number().int().optional(),
  live: z.boolean().optional(),
});
/**
 * A row of another sport's table: `position` and `team` (tennis: the player) plus that sport's
 * columns (NBA win_pct/games_behind, NHL points/ot_losses/regulation_wins, rugby bonus points,
 * cricket net_run_rate…). Each sport's exact row: lib/wire/standings.ts, docs/sports/<sport>.md.
 */
export const SportStandingsRowSchema = z
  .looseObject({ position: z.number().int().positive(), team: z.string(), team_id: z.number().int().optional() })
  .describe("Another sport's standings row: position and team plus the sport's own columns (docs/sports/<sport>.md)");

export const StandingsTableSchema = z.object({
  league: z.string(),
  league_slug: z.string(),
  season: z.string(),
  group: z.string().nullable(),
  view: z
    .enum(['division', 'conference', 'league'])
    .optional()
    .describe('The grouping asked for with `view` (NHL conference…); absent for the stored tables'),
  tie_breakers: z.array(z.string()),
  updated_at: isoUtc,
  rows: z.array(z.union([StandingsRowSchema, SportStandingsRowSchema])),
  // extras with `live=true`: whether in-play matches are counted, and which fixtures
  live: z.boolean().optional(),
  live_fixtures: z.array(z.number().int()).optional(),
});
export const StandingsResponseSchema = z.object({ data: z.array(StandingsTableSchema) });

/** A stored match event as delivered by REST timelines and WebSocket `event` messages. */
export const MatchEventSchema = z.object({
  seq: z.number().int().positive(),
  event_id: z.string(),
  fixture_id: z.number().int(),
  type: z.string(),
  team: z.string().nullable(),
  side: side.nullable(),
  player: z.string().nullable(),
  minute: z.number().int().nullable(),
  stoppage_time: z.number().int().nullable(),
  period: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  occurred_at: isoUtc,
  received_at: isoUtc,
  /** In a match's timeline: true when a later correction amended this event (its fields are the amended ones). */
  amended: z.boolean().optional(),
});

export const LineupSchema = z.object({
  side,
  team: z.string(),
  formation: z.string().nullable(),
  players: z.array(
    z.object({
      name: z.string(),
      nickname: z.string().nullable(),
      jersey_number: z.number().int().nullable(),
      position: z.string().nullable(),
      starter: z.boolean(),
    }),
  ),
});

/** GET /v1/{sport}/matches/{fixture_id}: the live shape plus the fixture, full timeline and lineups. */
export const MatchDetailSchema = z.object({
  match: LiveMatchSchema,
  fixture: FixtureSchema,
  events: z.array(MatchEventSchema),
  lineups: z.array(LineupSchema),
  statistics: z.record(z.string(), z.unknown()).nullable(),
});

/** Spec 2.4 odds (market 1X2, decimal prices) plus the per-bookmaker lines it was derived from. */
const prices = z.record(z.string(), z.number().gt(1));
const best = z.object({ price: z.number().gt(1), bookmakers: z.array(z.string()) });

/**
 * Spec 2.4 odds (GET /v1/{sport}/odds): the headline market's consensus at the top — `1X2` where a
 * draw is priced, two-way `moneyline` (draw null) where not — every bookmaker's lines below (docs/odds.md).
 */
export const OddsResponseSchema = z.object({
  market: z
    .enum(['1X2', 'moneyline'])
    .describe('Headline market: 1X2 (home/draw/away) when bookmakers price a draw, else two-way moneyline (home/away)'),
  home: z.number().gt(1),
  draw: z.number().gt(1).nullable().describe('Draw price; null for a moneyline (no draw)'),
  away: z.number().gt(1),
  // extras
  fixture_id: z.number().int(),
  source: z.string(),
  /** Overround of the consensus book (fraction, 0.05 = 5 %). */
  margin: z.number().nullable(),
  /** No-vig probabilities from the consensus (proportional method). */
  fair: z.object({ home: z.number(), draw: z.number().nullable(), away: z.number() }),
  best: z.object({ home: best, draw: best.nullable(), away: best }),
  consensus_bookmakers: z.number().int().positive(),
  updated_at: isoUtc,
  bookmakers: z.array(
    z.object({
      bookmaker: z.string(),
      market: z.string(),
      line: z.number().nullable(),
      /** True for Scoreline's own in-play model (never a real bookmaker). */
      is_model: z.boolean(),
      opening: prices.nullable(),
      current: prices,
      /** Last prices at or before kickoff; null before kickoff. */
      closing: prices.nullable(),
      margin: z.number().nullable(),
      updated_at: isoUtc,
      started_from: z
        .enum(['rating', 'bookmakers', 'neutral-prior'])
        .nullable()
        .describe(
          "The scoreline-model line (is_model true) only: what its current price started from — 'rating' (the pre-match Elo rating, then the in-play win probability of the match's log), 'bookmakers' (the replay's in-play Poisson model fitted to the bookmakers' consensus), 'neutral-prior' (that model from 1.3 goals a side); null on a bookmaker's line. Its opening and closing are the pre-match rating line, never bookmaker prices.",
        ),
    }),
  ),
});

/** One observed price (GET /v1/{sport}/odds/history, WebSocket `odds` messages). */
export const OddsTickSchema = z.object({
  bookmaker: z.string(),
  market: z.string(),
  selection: z.string(),
  line: z.number().nullable(),
  price: z.number().gt(1),
  observed_at: isoUtc,
  /** Feed sequence of a live tick; null for imported history. */
  seq: z.number().int().nullable(),
});

/** GET /v1/{sport}/odds/history: every tick, oldest first, paged. */
export const OddsHistoryResponseSchema = z.object({
  fixture_id: z.number().int(),
  data: z.array(OddsTickSchema),
  next_cursor: z.string().nullable(),
});

/** RFC 9457 problem details with a stable `code` (docs/api.md "Errors"). */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  detail: z.string(),
  instance: z.string(),
  code: z.string(),
});

export type MatchEvent = z.infer<typeof MatchEventSchema>;
export type Fixture = z.infer<typeof FixtureSchema>;
export type Result = z.infer<typeof ResultSchema>;
export type ListedFixture = z.infer<typeof ListedFixtureSchema>;
export type ListedResult = z.infer<typeof ListedResultSchema>;
export type RowWinProbability = z.infer<typeof RowWinProbabilitySchema>;
export type StandingsTable = z.infer<typeof StandingsTableSchema>;
export type StandingsRow = z.infer<typeof StandingsRowSchema>;
export type MatchDetail = z.infer<typeof MatchDetailSchema>;
export type Lineup = z.infer<typeof LineupSchema>;
export type OddsResponse = z.infer<typeof OddsResponseSchema>;
