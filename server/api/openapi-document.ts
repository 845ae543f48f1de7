/**
 * The OpenAPI 3.1 document of the /v1 REST API, generated from the route declarations
 * (server/api/routes.ts: path, method, query object, body and response components of each route)
 * and the zod schemas they name (server/api/openapi-components.ts, from lib/wire), with zod 4's
 * own JSON Schema (draft 2020-12) output; under `webhooks` the signed messages Scoreline POSTs to
 * endpoints. Served at GET /v1/openapi.json (server/api/handlers/openapi.ts) and rendered at /docs/api.
 */
import { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import {
  BODIES,
  ERRORS,
  LARGE_BODIES,
  LIVE_STATE_FIELD,
  LIVE_STATE_SCHEMAS,
  SPORT_ROW_FIELD,
  STANDINGS_ROW_SCHEMAS,
  OPS_REQUEST_SCHEMAS,
  PARAM_DOCS,
  PATH_PARAMS,
  RESPONSE_SCHEMAS,
  SHARED,
  type ErrorName,
} from './openapi-components';
import { API_ROUTES, TAGS, type Route } from './routes';

export { RESPONSE_SCHEMAS, type ResponseName } from './openapi-components';

/** One operation of the document: a declared route (server/api/routes.ts). */
type OperationSpec = Route;

/** The error responses an operation documents. */
function errorsOf(op: OperationSpec): ErrorName[] {
  const names: ErrorName[] = [];
  if (op.tag === 'Operators') {
    if (op.body || op.query || op.path.includes('{')) names.push('BadRequest');
    names.push('Unauthorized', 'ForbiddenRole');
    if (op.notFound) names.push('OpsNotFound');
    if (op.body)
      names.push(
        'RequestTimeout',
        LARGE_BODIES.includes(op.body) ? 'OpsContentTooLarge' : 'ContentTooLarge',
        'UnsupportedMediaType',
      );
    return [...names, 'TooManyRequests', 'InternalError'];
  }
  if (op.tag !== 'Keys' && op.tag !== 'Webhooks')
    return ['BadRequest', 'Unauthorized', 'NotFound', 'TooManyRequests', 'InternalError'];
  if (op.body || op.query) names.push('BadRequest');
  if (op.auth !== 'none') names.push('Unauthorized');
  if (op.planLimited) names.push('Forbidden');
  if (op.path.includes('{id}')) names.push('WebhookNotFound');
  if (op.body) names.push('RequestTimeout', 'ContentTooLarge', 'UnsupportedMediaType');
  return [...names, 'TooManyRequests', 'InternalError'];
}

type Json = Record<string, unknown>;

/**
 * Drops zod's noise from each node: safe-integer bounds and `additionalProperties: false` (/v1 may
 * add fields). A live match's `state` (an open object on the handlers' side) is documented as its
 * sport's state component or null; another sport's standings row as its sport's row component
 * (lib/wire/standings.ts) or the open row.
 */
function tidy(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const s = ctx.jsonSchema;
  if (ctx.zodSchema === LIVE_STATE_FIELD) {
    s.anyOf = [
      ...Object.keys(LIVE_STATE_SCHEMAS).map((id) => ({ $ref: `#/components/schemas/${id}` })),
      { type: 'null' },
    ];
    s.description = `${String(s.description)}. One of the sports' state components (${Object.keys(LIVE_STATE_SCHEMAS).join(', ')}), or null.`;
  }
  if (ctx.zodSchema === SPORT_ROW_FIELD) {
    const { description, ...open } = s;
    for (const k of Object.keys(s)) delete s[k];
    Object.assign(s, {
      description,
      anyOf: [...Object.keys(STANDINGS_ROW_SCHEMAS).map((id) => ({ $ref: `#/components/schemas/${id}` })), open],
    });
  }
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  if (s.additionalProperties === false) delete s.additionalProperties;
}

/** JSON Schema (2020-12) of every component, cross-referenced with `#/components/schemas/<name>`. */
export function componentSchemas(): Record<string, Json> {
  // The operator request bodies are emitted as sent (io: input): defaulted fields optional, times as strings before their transform.
  return { ...emit({ ...SHARED, ...RESPONSE_SCHEMAS }, 'output'), ...emit(OPS_REQUEST_SCHEMAS, 'input') };
}

const emit = (named: Record<string, z.ZodType>, io: 'input' | 'output') =>
  emitComponents(named, io, 'draft-2020-12', tidy);

/**
 * JSON Schema of each named zod schema, cross-referenced with `#/components/schemas/<name>`
 * (OpenAPI here; the AsyncAPI document, server/api/asyncapi-document.ts, with draft-07).
 * `override` adjusts each node (zod's toJSONSchema override).
 */
export function emitComponents(
  named: Record<string, z.ZodType>,
  io: 'input' | 'output',
  target: 'draft-2020-12' | 'draft-07',
  override: (ctx: { zodSchema: unknown; jsonSchema: Json }) => void,
): Record<string, Json> {
  const reg = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(named)) reg.add(s, { id });
  const out = z.toJSONSchema(reg, {
    target,
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override,
  }) as { schemas: Record<string, Json> };
  for (const s of Object.values(out.schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return out.schemas;
}

/** OpenAPI parameters of one operation: its path parameters, then the handler's query fields. */
function parameters(op: OperationSpec): Json[] {
  const ps: Json[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    ...PATH_PARAMS[name],
  }));
  for (const [name, s] of Object.entries(op.query?.shape ?? {})) {
    const schema = z.toJSONSchema(s as z.ZodType, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
      override: tidy,
    }) as Json;
    delete schema.$schema;
    ps.push({
      name,
      in: 'query',
      required: !(s as z.ZodType).safeParse(undefined).success,
      description: PARAM_DOCS[`${op.operationId}.${name}`] ?? PARAM_DOCS[name] ?? name,
      schema,
    });
  }
  return ps;
}

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content' };
const SANDBOX_LACKS: Partial<Record<OperationSpec['tag'], string>> = {
  Keys: 'does not manage keys',
  Webhooks: 'has no webhooks',
  Operators: 'has no operator API',
};

