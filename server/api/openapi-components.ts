/**
 * The named pieces of the OpenAPI document (server/api/openapi-document.ts) that routes refer to
 * by name (server/api/routes.ts): response bodies, request bodies, shared shapes, error responses,
 * path parameters and query parameter descriptions. Shapes come from lib/wire; the operator API's
 * (/v1/ops, docs/operators.md) from lib/wire/ops.ts and lib/wire/ops-health.ts. Where a body takes
 * `z.unknown()` items (validated one by one, so a bad item is rejected alone) a documentation-only
 * schema names the item shape.
 */
import { z } from 'zod';
import { SPORTS } from '@/lib/sports';
import * as ST from '@/lib/wire/statistics';
import * as R from '@/lib/wire/resources';
import * as W from '@/lib/wire/schemas';
import { ApiKeySchema, CreateKeyBody, NewApiKeySchema } from '@/lib/wire/keys';
import * as WH from '@/lib/wire/webhooks';
import * as O from '@/lib/wire/ops';
import { FeedHealthSchema } from '@/lib/wire/ops-health';
import { SPORT_LIVE_STATE_SCHEMAS } from '@/lib/wire/sports';
import * as SR from '@/lib/wire/standings';
import { WinProbabilityResponseSchema } from '@/lib/wire/win-probability';
import { GolfWinProbabilityResponseSchema } from '@/lib/wire/golf-win-probability';
import { GolfInPlayWinProbabilitySchema, InPlayWinProbabilitySchema, LiveRowSchema } from '@/lib/wire/live-row';

type Json = Record<string, unknown>;

const seq = z.number().int().nonnegative();

/** The sandbox's mark: `"sandbox": true` in every /sandbox/v1 body, absent in production. */
export const sandboxMark = {
  sandbox: z.literal(true).optional().describe('Present (true) only in sandbox answers (/sandbox/v1).'),
};
const marked = <S extends z.ZodObject>(s: S) => s.extend(sandboxMark);

const twoSidedSeries = marked(WinProbabilityResponseSchema);
const golfSeries = marked(GolfWinProbabilityResponseSchema);

/** Response bodies by component name, in the order they are listed. */
export const RESPONSE_SCHEMAS = {
  LiveResponse: marked(z.object({ data: z.array(LiveRowSchema), seq })),
  LiveSummaryResponse: marked(z.object({ data: z.array(W.LiveSummarySchema), seq })),
  MatchDetail: marked(W.MatchDetailSchema),
  FixturesResponse: marked(W.FixturesResponseSchema),
  ResultsResponse: marked(W.ResultsResponseSchema),
  StandingsResponse: marked(W.StandingsResponseSchema),
  TeamStatisticsResponse: marked(ST.TeamStatisticsResponseSchema),
  PlayerStatisticsResponse: marked(ST.PlayerStatisticsResponseSchema),
  OddsResponse: marked(W.OddsResponseSchema),
  OddsHistoryResponse: marked(W.OddsHistoryResponseSchema),
  WinProbabilityResponse: twoSidedSeries,
  GolfWinProbabilityResponse: golfSeries,
  WinProbabilitySeries: z
    .union([twoSidedSeries, golfSeries])
    .describe(
      "GET /v1/{sport}/matches/{fixture_id}/win-probability: golf's field series (sport 'golf', `field` arrays) or every other sport's two-sided one.",
    ),
  LeaguesResponse: marked(R.LeaguesResponseSchema),
  LeagueSeason: marked(R.LeagueSeasonSchema),
  TeamsResponse: marked(R.TeamsResponseSchema),
  TeamDetail: marked(R.TeamDetailSchema),
  PlayerDetail: marked(R.PlayerDetailSchema),
  HeadToHead: marked(R.HeadToHeadSchema),
  ApiKey: ApiKeySchema,
  NewApiKey: NewApiKeySchema,
  WebhookEndpoint: WH.WebhookEndpointSchema,
  WebhookList: WH.WebhookListSchema,
  WebhookDeliveries: WH.WebhookDeliveriesSchema,
  WebhookQueued: WH.WebhookQueuedSchema,
  // Operators (/v1/ops)
  OpsCompetition: O.OpsCompetitionSchema,
  OpsCompetitionList: z.object({ data: z.array(O.OpsCompetitionSchema) }),
  OpsTeam: O.OpsTeamSchema,
  OpsFixture: O.OpsFixtureSchema,
  OpsFixtureList: z.object({ data: z.array(O.OpsFixtureSchema) }),
  OpsFixtureDetail: O.OpsFixtureDetailSchema,
  IngestResult: O.IngestResultSchema,
  ItemResult: O.ItemResultSchema,
  FeedHealth: FeedHealthSchema,
} as const;
export type ResponseName = keyof typeof RESPONSE_SCHEMAS;

