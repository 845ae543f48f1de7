/**
 * Operator reference data (docs/operators.md "Reference data"), operator keys only:
 *   POST  /v1/ops/competitions        — create or rename (upsert by sport + league + season)
 *   GET   /v1/ops/competitions        — list (?sport=)
 *   PATCH /v1/ops/competitions/{id}   — rename
 *   POST  /v1/ops/teams               — find or create
 *   PATCH /v1/ops/teams/{id}          — rename
 *   POST  /v1/ops/fixtures            — create (idempotent by external_id)
 *   GET   /v1/ops/fixtures            — list (?sport=&league=&status=)
 *   PATCH /v1/ops/fixtures/{id}       — reschedule / relabel
 * Every write goes through FeedEngine.write (the single writer).
 */
import { z } from 'zod';
import { CompetitionBody, CompetitionPatch, FixtureBody, FixturePatch, TeamBody, TeamPatch } from '@/lib/wire/ops';
import { SPORTS } from '@/lib/sports';
import {
  createFixture,
  listCompetitions,
  listFixtures,
  OpsNotFoundError,
  patchFixture,
  renameCompetition,
  renameTeam,
  upsertCompetition,
  upsertTeam,
} from '../../engine/operator-reference';
import { INT32_MAX } from '@/lib/wire/bounds';
import { MAX_OPS_BODY_BYTES, readJsonBody } from '../body';
import { json, parseQuery, type Ctx } from '../handler';
import { ApiError } from '../problem';

/** The numeric `{id}` path parameter. Errors: ApiError invalid_parameter. */
export function idParam(ctx: Ctx): number {
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT32_MAX)
    throw new ApiError('invalid_parameter', `id: "${ctx.params.id}" is not a positive integer up to ${INT32_MAX}.`);
  return id;
}

/** Maps the operator store's not-found errors to their problem codes; rethrows anything else. */
export function asApiError(e: unknown): never {
  if (e instanceof OpsNotFoundError)
    throw new ApiError(
      e.what === 'league' ? 'league_not_found' : e.what === 'fixture' ? 'fixture_not_found' : 'not_found',
      e.message,
    );
  if ((e as { code?: string })?.code === '23505')
    throw new ApiError('invalid_body', 'name: another team of this sport already has this name.');
  throw e;
}

/** GET /v1/ops/competitions query. */
export const ListCompetitionsQuery = z.object({ sport: z.enum(SPORTS).optional() }).strict();
/** GET /v1/ops/fixtures query. */
export const ListFixturesQuery = z
  .object({
    sport: z.enum(SPORTS).optional(),
    league: z.string().max(64).optional(),
    status: z.string().max(32).optional(),
  })
  .strict();

/** POST /v1/ops/competitions — 201 when created, 200 when it existed (renamed to `name`). */
export async function postCompetition(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, CompetitionBody);
  const r = await ctx.services.engine.write((tx) => upsertCompetition(tx, body));
  return json(r.competition, ctx, r.created ? 201 : 200);
}

/** GET /v1/ops/competitions — `{data: [competition]}`, newest first. */
export async function getCompetitions(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, ListCompetitionsQuery);
  return json({ data: await listCompetitions(ctx.services.store.db, q.sport ?? null) }, ctx);
}

/** PATCH /v1/ops/competitions/{id} — rename. Errors: 404 league_not_found. */
export async function patchCompetition(req: Request, ctx: Ctx): Promise<Response> {
  const id = idParam(ctx);
  const body = await readJsonBody(req, CompetitionPatch);
  return json(await ctx.services.engine.write((tx) => renameCompetition(tx, id, body.name)).catch(asApiError), ctx);
}

/** POST /v1/ops/teams — 201 when created, 200 when the name (or a known spelling) existed. */
export async function postTeam(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, TeamBody);
  const r = await ctx.services.engine.write((tx) => upsertTeam(tx, body.sport, body.name));
  return json(r.team, ctx, r.created ? 201 : 200);
}

/** PATCH /v1/ops/teams/{id} — rename. Errors: 404 not_found, 400 when the name is taken. */
export async function patchTeam(req: Request, ctx: Ctx): Promise<Response> {
  const id = idParam(ctx);
  const body = await readJsonBody(req, TeamPatch);
  return json(await ctx.services.engine.write((tx) => renameTeam(tx, id, body.name)).catch(asApiError), ctx);
}

/** POST /v1/ops/fixtures — 201 with the fixture, 200 when `external_id` named an existing one. Errors: 404 league_not_found. */
export async function postFixture(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, FixtureBody, MAX_OPS_BODY_BYTES);
  const r = await ctx.services.engine.write((tx) => createFixture(tx, body)).catch(asApiError);
  const [fixture] = await listFixtures(ctx.services.store.db, { ids: [r.id] });
  return json(fixture, ctx, r.created ? 201 : 200);
}

/** GET /v1/ops/fixtures — `{data: [fixture]}`, newest kickoff first, at most 200. */
export async function getOpsFixtures(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, ListFixturesQuery);
  return json({ data: await listFixtures(ctx.services.store.db, q) }, ctx);
}

/** PATCH /v1/ops/fixtures/{id} — kickoff, round, group, venue. Errors: 404 fixture_not_found. */
export async function patchOpsFixture(req: Request, ctx: Ctx): Promise<Response> {
  const id = idParam(ctx);
  const body = await readJsonBody(req, FixturePatch);
  await ctx.services.engine
    .write(
      (tx) => patchFixture(tx, id, body),
      (fid) => [fid],
    )
    .catch(asApiError);
  const [fixture] = await listFixtures(ctx.services.store.db, { ids: [id] });
  return json(fixture, ctx);
}
