import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '@/server/api/routes';
import { buildOpenApi, RESPONSE_SCHEMAS } from './openapi-document';
import { LiveRowSchema } from '@/lib/wire/live-row';
import { testBody } from '@/server/webhooks/payload';
import { sampleGolfMatches } from '@/lib/sample/golf';
import { golfWinProbabilitySeries } from '@/lib/win-probability/golf-series';

const doc = buildOpenApi();

/** A real GET /v1/football/live body (one match in play, with its pre-match and in-play win probability). */
const LIVE_EXAMPLE = {
  data: [
    {
      fixture_id: 3869685,
      sport: 'football',
      league: 'FIFA World Cup',
      home_team: 'Argentina',
      away_team: 'France',
      score: { home: 2, away: 1 },
      minute: 67,
      period: '2nd_half',
      status: 'in_play',
      last_event: {
        type: 'goal',
        team: 'France',
        player: 'Kylian Mbappé',
        minute: 80,
        event_id: 'sb-1',
        side: 'away',
        stoppage_time: null,
        occurred_at: '2022-12-18T16:41:00Z',
      },
      updated_at: '2022-12-18T16:41:02.120Z',
      home_team_id: 41,
      away_team_id: 42,
      league_slug: 'world-cup',
      season: '2022',
      kickoff: '2022-12-18T15:00:00Z',
      stoppage_time: null,
      clock: { running: true, clock_seconds: 4020, as_of: '2022-12-18T16:41:02.120Z', rate: 1 },
      halftime_score: { home: 2, away: 0 },
      penalties: null,
      red_cards: { home: 0, away: 0 },
      state: null,
      seq: 1234,
      win_probability: { home: 0.47, draw: 0.27, away: 0.26 },
      win_probability_in_play: {
        home: 0.8312,
        draw: 0.1204,
        away: 0.0484,
        observed_at: '2022-12-18T16:41:00Z',
        clock: { period: '2nd_half', minute: 80, label: "80'" },
        event: { event_id: 'sb-1', type: 'goal', side: 'away' },
        started_from: 'rating',
      },
    },
  ],
  seq: 1234,
};

/** The emitted component schema turned back into zod, all components resolvable by `$ref`. */
function zodFromDoc(name: string) {
  const root = { ...doc.components.schemas[name], $defs: doc.components.schemas };
  const text = JSON.stringify(root).replaceAll('#/components/schemas/', '#/$defs/');
  return z.fromJSONSchema(JSON.parse(text));
}