/**
 * The `state` of a live match, one component per sport that has one (lib/wire/sports, the rules
 * module's `project(state).state`): `BasketballLiveState`, `IceHockeyLiveState`, … The live match's
 * `state` is documented as one of them or null (football).
 */
export const LIVE_STATE_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(SPORT_LIVE_STATE_SCHEMAS).map(([sport, schema]) => [
    `${sport.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}LiveState`,
    schema,
  ]),
);

/** The zod node of a live match's `state` (documented through LIVE_STATE_SCHEMAS, see openapi-document.ts). */
export const LIVE_STATE_FIELD = W.LiveMatchSchema.shape.state;

/**
 * The standings rows of the sports whose row is specified (lib/wire/standings.ts), one component
 * each; a table's row of another sport is documented as one of them, or position and team plus the
 * sport's own columns (baseball and esports until their row schemas land).
 */
export const STANDINGS_ROW_SCHEMAS: Record<string, z.ZodType> = {
  NbaStandingsRow: SR.NbaStandingsRowSchema,
  NhlStandingsRow: SR.NhlStandingsRowSchema,
  RugbyStandingsRow: SR.RugbyStandingsRowSchema,
  CricketStandingsRow: SR.CricketStandingsRowSchema,
  TennisRankingRow: SR.TennisRankingRowSchema,
  GolfStandingsRow: SR.GolfStandingsRowSchema,
  MmaStandingsRow: SR.MmaStandingsRowSchema,
};

/** The zod node of another sport's standings row (documented through STANDINGS_ROW_SCHEMAS, see openapi-document.ts). */
export const SPORT_ROW_FIELD = W.SportStandingsRowSchema;

/** Shared shapes that get their own component (referenced from the responses above). */
export const SHARED: Record<string, z.ZodType> = {
  LiveMatch: W.LiveMatchSchema,
  LiveRow: LiveRowSchema,
  InPlayWinProbability: InPlayWinProbabilitySchema,
  GolfInPlayWinProbability: GolfInPlayWinProbabilitySchema,
  LiveSummary: W.LiveSummarySchema,
  LastEvent: W.LastEventSchema,
  Fixture: W.FixtureSchema,
  FixturesSummary: W.FixturesSummarySchema,
  Result: W.ResultSchema,
  StandingsTable: W.StandingsTableSchema,
  StandingsRow: W.StandingsRowSchema,
  MatchEvent: W.MatchEventSchema,
  Lineup: W.LineupSchema,
  OddsTick: W.OddsTickSchema,
  League: R.LeagueSchema,
  SeasonRef: R.SeasonRefSchema,
  TeamRef: R.TeamRefSchema,
  Problem: W.ProblemSchema.extend({ request_id: z.string(), ...sandboxMark }),
  CreateKeyBody: CreateKeyBody,
  CreateWebhookBody: WH.CreateWebhookBody,
  UpdateWebhookBody: WH.UpdateWebhookBody,
  WebhookDelivery: WH.WebhookDeliverySchema,
  WebhookAttempt: WH.WebhookAttemptSchema,
  WebhookMatchEvent: WH.MatchEventEnvelope,
  WebhookOddsUpdated: WH.OddsEnvelope,
  WebhookWinProbabilityUpdated: WH.WinProbabilityEnvelope,
  WebhookTestMessage: WH.TestEnvelope,
  ...LIVE_STATE_SCHEMAS,
  ...STANDINGS_ROW_SCHEMAS,
};

