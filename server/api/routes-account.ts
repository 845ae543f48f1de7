/**
 * Key management (/v1/keys, docs/keys.md) and the calling key's webhook endpoints (/v1/webhooks,
 * docs/webhooks.md), in the OpenAPI document's order. Production only.
 */
import { createKey, getCurrentKey, revokeCurrentKey, rotateCurrentKey } from './handlers/keys';
import {
  createWebhook,
  deleteWebhook,
  DeliveriesQuery,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  retryWebhookDelivery,
  testWebhook,
  updateWebhook,
} from './handlers/webhooks';
import { webhook, keys, type RouteSpec } from './route-spec';

export const ACCOUNT_ROUTES: RouteSpec[] = [
  // /v1/keys — key management (docs/keys.md)
  keys(
    {
      method: 'POST',
      path: '/v1/keys',
      operationId: 'createKey',
      summary: 'Create a free API key (no key needed; shown once)',
      response: 'NewApiKey',
      status: 201,
      body: 'CreateKeyBody',
      handler: createKey,
    },
    'none',
  ),
  keys(
    {
      path: '/v1/keys/current',
      operationId: 'getCurrentKey',
      summary: 'The calling key: plan, limits, last used',
      response: 'ApiKey',
      handler: getCurrentKey,
    },
    'self',
  ),
  keys(
    {
      method: 'DELETE',
      path: '/v1/keys/current',
      operationId: 'revokeCurrentKey',
      summary: 'Revoke the calling key',
      response: null,
      status: 204,
      handler: revokeCurrentKey,
    },
    'self',
  ),
  keys(
    {
      method: 'POST',
      path: '/v1/keys/current/rotate',
      operationId: 'rotateCurrentKey',
      summary: 'Replace the calling key by a new one (the old one stops working)',
      response: 'NewApiKey',
      status: 201,
      handler: rotateCurrentKey,
    },
    'self',
  ),
  // /v1/webhooks — the calling key's endpoints (docs/webhooks.md)
  webhook({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    summary: 'Register a webhook endpoint (answer includes its signing secret)',
    response: 'WebhookEndpoint',
    status: 201,
    body: 'CreateWebhookBody',
    planLimited: true,
    handler: createWebhook,
  }),
  webhook({
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    summary: "The calling key's webhook endpoints (without secrets)",
    response: 'WebhookList',
    handler: listWebhooks,
  }),
  webhook({
    path: '/v1/webhooks/{id}',
    operationId: 'getWebhook',
    summary: 'One webhook endpoint, with its signing secret',
    response: 'WebhookEndpoint',
    handler: getWebhook,
  }),
  webhook({
    method: 'PATCH',
    path: '/v1/webhooks/{id}',
    operationId: 'updateWebhook',
    summary: 'Change the URL, filters or description; disable or re-enable (status)',
    response: 'WebhookEndpoint',
    body: 'UpdateWebhookBody',
    handler: updateWebhook,
  }),
  webhook({
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint (its pending deliveries are dropped)',
    response: null,
    status: 204,
    handler: deleteWebhook,
  }),
  webhook({
    method: 'POST',
    path: '/v1/webhooks/{id}/test',
    operationId: 'testWebhook',
    summary: 'Send a signed webhook.test message now',
    response: 'WebhookQueued',
    status: 202,
    handler: testWebhook,
  }),
  webhook({
    path: '/v1/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'Deliveries, newest first, with every attempt (status code, latency, error), paged',
    query: DeliveriesQuery,
    response: 'WebhookDeliveries',
    handler: listWebhookDeliveries,
  }),
  webhook({
    method: 'POST',
    path: '/v1/webhooks/{id}/deliveries/{delivery_id}/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Deliver a message again now, with a fresh retry schedule',
    response: 'WebhookQueued',
    status: 202,
    handler: retryWebhookDelivery,
  }),
];
