/**
 * The AsyncAPI 3.0 document of Scoreline's push interfaces, generated — never hand-kept — from the
 * zod schemas the server validates with:
 *
 * - the WebSocket at /v1/ws (docs/websocket.md): every client and server message of
 *   lib/wire/ws.ts (ClientMessageSchema, ServerMessageSchema), one channel per sport and channel
 *   kind (WS_CHANNEL_KINDS), the close codes (WS_CLOSE_CODES), resume;
 * - the webhooks (docs/webhooks.md): one message per event type — `match.<event type>` for every
 *   event type of every sport's rules (lib/match/registry.ts) and each other envelope of
 *   lib/wire/webhooks.ts WebhookEnvelopeSchema — with the Standard Webhooks headers and signature.
 *
 * A message or envelope added to those unions, or a channel kind added to WS_CHANNEL_KINDS, is in
 * the document without touching this file. Served at GET /v1/asyncapi.json (and the sandbox's
 * /sandbox/v1/asyncapi.json); validated with @asyncapi/parser in server/api/asyncapi-document.test.ts.
 * Payload schemas are JSON Schema draft-07 (AsyncAPI's default schema format) from z.toJSONSchema.
 */
import type { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { emitComponents } from './openapi-document';
import { CORRECTION_TYPE } from '@/lib/match/corrections';
import { rulesFor } from '@/lib/match/registry';
import { SPORTS } from '@/lib/sports';
import { LiveMatchSchema, MatchEventSchema, OddsTickSchema } from '@/lib/wire/schemas';
import { WebhookEnvelopeSchema } from '@/lib/wire/webhooks';
import {
  ClientMessageSchema,
  SubscriptionSchema,
  ServerMessageSchema,
  WS_CHANNEL_KINDS,
  WS_CLOSE_CODES,
  WS_MAX_CLIENT_MESSAGE_BYTES,
  WS_PROTOCOL,
} from '@/lib/wire/ws';

type Json = Record<string, unknown>;

const ref = (path: string): Json => ({ $ref: path });
/** `update` → `Update`, `odds.updated` → `OddsUpdated`, `red_card` → `RedCard`. */
const pascal = (s: string): string =>
  s
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
/** An AsyncAPI identifier (channel, operation and message keys: `^[A-Za-z0-9_-]+$`). */
const ident = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '_');

/** The `type` literal of one member of a message union (optional for subscribe); null when `type` is not a literal. */
function typeLiteral(schema: z.ZodType): string | null {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  let t = shape?.type as unknown as { unwrap?: () => unknown; value?: unknown; def?: { type: string } } | undefined;
  if (t?.def?.type === 'optional') t = t.unwrap?.() as typeof t;
  return typeof t?.value === 'string' ? t.value : null;
}

/** The members of a zod union (plain or discriminated). */
const membersOf = (u: z.ZodType): z.ZodType[] => (u as unknown as { options: z.ZodType[] }).options;

/** Drops zod's safe-integer bounds and `additionalProperties: false` from each node of the generated JSON Schema. */
function tidy(ctx: { jsonSchema: Json }): void {
  const s = ctx.jsonSchema;
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  // Fields are only added to /v1, never removed: clients must accept ones they do not know (as in OpenAPI).
  if (s.additionalProperties === false) delete s.additionalProperties;
}

/** JSON Schema draft-07 of each named zod schema, cross-referenced as `#/components/schemas/<name>`. */
const emit = (named: Record<string, z.ZodType>, io: 'input' | 'output') => emitComponents(named, io, 'draft-07', tidy);

/** One WebSocket message of the protocol: its `type`, component name and zod schema. */
interface WsMessage {
  type: string;
  name: string;
  schema: z.ZodType;
}

/** Client messages (lib/wire/ws.ts ClientMessageSchema), e.g. `subscribe` → WsSubscribe. */
function clientMessages(): WsMessage[] {
  return membersOf(ClientMessageSchema).map((schema) => {
    const type = typeLiteral(schema);
    if (!type) throw new Error('every client message has a `type` literal');
    return { type, name: `Ws${pascal(type)}`, schema };
  });
}