const fixtureId = O.IngestEventSchema.shape.fixture_id;
/** One item of POST /v1/ops/batch (documentation only: the handler validates each item by its `op`). */
const BatchItem = z.union([
  z.intersection(z.object({ op: z.literal('event') }), O.IngestEventSchema),
  z.intersection(z.object({ op: z.literal('correction') }), O.CorrectionBody),
  z.intersection(z.object({ op: z.literal('status'), fixture_id: fixtureId }), O.StatusBody),
  z.intersection(z.object({ op: z.literal('odds') }), O.IngestTickSchema),
]);
const items = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(O.MAX_BATCH_ITEMS);

/**
 * The operator request body components (and the item shapes they reference), emitted as the
 * shapes a client sends (zod `io: 'input'`: defaulted fields optional, times as date-time strings).
 */
export const OPS_REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  CompetitionBody: O.CompetitionBody,
  CompetitionPatch: O.CompetitionPatch,
  TeamBody: O.TeamBody,
  TeamPatch: O.TeamPatch,
  FixtureBody: O.FixtureBody,
  FixturePatch: O.FixturePatch,
  IngestEvent: O.IngestEventSchema,
  EventsBody: z.object({ events: items(O.IngestEventSchema) }).strict(),
  CorrectionBody: O.CorrectionBody,
  StatusBody: O.StatusBody,
  IngestTick: O.IngestTickSchema,
  OddsBody: z.object({ ticks: items(O.IngestTickSchema) }).strict(),
  BatchItem,
  BatchBody: z.object({ items: items(BatchItem) }).strict(),
};

/** Request body components: whether the body is required (POST /v1/keys and the webhook PATCH accept an empty one). */
export const BODIES = {
  CreateKeyBody: false,
  CreateWebhookBody: true,
  UpdateWebhookBody: false,
  CompetitionBody: true,
  CompetitionPatch: true,
  TeamBody: true,
  TeamPatch: true,
  FixtureBody: true,
  FixturePatch: true,
  EventsBody: true,
  CorrectionBody: true,
  StatusBody: true,
  OddsBody: true,
  BatchBody: true,
} as const;
export type BodyName = keyof typeof BODIES;

/** Bodies read with the 1 MiB cap (MAX_OPS_BODY_BYTES); the others have the 16 KiB one. */
export const LARGE_BODIES: readonly BodyName[] = ['FixtureBody', 'EventsBody', 'OddsBody', 'BatchBody'];

/** Human descriptions of the query parameters (docs/api.md); `operationId.name` overrides `name`. */
export const PARAM_DOCS: Record<string, string> = {
  league: 'League slug, e.g. premier-league, world-cup.',
  season: 'Season: 2023-24 for leagues, 2022 for tournaments.',
  team: 'Team name; any known spelling.',
  from: 'Kickoff from: YYYY-MM-DD (UTC day) or a date-time with zone.',
  to: 'Kickoff to (inclusive): YYYY-MM-DD or a date-time with zone.',
  status: 'Match status.',
  limit: 'Page size (1–200; odds history 1–1000).',
  cursor: 'Opaque cursor from next_cursor.',
  live: 'true: tables as if the matches in play ended now.',
  search: 'Only teams whose name or a known spelling contains this (case-insensitive).',
  teams: 'Two team ids or names, comma-separated (1,2 or Arsenal,Chelsea).',
  'getTeams.limit': 'Page size (1–200, default 50).',
  'getHeadToHead.limit': 'Results and upcoming fixtures listed (1–200, default 20); the summary counts every meeting.',
  stage:
    'regular (default): regular-season matches; playoffs; all. Sports without playoffs count everything as regular.',
  match_id: 'The fixture_id of the match.',
  market: 'Only lines of this market.',
  'listWebhookDeliveries.status': 'Only deliveries in this state.',
  'listWebhookDeliveries.limit': 'Page size (1–200, default 50).',
  bookmaker: 'Only lines of this bookmaker (slug).',
  selection: 'Only this selection (home, draw, away, over, under).',
  // Operators
  sport: 'Only this sport.',
  'listOpsFixtures.league': 'Only this league (slug).',
  'listOpsFixtures.status': 'Only fixtures in this status (e.g. scheduled, in_play, finished).',
};

