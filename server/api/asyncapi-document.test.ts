/**
 * The generated AsyncAPI document (server/api/asyncapi-document.ts) parses with @asyncapi/parser
 * with 0 errors and 0 warnings, and covers what the zod unions and tables it is generated from
 * hold: every client and server message, one channel per sport and kind, every webhook event
 * type of every sport's rules, the close codes. Pure: no server.
 */
import { Parser } from '@asyncapi/parser';
import { expect, test } from 'vitest';
import { rulesFor } from '@/lib/match/registry';
import { SPORTS } from '@/lib/sports';
import { WebhookEnvelopeSchema } from '@/lib/wire/webhooks';
import { ClientMessageSchema, ServerMessageSchema, WS_CHANNEL_KINDS, WS_CLOSE_CODES } from '@/lib/wire/ws';
import { buildAsyncApi } from './asyncapi-document';

const doc = buildAsyncApi() as any;

test('parses with @asyncapi/parser: 0 errors, 0 warnings', async () => {
  const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
  // Spectral severities: 0 error, 1 warning, 2 information, 3 hint.
  const serious = diagnostics.filter((d) => d.severity <= 1);
  expect(serious.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
  expect(document?.version()).toBe('3.0.0');
  expect(document?.channels().length).toBe(Object.keys(doc.channels).length);
}, 60_000);

test('every WebSocket message of lib/wire/ws.ts is a message of the connection or of a sport channel', () => {
  const types = (u: { options: { shape: { type: any } }[] }) =>
    u.options.map((o) => {
      const t = o.shape.type;
      return (t.def.type === 'optional' ? t.unwrap() : t).value as string;
    });
  const onConnection = Object.keys(doc.channels.connection.messages);
  const kindMessages = Object.values(WS_CHANNEL_KINDS).map((k) => k.message as string);
  for (const t of types(ClientMessageSchema as any)) expect(onConnection).toContain(t);
  for (const t of types(ServerMessageSchema as any))
    expect(kindMessages.includes(t) ? kindMessages : onConnection).toContain(t);
  const addresses = Object.values(doc.channels).map((c: any) => c.address);
  for (const sport of SPORTS)
    for (const kind of Object.keys(WS_CHANNEL_KINDS)) expect(addresses).toContain(`${sport}.${kind}`);
  expect(doc.channels.connection['x-close-codes']).toEqual(WS_CLOSE_CODES);
  for (const { code } of WS_CLOSE_CODES) expect(doc.channels.connection.description).toContain(`| ${code} |`);
});

test('every webhook event type of every sport is a message with the Standard Webhooks headers', () => {
  const hooks = Object.values(doc.channels.webhooks.messages).map(
    (m: any) => doc.components.messages[m.$ref.split('/').pop()],
  );
  const names = hooks.map((m) => m.name);
  for (const sport of SPORTS) for (const t of rulesFor(sport).eventTypes) expect(names).toContain(`match.${t}`);
  for (const literal of ['odds.updated', 'webhook.test']) expect(names).toContain(literal);
  expect(hooks.length).toBe(new Set(names).size);
  expect(WebhookEnvelopeSchema.options.length).toBe(new Set(hooks.map((m) => m.payload.allOf[0].$ref)).size);
  for (const m of hooks) expect(m.headers.$ref).toBe('#/components/schemas/WebhookHeaders');
  expect(doc.components.schemas.WebhookHeaders.required).toEqual([
    'webhook-id',
    'webhook-timestamp',
    'webhook-signature',
  ]);
});
