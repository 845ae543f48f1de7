/**
 * GET /v1/openapi.json against the real server (one per file, REPLAY off): served without a key,
 * a valid OpenAPI 3.1 document, and every GET operation's real 200 body validates against the
 * schema the document gives for it (compiled with ajv, undocumented fields rejected). Also the
 * /docs/api/static page lists every path, and /docs/api links both documents.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compileRef } from '../helpers/openapi';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../helpers/server';

type Json = Record<string, any>;
let s: TestServer;
let doc: Json;
let fixtureId = 0;

/** Validator of one operation's body schema `$ref` resolved inside the document's components. */
const compile = (ref: string) => compileRef(doc, ref);

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ REPLAY: 'off' });
}, 300_000);

afterAll(async () => {
  await s?.stop();
});

test('GET /v1/openapi.json needs no key and is a valid OpenAPI 3.1 document', async () => {
  const r = await getJson(s, '/v1/openapi.json', null);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/json');
  expect(r.headers.get('cache-control')).toBe('public, max-age=300');
  doc = r.body;
  const v = await new Validator().validate(structuredClone(doc) as never);
  expect(v.errors ?? []).toEqual([]);
  expect(v.valid).toBe(true);
  expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(7);
});

test('every GET operation answers 200 with a body that matches the document', async () => {
  doc ??= (await getJson(s, '/v1/openapi.json', null)).body;
  const results = await getJson(s, '/v1/football/results?league=premier-league&season=2023-24&limit=1');
  fixtureId = results.body.data[0].fixture_id;
  expect(fixtureId).toBeGreaterThan(0);
  const { home_team_id: home, away_team_id: away } = results.body.data[0];
  const values: Record<string, string> = {
    sport: 'football',
    fixture_id: String(fixtureId),
    league: 'premier-league',
    season: '2023-24',
    match_id: String(fixtureId),
    limit: '5',
    slug: 'premier-league',
    team_id: String(home),
    teams: `${home},${away}`,
  };
  const needIds: string[] = [];
  const operatorReads: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const op = item.get;
    if (!op) continue; // POST-only (/v1/keys): exercised in keys.test.ts and examples.test.ts
    if (op.security.some((x: Json) => 'operatorAuth' in x)) {
      operatorReads.push(op.operationId); // an operator key: run in order in examples.test.ts
      continue;
    }
    const validate = compile(op.responses['200'].content['application/json'].schema.$ref);
    expect(validate({}), `${path}: an empty body must not validate`).toBe(false);
    const params = op.parameters as Json[];
    if (params.some((p) => p.in === 'path' && !values[p.name])) {
      needIds.push(op.operationId); // a webhook id, or a player named by a replay: run with a real one in examples.test.ts
      continue;
    }
    const base = params
      .filter((p) => p.in === 'path')
      .reduce((u: string, p) => u.replace(`{${p.name}}`, values[p.name]), path);
    const query = (all: boolean) =>
      new URLSearchParams(
        params
          .filter((p) => p.in === 'query' && (all || p.required) && values[p.name])
          .map((p) => [p.name, values[p.name]]),
      );
    for (const qs of new Set([query(false).toString(), query(true).toString()])) {
      const url = qs ? `${base}?${qs}` : base;
      const r = await getJson(s, url);
      expect(r.status, `${url}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
      expect(validate(r.body), `${url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      expect(validate({ ...r.body, undocumented: 1 }), `${url}: an undocumented field must be caught`).toBe(false);
    }
  }
  expect(needIds.sort()).toEqual(['getPlayer', 'getWebhook', 'listWebhookDeliveries']);
  expect(operatorReads.sort()).toEqual(['getFeedHealth', 'getOpsFixture', 'listCompetitions', 'listOpsFixtures']);
});

test('errors match the Problem schema', async () => {
  doc ??= (await getJson(s, '/v1/openapi.json', null)).body;
  const validate = compile('#/components/schemas/Problem');
  for (const [url, key] of [
    ['/v1/football/matches/999999999', s.apiKey],
    ['/v1/football/live', null],
  ] as const) {
    const r = await getJson(s, url, key);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(validate(r.body), JSON.stringify(validate.errors)).toBe(true);
  }
});

test('/docs/api/static renders every path and links the document; /docs/api links both documents', async () => {
  doc ??= (await getJson(s, '/v1/openapi.json', null)).body;
  const res = await fetch(`${s.baseUrl}/docs/api/static`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const html = (await res.text()).replaceAll('<!-- -->', '');
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of Object.keys(methods))
      expect(html.includes(`<code>${method.toUpperCase()} ${path}</code>`), `${method} ${path}`).toBe(true);
  }
  expect(html.includes('WebSocket /v1/ws')).toBe(true);
  expect(html.includes('href="/v1/openapi.json"')).toBe(true);
  expect(html.includes('curl -H')).toBe(true);
  expect(html.includes('href="/docs/api"')).toBe(true);
  // The interactive page (rendered in the browser, e2e/api-reference.test.ts) names both documents and the static page.
  const interactive = await (await fetch(`${s.baseUrl}/docs/api`, { headers: { accept: 'text/html' } })).text();
  for (const href of ['/v1/openapi.json', '/v1/asyncapi.json', '/docs/api/static'])
    expect(interactive.includes(`href="${href}"`), href).toBe(true);
});
