/**
 * Wire schemas of the resource endpoints (issue 19): leagues and their seasons, teams, players and
 * head-to-head. Ids: a league is addressed by its slug; a league-season (`season_id`), a team
 * (`team_id`) and a player (`player_id`, lib/ids.ts) by a number. Names stay beside every id.
 */
import { z } from 'zod';
import { STAGES } from '../seasons/stage';
import { FixtureSchema, ResultSchema, StandingsTableSchema } from './schemas';

const isoUtc = z.string().describe('ISO 8601 UTC with Z');
const n = z.number().int().nonnegative();

/** What a league-season has, counted from the store (lib/seasons/coverage.ts): each flag says whether that endpoint has data for it. */
export const CoverageSchema = z
  .object({
    fixtures: z.boolean().describe('GET /fixtures lists fixtures of the season'),
    results: z.boolean().describe('GET /results has finished matches'),
    events: z.boolean().describe("A match's timeline (GET /matches/{id} events) has more than its result"),
    lineups: z.boolean().describe('Some match has published lineups'),
    team_statistics: z.boolean().describe('GET /statistics/teams has rows (records from results)'),
    match_statistics: z.boolean().describe('Matches carry recorded figures (shots, corners, aces…) in the team tables'),
    player_statistics: z.boolean().describe('GET /statistics/players has rows'),
    odds: z
      .object({
        pre_match: z.boolean().describe('Bookmaker prices observed before kickoff'),
        live: z.boolean().describe('Prices observed in play (the in-play model included, labelled is_model)'),
        bookmakers: n.describe('Bookmakers with prices (the model not counted)'),
      })
      .describe('GET /odds and /odds/history'),
    win_probability: z.boolean().describe('GET /matches/{id}/win-probability answers for its matches'),
    standings: z.boolean().describe('GET /standings has tables with rows'),
  })
  .describe('What the season has: ask only for what it covers');

export const SeasonRefSchema = z.object({
  id: z.number().int().describe('season_id: the league-season'),
  season: z.string().describe('Label: 2023-24, 2022, 2022-replay'),
  name: z.string().describe('Display name of this season'),
  is_replay: z.boolean().describe('A replay of a recorded season played as live (docs/replay.md)'),
  current: z
    .boolean()
    .describe("The league's default season: its latest real season, else the replay of its latest recorded one"),
  first_kickoff: isoUtc.nullable(),
  last_kickoff: isoUtc.nullable(),
  coverage: CoverageSchema,
});

export const StandingsRulesSchema = z.object({
  points: z
    .object({ win: n, draw: n, loss: n })
    .nullable()
    .describe('Table points per result (football); null where the table is not ordered by points from results alone'),
  tie_breakers: z
    .array(z.string())
    .describe('The order of the table after its main figure, as applied (docs/sports/<sport>.md)'),
});

export const LeagueSchema = z.object({
  slug: z.string().describe("The league's id (stable)"),
  name: z.string(),
  sport: z.string(),
  country: z.string().nullable(),
  format: z
    .enum(['league', 'tournament'])
    .nullable()
    .describe('Football: a league or a tournament; null for other sports'),
  current_season: z.string().nullable(),
  seasons: z.array(SeasonRefSchema).describe('Current first, then real seasons newest first, then replays'),
  standings_rules: StandingsRulesSchema,
  standings_views: z
    .array(z.enum(['division', 'conference', 'league']))
    .describe('The `view` values GET /standings takes for this league, the default first; [] for one view'),
});
export const LeaguesResponseSchema = z.object({ sport: z.string(), data: z.array(LeagueSchema) });

export const TeamRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const LeagueSeasonSchema = SeasonRefSchema.extend({
  sport: z.string(),
  league_slug: z.string(),
  league: z.string().describe('League name without the season'),
  fixtures: z.object({ total: n, finished: n, scheduled: n, in_play: n, other: n }),
  teams: z.array(TeamRefSchema).describe('Teams with a fixture this season, by name'),
  standings_rules: StandingsRulesSchema,
  standings: z.array(StandingsTableSchema),
});

export const TeamListItemSchema = TeamRefSchema.extend({
  sport: z.string(),
  fixtures: n.describe('Fixtures in the filtered league/season (all, without them)'),
});
export const TeamsResponseSchema = z.object({ data: z.array(TeamListItemSchema), next_cursor: z.string().nullable() });

export const TeamSeasonSchema = z.object({
  season_id: z.number().int(),
  league_slug: z.string(),
  league: z.string(),
  season: z.string(),
  is_replay: z.boolean(),
  fixtures: n,
  first_kickoff: isoUtc,
  last_kickoff: isoUtc,
});

export const TeamDetailSchema = TeamRefSchema.extend({
  sport: z.string(),
  seasons: z.array(TeamSeasonSchema).describe('League-seasons with a fixture of the team, real first, newest first'),
  league_slug: z
    .string()
    .nullable()
    .describe('League-season the sections below cover: the query, else the latest the team played'),
  season: z.string().nullable(),
  stage: z.enum(STAGES),
  standing: z
    .looseObject({ group: z.string().nullable(), position: z.number().int(), team: z.string() })
    .nullable()
    .describe("The team's row in that season's table"),
  form: z.array(z.enum(['W', 'D', 'L'])).describe('Last five results, oldest first'),
  results: z.array(ResultSchema).describe('Last five results, newest first'),
  fixtures: z.array(FixtureSchema).describe('Next five scheduled fixtures'),
  statistics: z
    .looseObject({ team: z.string() })
    .nullable()
    .describe('The team row of GET /v1/{sport}/statistics/teams for that season and stage'),
});

export const PlayerDetailSchema = z.object({
  id: z.number().int().describe('player_id (lib/ids.ts: stable, derived from sport and name)'),
  name: z.string(),
  sport: z.string(),
  teams: z.array(TeamRefSchema.extend({ events: n })).describe('Teams the player has events for'),
  seasons: z.array(z.object({ season_id: z.number().int(), league_slug: z.string(), season: z.string(), fixtures: n })),
  league_slug: z.string().nullable(),
  season: z.string().nullable(),
  stage: z.enum(STAGES),
  statistics: z
    .array(z.object({ category: z.string(), title: z.string(), row: z.looseObject({ player: z.string() }) }))
    .describe(
      "The player's line in each of the sport's player tables (GET /v1/{sport}/statistics/players) for that season",
    ),
});

export const HeadToHeadSchema = z.object({
  teams: z.tuple([TeamRefSchema, TeamRefSchema]),
  summary: z.object({
    played: n,
    wins: z.tuple([n, n]).describe('Wins of teams[0], teams[1]'),
    draws: n,
    scored: z.tuple([n, n]).describe('Goals, points, runs or sets of teams[0], teams[1] (the score)'),
  }),
  data: z.array(ResultSchema).describe('Finished meetings, newest first'),
  upcoming: z.array(FixtureSchema).describe('Scheduled meetings, soonest first'),
});