/** Response headers of a cached read (docs/api.md, "Caching and conditional requests"). */
const CACHE_HEADERS: Json = {
  ETag: {
    description: 'Weak validator of this representation (the same JSON in any coding); send it back in If-None-Match.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      '`private, no-cache` (revalidate every use), or `private, max-age=3600` for a finished season; `public` in the sandbox.',
    schema: { type: 'string' },
  },
  Vary: {
    description: '`Accept-Encoding`: the body is br or gzip when asked for (Content-Encoding).',
    schema: { type: 'string' },
  },
};
const IF_NONE_MATCH: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    'An ETag from an earlier answer: 304 Not Modified (no body) while it is current. Still authenticated and counted against the rate limits.',
  schema: { type: 'string' },
};
const NOT_MODIFIED: Json = {
  description: 'Not Modified: the ETag sent in If-None-Match is current.',
  headers: { ETag: CACHE_HEADERS.ETag, 'Cache-Control': CACHE_HEADERS['Cache-Control'] },
};

function operation(op: OperationSpec): Json {
  const errors = Object.fromEntries(
    errorsOf(op).map((name) => [ERRORS[name][0], { $ref: `#/components/responses/${name}` }]),
  );
  const status = String(op.status ?? 200);
  const success = op.response
    ? {
        description: SUCCESS[status],
        ...(op.cache ? { headers: CACHE_HEADERS } : {}),
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.response}` } } },
      }
    : { description: SUCCESS[status] };
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    security: op.auth === 'none' ? [] : [op.auth === 'operator' ? { operatorAuth: [] } : { bearerAuth: [] }],
    ...(!op.sandbox
      ? {
          servers: [
            {
              url: '/',
              description: `Production only: the sandbox ${SANDBOX_LACKS[op.tag] ?? 'does not serve this'}.`,
            },
          ],
        }
      : {}),
    parameters: op.cache ? [...parameters(op), IF_NONE_MATCH] : parameters(op),
    ...(op.body
      ? {
          requestBody: {
            required: BODIES[op.body],
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.body}` } } },
          },
        }
      : {}),
    responses: { [status]: success, ...(op.cache ? { '304': NOT_MODIFIED } : {}), ...errors },
  };
}

