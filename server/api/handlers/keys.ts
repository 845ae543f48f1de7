/**
 * Self-serve API keys (issue "Access", docs/access.md). No card, no account: a key is the account.
 *   POST   /v1/keys                 — create a free key (no auth; KEY_CREATE_PER_IP_PER_HOUR per IP)
 *   GET    /v1/keys/current         — the calling key: plan, limits, created and last-used times
 *   POST   /v1/keys/current/rotate  — replace the calling key by a new one (the old stops at once)
 *   DELETE /v1/keys/current         — revoke the calling key
 * The key is shown only in the answer that creates it; the store keeps its SHA-256.
 */
import { generateApiKey, getKeyInfo, revokeApiKey, rotateApiKey, storeApiKey, type KeyInfo } from '../../auth/keys';
import { planOf } from '../../auth/plans';
import { rateLimitHeaders } from '../../auth/viewer-limits';
import { CreateKeyBody } from '@/lib/wire/keys';
import type { Services } from '../../services';
import { handOverEndpoints } from '../../webhooks/endpoints';
import { readJsonBody } from '../body';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';

/** The public view of a key with its plan's limits (ApiKeySchema). */
function view(info: KeyInfo, services: Services) {
  const plan = planOf(info.plan);
  return {
    id: info.id,
    name: info.name,
    prefix: info.prefix,
    plan,
    role: info.role,
    limits: services.keyLimits.plans[plan],
    created_at: info.created_at,
    last_used_at: info.last_used_at,
  };
}

function keyId(ctx: Ctx): number {
  if (ctx.principal.kind !== 'key')
    throw new ApiError('unauthorized', 'Send the key to manage as "Authorization: Bearer <API_KEY>".');
  return ctx.principal.key.id;
}

/** POST /v1/keys — creates a free-plan key; 201 with NewApiKeySchema. Errors: 400/413/415 body, 429 past the per-IP creation limit. */
export async function createKey(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, CreateKeyBody);
  const limit = await ctx.services.keyLimits.consumeKeyCreation(ctx.ip);
  const headers = rateLimitHeaders(limit);
  if (!limit.allowed) {
    throw new ApiError(
      'rate_limited',
      `At most ${limit.limit} keys are created per address per hour; retry in ${limit.resetSeconds} s.`,
      { ...headers, 'retry-after': String(limit.resetSeconds) },
    );
  }
  const key = generateApiKey();
  const id = await storeApiKey(ctx.services.store.db, key, { name: body.name, plan: 'free' });
  const info = (await getKeyInfo(ctx.services.store.db, id))!;
  ctx.services.log.info({ requestId: ctx.requestId, keyId: id, ip: ctx.ip }, 'self-serve key created');
  const res = json({ ...view(info, ctx.services), key, replaces: null }, ctx, 201);
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  res.headers.set('location', '/v1/keys/current');
  return res;
}

/** GET /v1/keys/current — the calling key (ApiKeySchema). */
export async function getCurrentKey(_req: Request, ctx: Ctx): Promise<Response> {
  await ctx.services.keys.settled(keyId(ctx));
  const info = await getKeyInfo(ctx.services.store.db, keyId(ctx));
  if (!info) throw new ApiError('unauthorized', 'The API key is invalid or revoked.');
  return json(view(info, ctx.services), ctx);
}

/** POST /v1/keys/current/rotate — a new key with the same name and plan; the calling key is revoked (201, NewApiKeySchema). */
export async function rotateCurrentKey(_req: Request, ctx: Ctx): Promise<Response> {
  const old = keyId(ctx);
  const rotated = await rotateApiKey(ctx.services.store.db, old);
  if (!rotated) throw new ApiError('unauthorized', 'The API key is invalid or revoked.');
  ctx.services.keys.forget();
  await handOverEndpoints(ctx.services.store.db, old, rotated.id); // webhooks follow the key
  const info = (await getKeyInfo(ctx.services.store.db, rotated.id))!;
  ctx.services.log.info({ requestId: ctx.requestId, keyId: rotated.id, replaces: old }, 'key rotated');
  const res = json({ ...view(info, ctx.services), key: rotated.key, replaces: old }, ctx, 201);
  res.headers.set('location', '/v1/keys/current');
  return res;
}

/** DELETE /v1/keys/current — revokes the calling key; 204. */
export async function revokeCurrentKey(_req: Request, ctx: Ctx): Promise<Response> {
  const id = keyId(ctx);
  await revokeApiKey(ctx.services.store.db, id);
  ctx.services.keys.forget();
  await handOverEndpoints(ctx.services.store.db, id, null); // its webhooks stop
  ctx.services.log.info({ requestId: ctx.requestId, keyId: id }, 'key revoked by its holder');
  return new Response(null, { status: 204, headers: { 'x-request-id': ctx.requestId, 'cache-control': 'no-store' } });
}