/** Error responses by component name: [status, description]. */
export const ERRORS = {
  BadRequest: ['400', 'A parameter or the body is malformed (code invalid_parameter / invalid_body).'],
  Unauthorized: ['401', 'The API key is missing, invalid or revoked (code unauthorized).'],
  Forbidden: ['403', "The key's plan allows no more webhook endpoints (code plan_limit_reached)."],
  NotFound: ['404', 'Unknown sport, fixture, league or odds (see code).'],
  WebhookNotFound: [
    '404',
    'No webhook endpoint with this id for this API key (code webhook_not_found), or no such delivery of it (delivery_not_found).',
  ],
  RequestTimeout: [
    '408',
    'The body did not arrive within BODY_TIMEOUT_S (default 10 s); the connection is closed (code request_timeout).',
  ],
  ContentTooLarge: [
    '413',
    'The body is larger than 16 KiB, refused at once when Content-Length declares more (code payload_too_large).',
  ],
  UnsupportedMediaType: ['415', 'The body is not application/json (code unsupported_media_type).'],
  TooManyRequests: ['429', 'Rate limited (code rate_limited); see Retry-After.'],
  InternalError: ['500', 'A server fault (code internal_error).'],
  ForbiddenRole: ['403', 'The key is a data key, not an operator key (code forbidden_role).'],
  OpsNotFound: [
    '404',
    'No competition, team or fixture with this id, or (creating a fixture) an unknown league (code not_found, fixture_not_found or league_not_found).',
  ],
  OpsContentTooLarge: ['413', 'The body is larger than 1 MiB (code payload_too_large).'],
} as const;
export type ErrorName = keyof typeof ERRORS;

/** Path parameters by name: their documentation (team_id is the same id in the feed and in /v1/ops). */
export const PATH_PARAMS: Record<string, Json> = {
  competition_id: {
    description: 'The competition id (from POST or GET /v1/ops/competitions).',
    schema: { type: 'integer', minimum: 1, maximum: 999_999_999 },
  },
  team_id: {
    description:
      'The team id: GET /v1/{sport}/teams, fixtures home_team_id / away_team_id, standings team_id (operators: POST /v1/ops/teams answers it too).',
    schema: { type: 'integer', minimum: 1, maximum: 999_999_999 },
  },
  sport: { description: 'Sport slug.', schema: { type: 'string', enum: [...SPORTS] } },
  fixture_id: { description: 'The match id.', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
  slug: { description: 'League slug (the league id), e.g. premier-league.', schema: { type: 'string' } },
  season: { description: 'Season label (2023-24, 2022, 2022-replay) or `current`.', schema: { type: 'string' } },
  player_id: { description: 'Player id (from the player tables, player_id).', schema: { type: 'integer', minimum: 1 } },
  id: {
    description: 'The webhook endpoint id (wh_…).',
    schema: { type: 'string', pattern: '^wh_[A-Za-z0-9_-]{1,40}$' },
  },
  delivery_id: {
    description: 'The delivery id (dlv_…) from the deliveries list.',
    schema: { type: 'string', pattern: '^dlv_[A-Za-z0-9_-]{1,40}$' },
  },
};