const DESCRIPTION = `Live sports data. Send \`Authorization: Bearer <API_KEY>\` (get a free key at /keys or with POST /v1/keys). The sandbox serves the same read endpoints with no key under /sandbox/v1 (second server below): sample data, a looping replay, every body marked \`"sandbox": true\`. Errors are RFC 9457 \`application/problem+json\` with a stable \`code\` (see /docs/errors). Timestamps are ISO 8601 UTC with Z.

Versioning: /v1 is stable. Fields are only added, never renamed or removed, so clients must ignore fields they do not know. A breaking change gets a new prefix (/v2), served beside /v1. This document is served without a key at /v1/openapi.json; the JSON Schemas of the WebSocket protocol (/v1/ws) likewise at /v1/schemas/ws.json, and the AsyncAPI 3.0 document of the WebSocket and the webhooks at /v1/asyncapi.json.

Operators (production only): the /v1/ops endpoints (tag Operators) feed the service and take an operator key (\`slo_…\`, operatorAuth), never an API key; an operator key cannot read the feed and an API key cannot feed it (403 \`forbidden_role\`); see docs/operators.md.

Webhooks (production only, API key only): register an endpoint with POST /v1/webhooks and Scoreline POSTs the messages listed under \`webhooks\` to it, signed per Standard Webhooks (https://www.standardwebhooks.com) with the endpoint's secret.`;

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The three Standard Webhooks headers of every message (header parameters of each `webhooks` entry). */
const SIGNATURE_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Message id: the same on every attempt of the message; use it to drop duplicates.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was signed; reject values far from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the endpoint secret after `whsec_`.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

/** The signed messages POSTed to webhook endpoints: `webhooks` key, operationId, body component, summary. */
const MESSAGES: [string, string, string, string][] = [
  [
    'match.event',
    'matchEventMessage',
    'WebhookMatchEvent',
    'A match event; `type` is `match.<event type>` (match.goal, match.red_card, …), with the event and the match after it.',
  ],
  ['odds.updated', 'oddsUpdatedMessage', 'WebhookOddsUpdated', 'New odds ticks of one match.'],
  [
    'win_probability.updated',
    'winProbabilityUpdatedMessage',
    'WebhookWinProbabilityUpdated',
    "Scoreline's win probability after an event that changed it (opt-in: not sent to `*`); the new last point of GET /v1/{sport}/matches/{fixture_id}/win-probability.",
  ],
  [
    'webhook.test',
    'webhookTestMessage',
    'WebhookTestMessage',
    'Sent by POST /v1/webhooks/{id}/test: the endpoint is reachable and can verify signatures.',
  ],
];

/** The OpenAPI 3.1 `webhooks` object: one POST per message type, with the signature headers and the envelope (no security scheme: the signature authenticates it). */
function webhookMessages(): Record<string, Json> {
  const responses = {
    '2XX': {
      description: 'Received: any 2xx acknowledges the delivery (answer within WEBHOOK_TIMEOUT_MS, default 10 s).',
    },
    '410': { description: 'Gone: the endpoint is disabled at once and gets no further deliveries.' },
    default: {
      description:
        'Anything else, a redirect or no answer is retried (0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, ±20 %; a longer Retry-After wins); an endpoint failing for 5 days is disabled.',
    },
  };
  return Object.fromEntries(
    MESSAGES.map(([name, operationId, schema, summary]) => [
      name,
      {
        post: {
          operationId,
          summary,
          tags: ['Webhooks'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
          },
          responses,
        },
      },
    ]),
  );
}

/** Builds the OpenAPI 3.1 document of the /v1 REST API (pure; the same object on every call). */
export function buildOpenApi(): Json & {
  paths: Record<string, Partial<Record<Method, Json>>>;
  components: { schemas: Record<string, Json>; [k: string]: unknown };
} {
  const paths: Record<string, Partial<Record<Method, Json>>> = {};
  for (const op of API_ROUTES) (paths[op.path] ??= {})[op.method.toLowerCase() as Method] = operation(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scoreline API',
      version: pkg.version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      { url: '/', description: 'This server (API key)' },
      { url: '/sandbox', description: 'Sandbox: no key, sample data, read endpoints only' },
    ],
    tags: [...new Set(API_ROUTES.map((o) => o.tag))].map((name) => ({ name, description: TAGS[name] })),
    paths,
    webhooks: webhookMessages(),
    components: {
      schemas: componentSchemas(),
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([name, [, description]]) => [
          name,
          {
            description,
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        ]),
      ),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (scripts/cli.ts keys create).' },
        operatorAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An operator key (slo_…): `npm run cli -- keys create --operator`, or OPERATOR_API_KEY. Only for /v1/ops (docs/operators.md).',
        },
      },
    },
  };
}
