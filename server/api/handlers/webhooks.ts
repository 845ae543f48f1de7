/**
 * Webhook registration and delivery log (issue "Delivery", docs/webhooks.md). Each endpoint
 * belongs to the API key that created it; another key gets 404 for it.
 *   POST   /v1/webhooks                                   — register {url, events, sports, leagues}; 201 with the signing secret
 *   GET    /v1/webhooks                                   — the key's endpoints
 *   GET    /v1/webhooks/{id}                              — one endpoint, with its secret
 *   PATCH  /v1/webhooks/{id}                              — change url / filters / description, disable or re-enable
 *   DELETE /v1/webhooks/{id}                              — delete (pending deliveries are dropped)
 *   POST   /v1/webhooks/{id}/test                         — queue a signed `webhook.test` message (202)
 *   GET    /v1/webhooks/{id}/deliveries                   — deliveries with every attempt's status code and latency
 *   POST   /v1/webhooks/{id}/deliveries/{delivery_id}/retry — deliver again now (202)
 */
import { z } from 'zod';
import { CreateWebhookBody, UpdateWebhookBody } from '@/lib/wire/webhooks';
import { planOf } from '../../auth/plans';
import type { Services } from '../../services';
import type { SecretBox } from '../../webhooks/secret-key';
import {
  createEndpoint,
  countEndpoints,
  decodeCursor,
  deleteEndpoint,
  endpointView,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  queueTest,
  retryDelivery,
  updateEndpoint,
} from '../../webhooks/endpoints';
import { feedHead } from '../../store/queries/feed-log';
import { validateWebhookUrl } from '../../webhooks/ssrf';
import { readJsonBody } from '../body';
import { json, parseQuery, type Ctx } from '../handler';
import { ApiError } from '../problem';

function keyId(ctx: Ctx): number {
  if (ctx.principal.kind !== 'key')
    throw new ApiError('unauthorized', 'Webhooks belong to an API key: send "Authorization: Bearer <API_KEY>".');
  return ctx.principal.key.id;
}

/** Refuses URLs that are malformed or resolve to addresses the operator has not allowed (SSRF guard). Errors: ApiError invalid_body. */
async function checkUrl(url: string, services: Services): Promise<void> {
  const c = services.config;
  const r = await validateWebhookUrl(url, {
    allowLoopback: c.WEBHOOK_ALLOW_LOOPBACK === 'on',
    allowPrivate: c.WEBHOOK_ALLOW_PRIVATE === 'on',
  });
  if (!r.ok) throw new ApiError('invalid_body', `url: ${r.reason}`);
}

async function own(ctx: Ctx) {
  const ep = await getEndpoint(ctx.services.store.db, keyId(ctx), ctx.params.id);
  if (!ep) throw new ApiError('webhook_not_found', `No webhook endpoint ${ctx.params.id} for this API key.`);
  return ep;
}

/** The server's webhook secret box. Errors: ApiError unavailable when the server has none (never in production). */
function secretsOf(ctx: Ctx): SecretBox {
  if (!ctx.services.secrets) throw new ApiError('unavailable', 'Webhooks are not available on this server.');
  return ctx.services.secrets;
}

const noContent = (ctx: Ctx) =>
  new Response(null, { status: 204, headers: { 'x-request-id': ctx.requestId, 'cache-control': 'no-store' } });

/** POST /v1/webhooks — 201 WebhookEndpointSchema with `secret`. Errors: 400 body/url, 403 plan_limit_reached. */
export async function createWebhook(req: Request, ctx: Ctx): Promise<Response> {
  const id = keyId(ctx);
  const body = await readJsonBody(req, CreateWebhookBody);
  await checkUrl(body.url, ctx.services);
  const db = ctx.services.store.db;
  const plan = ctx.principal.kind === 'key' ? planOf(ctx.principal.key.plan) : 'free';
  const cap = ctx.services.keyLimits.plans[plan].webhook_endpoints;
  if ((await countEndpoints(db, id)) >= cap)
    throw new ApiError(
      'plan_limit_reached',
      `The ${plan} plan allows ${cap} webhook endpoint${cap === 1 ? '' : 's'} per key; delete one first.`,
    );
  const row = await createEndpoint(db, id, body, await feedHead(ctx.services.store.db), secretsOf(ctx));
  ctx.services.log.info({ requestId: ctx.requestId, keyId: id, webhook: row.id }, 'webhook endpoint registered');
  const res = json(endpointView(row, secretsOf(ctx)), ctx, 201);
  res.headers.set('location', `/v1/webhooks/${row.id}`);
  return res;
}