/** Server messages (lib/wire/ws.ts ServerMessageSchema), e.g. `welcome` → WsWelcome. */
function serverMessages(): WsMessage[] {
  return membersOf(ServerMessageSchema).map((schema) => {
    const type = typeLiteral(schema);
    if (!type) throw new Error('every server message has a `type` literal');
    return { type, name: `Ws${pascal(type)}`, schema };
  });
}

/** Every event type a match of any sport can store, sorted, with the sports that use it; `correction` too. */
export function matchEventTypes(): { type: string; sports: string[] }[] {
  const bySport = new Map<string, string[]>();
  for (const sport of SPORTS)
    for (const t of [...rulesFor(sport).eventTypes, CORRECTION_TYPE])
      bySport.set(t, [...(bySport.get(t) ?? []), sport]);
  return [...bySport.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, sports]) => ({ type, sports }));
}

/** One webhook message type (`match.goal`, `odds.updated`, …): the envelope it is sent in. */
interface WebhookMessage {
  /** The body's `type` and the event pattern an endpoint subscribes to. */
  type: string;
  /** The component schema of its envelope. */
  envelope: string;
  summary: string;
}

/**
 * Every webhook message type with its envelope: each member of WebhookEnvelopeSchema whose `type`
 * is a literal is one message; the match-event envelope (`type` a `match.<event type>` pattern)
 * is one message per event type of matchEventTypes().
 */
function webhookMessages(): { messages: WebhookMessage[]; envelopes: Record<string, z.ZodType> } {
  const messages: WebhookMessage[] = [];
  const envelopes: Record<string, z.ZodType> = {};
  for (const schema of membersOf(WebhookEnvelopeSchema)) {
    const type = typeLiteral(schema);
    if (type) {
      const envelope = `Webhook${pascal(type.replace(/^webhook\./, ''))}`;
      envelopes[envelope] = schema;
      messages.push({ type, envelope, summary: schema.description ?? `A \`${type}\` message.` });
      continue;
    }
    envelopes.WebhookMatchEvent = schema;
    for (const { type: t, sports } of matchEventTypes())
      messages.push({
        type: `match.${t}`,
        envelope: 'WebhookMatchEvent',
        summary: `A stored \`${t}\` event of a match (${sports.join(', ')}), with the live match right after it.`,
      });
  }
  return { messages, envelopes };
}

/** The close codes as a markdown table (channel description) — docs/websocket.md holds the same table. */
const closeCodeTable = (): string =>
  [
    '| code | meaning | client should |',
    '|---|---|---|',
    ...WS_CLOSE_CODES.map((c) => `| ${c.code} | ${c.meaning} | ${c.action} |`),
  ].join('\n');

const WS_DESCRIPTION = `One persistent connection at /v1/ws (protocol \`${WS_PROTOCOL}\`). The client subscribes to channels (\`<sport>.<kind>\`, optionally narrowed to a league and/or a fixture) and receives every stored event of what it subscribed to, in \`seq\` order. After a drop it sends \`resume\` with the last \`seq\` it saw and gets exactly what it missed (each replayed message marked \`"replayed": true\`), then \`resumed\` — or \`resync\` with fresh snapshots when that is no longer possible. Client messages are text frames of at most ${WS_MAX_CLIENT_MESSAGE_BYTES / 1024} KiB. See docs/websocket.md.

Close codes (also machine-readable in \`x-close-codes\`):

${closeCodeTable()}`;

const WEBHOOK_DESCRIPTION = `Scoreline POSTs these messages (JSON, \`{type, timestamp, data}\`) to every endpoint registered with POST /v1/webhooks whose event patterns, sports and leagues match, signed per Standard Webhooks (https://www.standardwebhooks.com): \`webhook-signature\` is \`v1,<base64 HMAC-SHA256>\` of \`<webhook-id>.<webhook-timestamp>.<raw body>\` keyed with the base64-decoded part of the endpoint secret after \`whsec_\`. Answer any 2xx within WEBHOOK_TIMEOUT_MS; 410 disables the endpoint; anything else is retried with backoff from a durable outbox (0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). See docs/webhooks.md.`;

