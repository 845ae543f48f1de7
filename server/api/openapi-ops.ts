/**
 * The operator part of the OpenAPI document (server/api/openapi-document.ts): the /v1/ops
 * operations (docs/operators.md, tag Operators, operator key only, production only), their
 * response and request body components and their error responses. Shapes come from
 * lib/wire/ops.ts and lib/wire/ops-health.ts; where a body takes `z.unknown()` items (validated
 * one by one, so a bad item is rejected alone) a documentation-only schema names the item shape.
 */
import { z } from 'zod';
import * as O from '@/lib/wire/ops';
import { FeedHealthSchema } from '@/lib/wire/ops-health';
import type { OperationSpec } from './openapi-document';
import { ListCompetitionsQuery, ListFixturesQuery } from './handlers/ops-reference';

/** Response bodies of the operator operations, by component name. */
export const OPS_RESPONSE_SCHEMAS = {
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
 * Request body components (and the item shapes they reference), emitted as the shapes a client
 * sends (zod `io: 'input'`: defaulted fields optional, times as date-time strings).
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

/** Request body components: whether the body is required (all of them). */
export const OPS_BODIES = {
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

/** Bodies read with the 1 MiB cap (MAX_OPS_BODY_BYTES); the others have the 16 KiB one. */
const LARGE_BODIES: readonly string[] = ['FixtureBody', 'EventsBody', 'OddsBody', 'BatchBody'];

/** Path parameters of the operator paths. */
export const OPS_PATH_PARAMS: Record<string, Record<string, unknown>> = {
  competition_id: { description: 'The competition id (from POST or GET /v1/ops/competitions).', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
  team_id: { description: 'The team id (from POST /v1/ops/teams).', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
};

/** Query parameter descriptions (PARAM_DOCS) only the operator operations have. */
export const OPS_PARAM_DOCS: Record<string, string> = {
  sport: 'Only this sport.',
  'listOpsFixtures.league': 'Only this league (slug).',
  'listOpsFixtures.status': 'Only fixtures in this status (e.g. scheduled, in_play, finished).',
};

/**
 * The query objects of GET /v1/ops/competitions and GET /v1/ops/fixtures: copies of the handler's
 * (server/api/handlers/ops-reference.ts does not export them; keep them in step).
 */

/** Error responses only the operator operations have: [status, description]. */
export const OPS_ERRORS = {
  ForbiddenRole: ['403', 'The key is a data key, not an operator key (code forbidden_role).'],
  OpsNotFound: ['404', 'No competition, team or fixture with this id, or (creating a fixture) an unknown league (code not_found, fixture_not_found or league_not_found).'],
  OpsContentTooLarge: ['413', 'The body is larger than 1 MiB (code payload_too_large).'],
} as const;
type OpsErrorName = keyof typeof OPS_ERRORS | 'BadRequest' | 'Unauthorized' | 'RequestTimeout' | 'ContentTooLarge' | 'UnsupportedMediaType' | 'TooManyRequests' | 'InternalError';

/** The error responses of an operator operation. */
export function opsErrorsOf(op: OperationSpec): OpsErrorName[] {
  const names: OpsErrorName[] = [];
  if (op.body || op.query || op.path.includes('{')) names.push('BadRequest');
  names.push('Unauthorized', 'ForbiddenRole');
  if (op.notFound) names.push('OpsNotFound');
  if (op.body) names.push('RequestTimeout', LARGE_BODIES.includes(op.body) ? 'OpsContentTooLarge' : 'ContentTooLarge', 'UnsupportedMediaType');
  return [...names, 'TooManyRequests', 'InternalError'];
}

const CREATED = '201 when created, 200 (same body) when it already existed';
const SINGLE = '201 when stored; 200 for a duplicate, or for one the rules refuse: status rejected with the reason';

/** The /v1/ops operations (server/api/router.ts ROUTES), in the router's order. */
export const OPS_OPERATIONS: OperationSpec[] = operatorOps([
  { path: '/v1/ops/health', operationId: 'getFeedHealth', summary: "Feed health: each source's last event, rate and lag, silent live matches, WebSocket, webhook, API and store figures, adapters (docs/operations.md)", response: 'FeedHealth' },
  { method: 'post', path: '/v1/ops/competitions', operationId: 'createCompetition', summary: `Create a competition, or rename the one with this sport, league and season (${CREATED})`, response: 'OpsCompetition', status: 201, body: 'CompetitionBody' },
  { path: '/v1/ops/competitions', operationId: 'listCompetitions', summary: 'Competitions, newest first', query: ListCompetitionsQuery, response: 'OpsCompetitionList' },
  { method: 'patch', path: '/v1/ops/competitions/{competition_id}', operationId: 'renameCompetition', summary: 'Rename a competition', response: 'OpsCompetition', body: 'CompetitionPatch', notFound: true },
  { method: 'post', path: '/v1/ops/teams', operationId: 'createTeam', summary: `Find or create a team by sport and name (any known spelling; ${CREATED})`, response: 'OpsTeam', status: 201, body: 'TeamBody' },
  { method: 'patch', path: '/v1/ops/teams/{team_id}', operationId: 'renameTeam', summary: 'Rename a team (400 invalid_body when another team of the sport has the name)', response: 'OpsTeam', body: 'TeamPatch', notFound: true },
  { method: 'post', path: '/v1/ops/fixtures', operationId: 'createFixture', summary: `Create a fixture; its teams are created when new (201 when created, 200 when external_id names an existing one)`, response: 'OpsFixture', status: 201, body: 'FixtureBody', notFound: true },
  { path: '/v1/ops/fixtures', operationId: 'listOpsFixtures', summary: 'Fixtures, newest kickoff first, at most 200', query: ListFixturesQuery, response: 'OpsFixtureList' },
  { path: '/v1/ops/fixtures/{fixture_id}', operationId: 'getOpsFixture', summary: 'One fixture, its live match (spec 2.1) and its whole stored log with source, retracted and amended flags', response: 'OpsFixtureDetail', notFound: true },
  { method: 'patch', path: '/v1/ops/fixtures/{fixture_id}', operationId: 'patchOpsFixture', summary: 'Reschedule or relabel a fixture: kickoff, round, group, venue (status changes are events)', response: 'OpsFixture', body: 'FixturePatch', notFound: true },
  { method: 'post', path: '/v1/ops/fixtures/{fixture_id}/status', operationId: 'postStatus', summary: `Change a fixture's status (postponed, suspended, abandoned, resumed…) with a status event (${SINGLE})`, response: 'ItemResult', status: 201, body: 'StatusBody' },
  { method: 'post', path: '/v1/ops/events', operationId: 'postEvents', summary: 'Push 1–1000 match events: one result per event, in order (stored, duplicate by event_id, or rejected with the reason; the others are still stored)', response: 'IngestResult', body: 'EventsBody' },
  { method: 'post', path: '/v1/ops/corrections', operationId: 'postCorrection', summary: `Amend or retract an earlier event of the fixture (${SINGLE})`, response: 'ItemResult', status: 201, body: 'CorrectionBody' },
  { method: 'post', path: '/v1/ops/odds', operationId: 'postOdds', summary: 'Push 1–1000 odds ticks (decimal or any format docs/odds.md reads): one result per tick, in order', response: 'IngestResult', body: 'OddsBody' },
  { method: 'post', path: '/v1/ops/batch', operationId: 'postBatch', summary: 'Push 1–1000 mixed items (event, correction, status, odds), applied in order: one result per item', response: 'IngestResult', body: 'BatchBody' },
]);

/** Operator operations: tag Operators, operator key, production only, no query unless given. */
function operatorOps(ops: (Omit<OperationSpec, 'tag' | 'query' | 'security' | 'productionOnly'> & { query?: z.ZodObject })[]): OperationSpec[] {
  return ops.map((o) => ({ ...o, query: o.query ?? null, tag: 'Operators', security: 'operator', productionOnly: true }));
}