/** GET /v1/webhooks — WebhookListSchema (no secrets). */
export async function listWebhooks(_req: Request, ctx: Ctx): Promise<Response> {
  const rows = await listEndpoints(ctx.services.store.db, keyId(ctx));
  return json({ data: rows.map((r) => endpointView(r, null)) }, ctx);
}

/** GET /v1/webhooks/{id} — WebhookEndpointSchema with `secret`. Errors: 404 webhook_not_found. */
export async function getWebhook(_req: Request, ctx: Ctx): Promise<Response> {
  return json(endpointView(await own(ctx), secretsOf(ctx)), ctx);
}

/** PATCH /v1/webhooks/{id} — the updated endpoint. Errors: 400 body/url, 404. */
export async function updateWebhook(req: Request, ctx: Ctx): Promise<Response> {
  const body = await readJsonBody(req, UpdateWebhookBody);
  if (body.url !== undefined) await checkUrl(body.url, ctx.services);
  const row = await updateEndpoint(ctx.services.store.db, keyId(ctx), ctx.params.id, body);
  if (!row) throw new ApiError('webhook_not_found', `No webhook endpoint ${ctx.params.id} for this API key.`);
  ctx.services.webhooks?.kick();
  return json(endpointView(row, null), ctx);
}

/** DELETE /v1/webhooks/{id} — 204. Errors: 404. */
export async function deleteWebhook(_req: Request, ctx: Ctx): Promise<Response> {
  if (!(await deleteEndpoint(ctx.services.store.db, keyId(ctx), ctx.params.id)))
    throw new ApiError('webhook_not_found', `No webhook endpoint ${ctx.params.id} for this API key.`);
  return noContent(ctx);
}

/** POST /v1/webhooks/{id}/test — 202 WebhookQueuedSchema; the signed test message is attempted at once. */
export async function testWebhook(_req: Request, ctx: Ctx): Promise<Response> {
  const ep = await own(ctx);
  const queued = await queueTest(ctx.services.store.db, ep.id, ep.status === 'enabled');
  ctx.services.webhooks?.kick();
  return json(queued, ctx, 202);
}

/** Query of GET /v1/webhooks/{id}/deliveries (also documents it in the OpenAPI document). */
export const DeliveriesQuery = z.object({
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

/** GET /v1/webhooks/{id}/deliveries — WebhookDeliveriesSchema, newest first. Errors: 400 parameters, 404. */
export async function listWebhookDeliveries(_req: Request, ctx: Ctx): Promise<Response> {
  const ep = await own(ctx);
  const q = parseQuery(ctx.url, DeliveriesQuery);
  let cursor: [string, string] | undefined;
  try {
    cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  } catch {
    throw new ApiError('invalid_parameter', 'cursor: not a cursor this endpoint issued');
  }
  return json(await listDeliveries(ctx.services.store.db, ep.id, { status: q.status, limit: q.limit, cursor }), ctx);
}

/** POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry — 202; the delivery is attempted again now. Errors: 404. */
export async function retryWebhookDelivery(_req: Request, ctx: Ctx): Promise<Response> {
  const ep = await own(ctx);
  const queued = await retryDelivery(ctx.services.store.db, ep.id, ctx.params.delivery_id, ep.status === 'enabled');
  if (!queued)
    throw new ApiError('delivery_not_found', `Webhook endpoint ${ep.id} has no delivery ${ctx.params.delivery_id}.`);
  ctx.services.webhooks?.kick();
  return json(queued, ctx, 202);
}