describe('OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const r = await new Validator().validate(structuredClone(doc) as never);
    expect(r.errors ?? []).toEqual([]);
    expect(r.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  test('every ROUTES entry is the route of exactly one document operation (first match wins, as in the router)', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => [m.toUpperCase(), p] as const),
    );
    const SAMPLE: Record<string, string> = {
      sport: 'football',
      fixture_id: '1',
      id: 'wh_abc123',
      delivery_id: 'dlv_abc123',
      competition_id: '1',
      team_id: '1',
      player_id: '1',
      slug: 'premier-league',
      season: '2023-24',
    };
    const concrete = (p: string) => p.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? `{${name}}`);
    const routeOf = ([method, p]: readonly [string, string]) =>
      ROUTES.findIndex((r) => r.method === method && r.pattern.test(concrete(p)));
    const hits = ops.map(routeOf);
    expect(hits).not.toContain(-1);
    expect([...hits].sort((a, b) => a - b)).toEqual(ROUTES.map((_, i) => i));
  });

  test('every operation has id, summary, tags, security, a 2xx answer and problem errors', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods) as [string, any][]) {
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        expect(op.summary).toBeTruthy();
        expect(op.tags).toHaveLength(1);
        expect(op.security).toEqual(
          op.operationId === 'createKey'
            ? []
            : path.startsWith('/v1/ops/')
              ? [{ operatorAuth: [] }]
              : [{ bearerAuth: [] }],
        );
        const [status, success] = Object.entries(op.responses as Record<string, any>).find(([c]) => c.startsWith('2'))!;
        if (status === '204') expect(success.content).toBeUndefined();
        else expect(success.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
        for (const code of Object.keys(op.responses).filter((c) => Number(c) >= 400))
          expect(op.responses[code].$ref).toMatch(/^#\/components\/responses\//);
        expect(op.responses['500']).toBeTruthy();
        if (path.includes('{sport}')) {
          expect(op.parameters.find((p: any) => p.name === 'sport').schema.enum).toContain('ice-hockey');
          for (const code of ['400', '401', '404', '429']) expect(op.responses[code], `${path} ${code}`).toBeTruthy();
        }
      }
    }
    expect((doc.paths['/v1/{sport}/odds'].get as any).parameters.find((p: any) => p.name === 'match_id').required).toBe(
      true,
    );
    expect((doc.paths['/v1/keys/current'].delete as any).responses['204']).toBeTruthy();
  });

  test('webhook operations: API key, production only, documented statuses, errors and path parameters', () => {
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/v1/webhooks'))
      .flatMap(([, m]) => Object.entries(m) as [string, any][]);
    expect(ops.map(([m, op]) => `${m} ${op.operationId}`).sort()).toEqual([
      'delete deleteWebhook',
      'get getWebhook',
      'get listWebhookDeliveries',
      'get listWebhooks',
      'patch updateWebhook',
      'post createWebhook',
      'post retryWebhookDelivery',
      'post testWebhook',
    ]);
    for (const [, op] of ops) {
      expect(op.tags).toEqual(['Webhooks']);
      expect(op.servers[0].description).toMatch(/sandbox has no webhooks/);
      expect(op.responses['401']).toBeTruthy();
    }
    const w = doc.paths['/v1/webhooks/{id}/deliveries/{delivery_id}/retry'].post as any;
    expect(w.responses['202'].content['application/json'].schema.$ref).toBe('#/components/schemas/WebhookQueued');
    expect(w.responses['404'].$ref).toBe('#/components/responses/WebhookNotFound');
    expect(w.parameters.map((p: any) => [p.name, p.in])).toEqual([
      ['id', 'path'],
      ['delivery_id', 'path'],
    ]);
    const create = doc.paths['/v1/webhooks'].post as any;
    expect(create.responses['201']).toBeTruthy();
    expect(create.responses['403'].$ref).toBe('#/components/responses/Forbidden');
    expect(create.requestBody.required).toBe(true);
    expect((doc.paths['/v1/webhooks/{id}'].patch as any).requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/UpdateWebhookBody',
    );
    expect((doc.paths['/v1/webhooks/{id}/deliveries'].get as any).parameters.map((p: any) => p.name)).toEqual([
      'id',
      'status',
      'limit',
      'cursor',
    ]);
  });

  test('webhook messages: match.event, odds.updated, win_probability.updated and webhook.test with the Standard Webhooks headers; a real test message validates', () => {
    const hooks = doc.webhooks as Record<string, any>;
    expect(Object.keys(hooks)).toEqual(['match.event', 'odds.updated', 'win_probability.updated', 'webhook.test']);
    for (const item of Object.values(hooks)) {
      expect(item.post.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      expect(item.post.requestBody.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\/Webhook/);
    }
    const schema = zodFromDoc('WebhookTestMessage');
    const real = JSON.parse(testBody('wh_abc123', new Date('2026-01-02T03:04:05.678Z')));
    expect(schema.safeParse(real).success).toBe(true);
    expect(schema.safeParse({ ...real, type: 'match.goal' }).success).toBe(false);
    expect(new RegExp(hooks['webhook.test'].post.parameters[2].schema.pattern).test('v1,abc+/= v1,def=')).toBe(true);
  });

  test('the public documents (openapi.json, schemas/ws.json) are named in the description, not listed as keyed operations', () => {
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('.json'))).toEqual([]);
    expect(String((doc.info as any).description)).toContain('/v1/openapi.json');
    expect(String((doc.info as any).description)).toContain('/v1/schemas/ws.json');
  });

  test('a real response validates against the emitted schema, and a drifted one does not', () => {
    expect(() => LiveRowSchema.parse(LIVE_EXAMPLE.data[0])).not.toThrow();
    const schema = zodFromDoc('LiveResponse');
    expect(schema.safeParse(LIVE_EXAMPLE).success).toBe(true);
    const row = LIVE_EXAMPLE.data[0];
    const golf = { ...row, win_probability: null, win_probability_in_play: null };
    expect(schema.safeParse({ ...LIVE_EXAMPLE, data: [golf] }).success).toBe(true);
    for (const drift of [
      { score: '2-1' },
      { win_probability: undefined },
      { win_probability_in_play: { ...row.win_probability_in_play, started_from: 'consensus' } },
      { win_probability_in_play: { ...row.win_probability_in_play, home: 1.2 } },
    ])
      expect(schema.safeParse({ ...LIVE_EXAMPLE, data: [{ ...row, ...drift }] }).success, JSON.stringify(drift)).toBe(
        false,
      );
    expect(Object.keys(RESPONSE_SCHEMAS)).toContain('LiveResponse');
  });

  test("golf's win-probability answer (the sample tournament's series) validates as WinProbabilitySeries; drifted ones do not", () => {
    const op = (doc as any).paths['/v1/{sport}/matches/{fixture_id}/win-probability'].get;
    expect(JSON.stringify(op.responses['200'])).toContain('#/components/schemas/WinProbabilitySeries');
    const m = sampleGolfMatches()[0];
    const log = m.events.map((event, i) => ({
      event,
      occurred_at: new Date(Date.parse(m.kickoff) + i * 6e4).toISOString(),
    }));
    const points = golfWinProbabilitySeries(new Map(), m.kickoff, log);
    const body = {
      fixture_id: 1,
      sport: 'golf',
      bookmaker: 'scoreline-model',
      is_model: true,
      started_from: 'rating',
      field_size: 8,
      prematch: { field: points[0].field, others: points[0].others, ratings: [] },
      points,
    };
    const schema = zodFromDoc('WinProbabilitySeries');
    expect(schema.safeParse(body).success).toBe(true);
    const p1 = points[1];
    for (const drift of [
      { points: [{ ...p1, others: 1.5 }] },
      { points: [{ ...p1, field: [{ ...p1.field[0], probability: -0.1 }] }] },
      { points: [{ ...p1, event: { ...p1.event, side: 'home', player: undefined } }] },
      { field_size: undefined },
    ])
      expect(schema.safeParse({ ...body, ...drift }).success, JSON.stringify(drift).slice(0, 200)).toBe(false);
  });
});

describe('cached reads', () => {
  test('the operations documented with ETag / 304 are exactly the routes served from the read cache', () => {
    const doc = buildOpenApi() as any;
    for (const [path, item] of Object.entries(doc.paths as Record<string, any>)) {
      if (!item.get) continue;
      const concrete = path.replace('{sport}', 'football').replace(/\{[a-z_]+\}/g, '1');
      const route = ROUTES.find((r) => r.method === 'GET' && r.pattern.test(concrete));
      const cached = Boolean(route?.cache);
      expect('304' in item.get.responses, path).toBe(cached);
      expect(
        item.get.parameters.some((p: any) => p.name === 'If-None-Match' && p.in === 'header'),
        path,
      ).toBe(cached);
      if (cached) expect(Object.keys(item.get.responses['200'].headers)).toEqual(['ETag', 'Cache-Control', 'Vary']);
    }
    expect(ROUTES.filter((r) => r.cache).length).toBe(7);
  });
});
