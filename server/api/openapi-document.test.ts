import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '@/server/api/router';
import { buildOpenApi, RESPONSE_SCHEMAS } from './openapi-document';
import { LiveMatchSchema } from '@/lib/wire/schemas';

const doc = buildOpenApi();

/** A real GET /v1/football/live body (one match in play, one with no events yet). */
const LIVE_EXAMPLE = {
  data: [
    {
      fixture_id: 3869685, sport: 'football', league: 'FIFA World Cup', home_team: 'Argentina', away_team: 'France',
      score: { home: 2, away: 1 }, minute: 67, period: '2nd_half', status: 'in_play',
      last_event: { type: 'goal', team: 'France', player: 'Kylian Mbappé', minute: 80, event_id: 'sb-1', side: 'away', stoppage_time: null, occurred_at: '2022-12-18T16:41:00Z' },
      updated_at: '2022-12-18T16:41:02.120Z', league_slug: 'world-cup', season: '2022', kickoff: '2022-12-18T15:00:00Z', stoppage_time: null,
      clock: { running: true, clock_seconds: 4020, as_of: '2022-12-18T16:41:02.120Z', rate: 1 },
      halftime_score: { home: 2, away: 0 }, penalties: null, red_cards: { home: 0, away: 0 }, seq: 1234,
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
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), p] as const));
    const routeOf = ([method, p]: readonly [string, string]) =>
      ROUTES.findIndex((r) => r.method === method && r.pattern.test(p.replace('{sport}', 'football').replace('{fixture_id}', '1')));
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
        expect(op.security).toEqual(op.operationId === 'createKey' ? [] : [{ bearerAuth: [] }]);
        const [status, success] = Object.entries(op.responses as Record<string, any>).find(([c]) => c.startsWith('2'))!;
        if (status === '204') expect(success.content).toBeUndefined();
        else expect(success.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
        for (const code of Object.keys(op.responses).filter((c) => Number(c) >= 400)) expect(op.responses[code].$ref).toMatch(/^#\/components\/responses\//);
        expect(op.responses['500']).toBeTruthy();
        if (path.includes('{sport}')) {
          expect(op.parameters.find((p: any) => p.name === 'sport').schema.enum).toContain('ice-hockey');
          for (const code of ['400', '401', '404', '429']) expect(op.responses[code], `${path} ${code}`).toBeTruthy();
        }
      }
    }
    expect((doc.paths['/v1/{sport}/odds'].get as any).parameters.find((p: any) => p.name === 'match_id').required).toBe(true);
    expect((doc.paths["/v1/keys/current"].delete as any).responses["204"]).toBeTruthy();
  });

  test('a real response validates against the emitted schema, and a drifted one does not', () => {
    expect(() => LiveMatchSchema.parse(LIVE_EXAMPLE.data[0])).not.toThrow();
    const schema = zodFromDoc('LiveResponse');
    expect(schema.safeParse(LIVE_EXAMPLE).success).toBe(true);
    const drifted = { ...LIVE_EXAMPLE, data: [{ ...LIVE_EXAMPLE.data[0], score: '2-1' }] };
    expect(schema.safeParse(drifted).success).toBe(false);
    expect(Object.keys(RESPONSE_SCHEMAS)).toContain('LiveResponse');
  });
});