/** The Standard Webhooks headers of every webhook message (a JSON Schema of the header object). */
const WEBHOOK_HEADERS: Json = {
  type: 'object',
  required: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
  properties: {
    'webhook-id': {
      type: 'string',
      description: 'Message id: the same on every attempt of the message; use it to drop duplicates.',
    },
    'webhook-timestamp': {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'Unix seconds when this attempt was signed; reject values far from your clock.',
    },
    'webhook-signature': {
      type: 'string',
      pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$',
      description:
        'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded endpoint secret after `whsec_`.',
    },
  },
};

const WS_SERVERS = ['production', 'sandbox'].map((s) => ref(`#/servers/${s}`));

/** Builds the AsyncAPI 3.0 document (pure; equal on every call). */
export function buildAsyncApi(): Json {
  const client = clientMessages();
  const server = serverMessages();
  const kindMessages = new Set<string>(Object.values(WS_CHANNEL_KINDS).map((k) => k.message));
  const connectionServer = server.filter((m) => !kindMessages.has(m.type));
  const hooks = webhookMessages();

  const messages: Record<string, Json> = {};
  for (const m of [...client, ...server])
    messages[m.name] = {
      name: m.type,
      title: m.type,
      summary: m.schema.description ?? `The \`${m.type}\` message (docs/websocket.md).`,
      contentType: 'application/json',
      payload: ref(`#/components/schemas/${m.name}`),
    };
  for (const h of hooks.messages) {
    const name = `Webhook_${ident(h.type)}`;
    messages[name] = {
      name: h.type,
      title: h.type,
      summary: h.summary,
      contentType: 'application/json',
      headers: ref('#/components/schemas/WebhookHeaders'),
      payload: {
        allOf: [ref(`#/components/schemas/${h.envelope}`)],
        properties: { type: { const: h.type } },
      },
      bindings: { http: { headers: ref('#/components/schemas/WebhookHeaders') } },
    };
  }

  const channels: Record<string, Json> = {
    connection: {
      address: null,
      title: '/v1/ws connection',
      description: WS_DESCRIPTION,
      servers: WS_SERVERS,
      messages: Object.fromEntries(
        [...client, ...connectionServer].map((m) => [m.type, ref(`#/components/messages/${m.name}`)]),
      ),
      bindings: {
        ws: {
          method: 'GET',
          headers: {
            type: 'object',
            properties: { Authorization: { type: 'string', description: '`Bearer <API_KEY>`' } },
          },
          query: {
            type: 'object',
            properties: {
              api_key: { type: 'string', description: 'The API key, for clients that cannot set headers.' },
            },
          },
        },
      },
      'x-close-codes': WS_CLOSE_CODES,
    },
  };
  const operations: Record<string, Json> = {};
  const connMsg = (type: string) => ref(`#/channels/connection/messages/${type}`);
  /** Each client message is received on the connection and answered with the server messages named in `replies`. */
  const replies: Record<string, string[]> = {
    subscribe: ['subscribed', 'error'],
    unsubscribe: ['unsubscribed', 'error'],
    resume: ['resumed', 'resync', 'error'],
    ping: ['pong'],
  };
  for (const m of client) {
    const answer = (replies[m.type] ?? ['error']).filter((t) => connectionServer.some((s) => s.type === t));
    operations[`receive${pascal(m.type)}`] = {
      action: 'receive',
      channel: ref('#/channels/connection'),
      summary: `The client sends \`${m.type}\`.`,
      messages: [connMsg(m.type)],
      reply: { channel: ref('#/channels/connection'), messages: answer.map(connMsg) },
    };
  }
  for (const m of connectionServer) {
    if (Object.values(replies).some((r) => r.includes(m.type)) && m.type !== 'error') continue;
    operations[`send${pascal(m.type)}`] = {
      action: 'send',
      channel: ref('#/channels/connection'),
      summary: `The server sends \`${m.type}\`.`,
      messages: [connMsg(m.type)],
    };
  }
  for (const sport of SPORTS)
    for (const [kind, k] of Object.entries(WS_CHANNEL_KINDS)) {
      const id = ident(`${sport}_${kind}`);
      const msg = server.find((m) => m.type === k.message);
      if (!msg) throw new Error(`WS_CHANNEL_KINDS.${kind} names a message that is not in ServerMessageSchema`);
      const golf =
        sport === 'golf' && kind === 'win-probability'
          ? ' Golf has no two sides: `point` is the field point (`field`: the 10 most likely winners with `probability`, `to_par`, `holes_left`; `others`: the rest of the field).'
          : '';
      channels[id] = {
        address: `${sport}.${kind}`,
        title: `${sport}.${kind}`,
        description: `${sport}: ${k.description}. Subscribe with \`{"channel":"${sport}.${kind}"}\` (optionally \`league\`, \`fixture_id\`) on the connection; messages come as \`${k.message}\`.${golf}`,
        servers: WS_SERVERS,
        messages: { [k.message]: ref(`#/components/messages/${msg.name}`) },
      };
      operations[`send_${id}`] = {
        action: 'send',
        channel: ref(`#/channels/${id}`),
        summary: `${sport}.${kind}: ${k.description}.`,
        messages: [ref(`#/channels/${id}/messages/${k.message}`)],
      };
    }
  channels.webhooks = {
    address: null,
    title: 'Webhook endpoints',
    description: WEBHOOK_DESCRIPTION,
    servers: [ref('#/servers/webhookEndpoint')],
    messages: Object.fromEntries(
      hooks.messages.map((h) => [ident(h.type), ref(`#/components/messages/Webhook_${ident(h.type)}`)]),
    ),
  };
  operations.sendWebhook = {
    action: 'send',
    channel: ref('#/channels/webhooks'),
    summary: 'Scoreline POSTs a signed message to a registered endpoint.',
    bindings: { http: { method: 'POST' } },
    messages: hooks.messages.map((h) => ref(`#/channels/webhooks/messages/${ident(h.type)}`)),
  };

  const wsSchemas: Record<string, z.ZodType> = Object.fromEntries(server.map((m) => [m.name, m.schema]));
  const shared = { LiveMatch: LiveMatchSchema, MatchEvent: MatchEventSchema, OddsTick: OddsTickSchema };
  return {
    asyncapi: '3.0.0',
    id: 'urn:scoreline:v1',
    info: {
      title: 'Scoreline live feed',
      version: pkg.version,
      description: `The WebSocket protocol (/v1/ws) and the webhook messages of Scoreline, generated from the zod schemas the server validates with. The REST API is in /v1/openapi.json.\n\n${WS_DESCRIPTION}`,
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      externalDocs: { description: 'docs/websocket.md and docs/webhooks.md', url: 'https://github.com/scoreline' },
    },
    defaultContentType: 'application/json',
    servers: {
      production: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/v1/ws',
        title: 'This server',
        description: 'The WebSocket with an API key (wss behind TLS).',
        variables: { host: { default: 'localhost:3000', description: 'Host and port of the Scoreline server.' } },
        security: [ref('#/components/securitySchemes/bearerAuth'), ref('#/components/securitySchemes/apiKeyQuery')],
      },
      sandbox: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/sandbox/v1/ws',
        title: 'Sandbox',
        description: 'No key, sample data, a looping replay; every message marked `"sandbox": true`.',
        variables: { host: { default: 'localhost:3000', description: 'Host and port of the Scoreline server.' } },
      },
      webhookEndpoint: {
        host: '{endpoint}',
        protocol: 'https',
        title: 'Your webhook endpoint',
        description: 'The URL you registered with POST /v1/webhooks.',
        variables: { endpoint: { default: 'example.com', description: 'Host of your endpoint.' } },
      },
    },
    channels,
    operations,
    components: {
      schemas: {
        ...emit({ ...shared, ...wsSchemas, ...hooks.envelopes }, 'output'),
        ...emit(
          { WsSubscription: SubscriptionSchema, ...Object.fromEntries(client.map((m) => [m.name, m.schema])) },
          'input',
        ),
        WebhookHeaders: WEBHOOK_HEADERS,
      },
      messages,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <API_KEY>`.' },
        apiKeyQuery: { type: 'httpApiKey', name: 'api_key', in: 'query', description: '`?api_key=<API_KEY>`.' },
      },
    },
  };
}
