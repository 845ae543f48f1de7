/**
 * Every documented cURL example runs, with the real `curl`, against a real server: the examples
 * shown on /docs/api/static (read from the served HTML, so what users copy is what is tested) in their
 * sandbox form (no key) and production form (with a key, the key-management ones in order:
 * create → read → rotate → revoke; the webhook ones create → list → get → patch → test →
 * deliveries → retry → delete against a real receiver on 127.0.0.1, which replaces the example's
 * receiver URL; the operator ones, with OPERATOR_API_KEY, as one story from creating a competition
 * to the feed-health report), and every `curl` line in README.md and docs/*.md. Each answer's body validates
 * strictly against the schema the OpenAPI document gives its operation, and the test message
 * against the document's `webhooks` entry.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WEBHOOK_RECEIVER_EXAMPLE } from '@/server/api/examples';
import { compileRef, messageOf, operationsOf, successOf } from '../helpers/openapi';
import { startReceiver, type Receiver, type ReceiverOptions } from '../helpers/receivers';
import {
  ensureBuild,
  getJson,
  randomApiKey,
  ROOT,
  startTestServer,
  waitFor,
  waitForSandbox,
  type TestServer,
} from '../helpers/server';

let s: TestServer;
const operatorKey = randomApiKey();
let receiver: Receiver;
const receiverOpts: ReceiverOptions = {};
let doc: Record<string, any>;
let examples: { kind: 'production' | 'sandbox'; operation: string; command: string }[] = [];
const opById = new Map<string, Record<string, any>>();

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};
const unescapeHtml = (t: string) => t.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (m) => ENTITIES[m]);

/** Runs a documented command with `sh -c` and the given variables; returns the HTTP status and body. */
function run(command: string, env: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    execFile(
      'sh',
      ['-c', `${command} -sS -w '\\n%{http_code}'`],
      {
        env: { PATH: process.env.PATH ?? '', ...env } as unknown as NodeJS.ProcessEnv,
        timeout: 20_000,
        encoding: 'utf8',
      },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${command}: ${err.message}\n${stderr}`));
        const cut = stdout.lastIndexOf('\n');
        const text = stdout.slice(0, cut);
        resolve({ status: Number(stdout.slice(cut + 1)), body: text ? JSON.parse(text) : null });
      },
    );
  });
}

beforeAll(async () => {
  await ensureBuild();
  // Replay on and fast: the examples name the replayed World Cup, and its scorers give $PLAYER_ID.
  s = await startTestServer({
    SANDBOX: 'on',
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    OPERATOR_API_KEY: operatorKey,
    REPLAY_SPEED: '600',
    SANDBOX_REPLAY_SPEED: '600',
  });
  receiver = await startReceiver(receiverOpts);
  await waitForSandbox(s);
  doc = (await getJson(s, '/v1/openapi.json', null)).body;
  for (const [, , op] of operationsOf(doc)) opById.set(op.operationId, op);
  const html = await (await fetch(`${s.baseUrl}/docs/api/static`, { headers: { accept: 'text/html' } })).text();
  const re =
    /<pre[^>]*data-example="(production|sandbox)"[^>]*data-operation="([A-Za-z]+)"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g;
  examples = [...html.matchAll(re)].map((m) => ({
    kind: m[1] as 'production' | 'sandbox',
    operation: m[2],
    command: unescapeHtml(m[3].replaceAll('<!-- -->', '')),
  }));
}, 600_000);

afterAll(async () => {
  await s?.stop();
  await receiver?.close();
});

/** A player_id from the replayed World Cup 2022's scorers (the example's $PLAYER_ID; the bundled league files name no scorers). */
async function aPlayerId(base: string, key?: null): Promise<string> {
  const row = await waitFor(
    'a World Cup scorer',
    async () =>
      (await getJson(s, `${base}/football/statistics/players?league=world-cup&season=2022-replay`, key)).body
        .categories?.[0]?.rows?.[0] ?? null,
    180_000,
  );
  return String(row.player_id);
}

/** Asserts the answer is the operation's documented success with a body matching its schema. */
function expectDocumented(operation: string, r: { status: number; body: any }, label: string) {
  const op = opById.get(operation)!;
  const { status, ref } = successOf(op);
  expect(r.status, `${label}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(status);
  if (!ref) return expect(r.body).toBeNull();
  const validate = compileRef(doc, ref);
  expect(validate(r.body), `${label}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

test('/docs/api/static shows a production example for every operation and a sandbox one for every read', () => {
  const ops = operationsOf(doc);
  expect(
    examples
      .filter((e) => e.kind === 'production')
      .map((e) => e.operation)
      .sort(),
  ).toEqual(ops.map(([, , op]) => op.operationId).sort());
  expect(
    examples
      .filter((e) => e.kind === 'sandbox')
      .map((e) => e.operation)
      .sort(),
  ).toEqual(
    ops
      .filter(([m, , op]) => m === 'GET' && !op.servers)
      .map(([, , op]) => op.operationId)
      .sort(),
  );
});

test('every sandbox example runs with no key and answers the production schema', async () => {
  const sample = (await getJson(s, '/sandbox/v1/football/results?league=premier-league&season=2023-24&limit=1', null))
    .body;
  const env = {
    SCORELINE_URL: s.baseUrl,
    FIXTURE_ID: String(sample.data[0].fixture_id),
    TEAM_ID: String(sample.data[0].home_team_id),
    PLAYER_ID: await aPlayerId('/sandbox/v1', null),
  };
  for (const e of examples.filter((x) => x.kind === 'sandbox')) {
    expect(e.command).not.toContain('API_KEY');
    const r = await run(e.command, env);
    expectDocumented(e.operation, r, e.command);
    expect(r.body.sandbox).toBe(true);
  }
}, 240_000);

test('every production example runs: reads with the key, then create → read → rotate → revoke', async () => {
  const results = (await getJson(s, '/v1/football/results?league=premier-league&season=2023-24&limit=1')).body;
  const env = {
    SCORELINE_URL: s.baseUrl,
    API_KEY: s.apiKey,
    FIXTURE_ID: String(results.data[0].fixture_id),
    TEAM_ID: String(results.data[0].home_team_id),
    PLAYER_ID: await aPlayerId('/v1'),
  };
  const prod = new Map(examples.filter((x) => x.kind === 'production').map((e) => [e.operation, e.command]));
  for (const op of [
    'getLive',
    'getMatchesLive',
    'getMatch',
    'getFixtures',
    'getResults',
    'getStandings',
    'getOdds',
    'getLeagues',
    'getLeagueSeason',
    'getTeams',
    'getTeam',
    'getPlayer',
    'getHeadToHead',
  ]) {
    expectDocumented(op, await run(prod.get(op)!, env), op);
  }
  const created = await run(prod.get('createKey')!, env);
  expectDocumented('createKey', created, 'createKey');
  expect(created.body.name).toBe('my app');
  const mine = { ...env, API_KEY: created.body.key };
  expectDocumented('getCurrentKey', await run(prod.get('getCurrentKey')!, mine), 'getCurrentKey');
  const rotated = await run(prod.get('rotateCurrentKey')!, mine);
  expectDocumented('rotateCurrentKey', rotated, 'rotateCurrentKey');
  expect(rotated.body.replaces).toBe(created.body.id);
  expectDocumented(
    'revokeCurrentKey',
    await run(prod.get('revokeCurrentKey')!, { ...env, API_KEY: rotated.body.key }),
    'revokeCurrentKey',
  );
  expect((await getJson(s, '/v1/football/live', rotated.body.key)).status).toBe(401);
}, 240_000);

test('every webhook example runs against a real receiver: create → list → get → patch → test → deliveries → retry → delete', async () => {
  const prod = new Map(examples.filter((x) => x.kind === 'production').map((e) => [e.operation, e.command]));
  const env = { SCORELINE_URL: s.baseUrl, API_KEY: s.apiKey };
  expect(prod.get('createWebhook')).toContain(WEBHOOK_RECEIVER_EXAMPLE);
  const created = await run(
    prod.get('createWebhook')!.replaceAll(WEBHOOK_RECEIVER_EXAMPLE, `${receiver.url}/scoreline`),
    env,
  );
  expectDocumented('createWebhook', created, 'createWebhook');
  receiverOpts.secret = created.body.secret; // the receiver now verifies every signature
  const hook = { ...env, WEBHOOK_ID: created.body.id };
  const listed = await run(prod.get('listWebhooks')!, env);
  expectDocumented('listWebhooks', listed, 'listWebhooks');
  expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(created.body.id);
  const got = await run(prod.get('getWebhook')!, hook);
  expectDocumented('getWebhook', got, 'getWebhook');
  expect(got.body.secret).toBe(created.body.secret);
  const patched = await run(prod.get('updateWebhook')!, hook);
  expectDocumented('updateWebhook', patched, 'updateWebhook');
  expect(patched.body.events).toEqual(['match.*', 'odds.updated']);

  const queued = await run(prod.get('testWebhook')!, hook);
  expectDocumented('testWebhook', queued, 'testWebhook');
  const isTest = (m: { json: unknown }) => (m.json as { type?: string } | null)?.type === 'webhook.test';
  // Queued behind the patched endpoint's backlog of replay events, like the redelivery below (a
  // full run with four workers once took over 15 s).
  const message = await waitFor('the webhook.test message', async () => receiver.accepted().find(isTest), 90_000, 100);
  expect(message.verified).toBe(true);
  expect(message.id).toBe(queued.body.message_id);
  const { ref, headers } = messageOf(doc, 'webhook.test');
  const validateMessage = compileRef(doc, ref);
  expect(validateMessage(message.json), JSON.stringify(validateMessage.errors?.slice(0, 3))).toBe(true);
  const sent: Record<string, string> = {
    'webhook-id': message.id,
    'webhook-timestamp': message.timestamp,
    'webhook-signature': message.signature,
  };
  expect(headers.map((h) => h.name).sort()).toEqual(Object.keys(sent).sort());
  for (const h of headers)
    expect(new RegExp(h.schema.pattern ?? '.').test(sent[h.name]), `${h.name}: ${sent[h.name]}`).toBe(true);

  // The deliveries answer names the delivery to retry (status=delivered: once the attempt is stored).
  const deliveries = await waitFor(
    'the test delivery in the deliveries list',
    async () => {
      const r = await run(prod.get('listWebhookDeliveries')!, hook);
      return r.body?.data?.some((d: { id: string }) => d.id === queued.body.delivery_id) ? r : null;
    },
    15_000,
    200,
  );
  expectDocumented('listWebhookDeliveries', deliveries, 'listWebhookDeliveries');
  const delivery = deliveries.body.data.find((d: { event_type: string }) => d.event_type === 'webhook.test');
  expect(delivery.attempt_log[0].status_code).toBe(200);
  const retried = await run(prod.get('retryWebhookDelivery')!, { ...hook, DELIVERY_ID: delivery.id });
  expectDocumented('retryWebhookDelivery', retried, 'retryWebhookDelivery');
  expect(retried.body.delivery_id).toBe(delivery.id);
  // The patch above subscribed the endpoint to every match event and odds update of the 600× replay,
  // and an endpoint gets one attempt at a time in claim order: the redelivery waits behind that
  // backlog (it once took over 15 s in a full CI run).
  await waitFor(
    'the redelivered test message (same webhook-id)',
    async () => receiver.accepted().filter((m) => m.id === queued.body.message_id).length >= 2,
    90_000,
    100,
  );

  expectDocumented('deleteWebhook', await run(prod.get('deleteWebhook')!, hook), 'deleteWebhook');
  const gone = await run(prod.get('getWebhook')!, hook);
  expect(gone.status).toBe(404);
  expect(gone.body.code).toBe('webhook_not_found');
}, 300_000);

test('every operator example runs in order with the operator key: competition → team → fixture → events → correction → status → odds → batch → health', async () => {
  const prod = new Map(examples.filter((x) => x.kind === 'production').map((e) => [e.operation, e.command]));
  const env: Record<string, string> = { SCORELINE_URL: s.baseUrl, OPERATOR_KEY: operatorKey };
  const step = async (op: string) => {
    const command = prod.get(op);
    expect(command, op).toContain('$OPERATOR_KEY');
    const r = await run(command!, env);
    expectDocumented(op, r, op);
    return r.body;
  };
  const operatorOps = operationsOf(doc)
    .filter(([, p]) => p.startsWith('/v1/ops/'))
    .map(([, , op]) => op.operationId as string);
  const story = [
    'createCompetition',
    'listCompetitions',
    'renameCompetition',
    'createTeam',
    'renameTeam',
    'createFixture',
    'listOpsFixtures',
    'getOpsFixture',
    'patchOpsFixture',
    'postEvents',
    'postCorrection',
    'postStatus',
    'postOdds',
    'postBatch',
    'getFeedHealth',
  ];
  expect([...story].sort()).toEqual([...operatorOps].sort());
  // An API key is refused on every operator route (403 forbidden_role), as documented.
  for (const op of operatorOps)
    expect(opById.get(op)!.responses['403'].$ref, op).toBe('#/components/responses/ForbiddenRole');
  const refused = await run(prod.get('listCompetitions')!.replace('$OPERATOR_KEY', '$API_KEY'), {
    ...env,
    API_KEY: s.apiKey,
  });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('forbidden_role');

  const competition = await step('createCompetition');
  env.OPS_COMPETITION_ID = String(competition.id);
  // The same sport, league and season again: 200 with the existing competition (the summary says so).
  const again = await run(prod.get('createCompetition')!, env);
  expect(again.status).toBe(200);
  expect(again.body.id).toBe(competition.id);
  expect(opById.get('createCompetition')!.summary).toMatch(/200/);
  expect((await step('listCompetitions')).data.map((c: { id: number }) => c.id)).toContain(competition.id);
  expect((await step('renameCompetition')).name).toBe('Sunday League Division 1');
  env.OPS_TEAM_ID = String((await step('createTeam')).id);
  expect((await step('renameTeam')).name).toBe('Red Lions FC');
  const fixture = await step('createFixture');
  expect(fixture.home_team).toBe('Red Lions FC');
  env.OPS_FIXTURE_ID = String(fixture.id);
  expect((await step('listOpsFixtures')).data.map((f: { id: number }) => f.id)).toContain(fixture.id);
  expect((await step('getOpsFixture')).events).toEqual([]);
  expect((await step('patchOpsFixture')).venue).toBe('Memorial Park');
  const events = await step('postEvents');
  expect(
    events.results.map((r: { status: string }) => r.status),
    JSON.stringify(events),
  ).toEqual(['stored', 'stored']);
  const correction = await step('postCorrection');
  expect(correction).toMatchObject({ id: 'club-42-var-1', status: 'stored' });
  expect(await step('postStatus')).toMatchObject({ op: 'status', id: 'club-42-suspended', status: 'stored' });
  const odds = await step('postOdds');
  expect(
    odds.results.map((r: { status: string }) => r.status),
    JSON.stringify(odds),
  ).toEqual(['stored', 'stored']);
  const batch = await step('postBatch');
  expect(
    batch.results.map((r: { op: string; status: string }) => `${r.op} ${r.status}`),
    JSON.stringify(batch),
  ).toEqual(['status stored', 'event stored', 'odds stored']);
  const detail = await step('getOpsFixture');
  expect(detail.events.find((e: { event_id: string }) => e.event_id === 'club-42-goal-1')).toMatchObject({
    retracted: true,
    source: 'operator',
  });
  expect(detail.match.score).toEqual({ home: 0, away: 1 });
  const health = await step('getFeedHealth');
  expect(health.sources.map((x: { name: string }) => x.name)).toContain('operator');
}, 240_000); // a dozen curl runs in order: 60 s (the default) ran out on a loaded 2-core machine

test('every curl line in README.md and docs/*.md runs and answers 2xx', async () => {
  const files = [
    'README.md',
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const commands: { file: string; command: string }[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const block of text.matchAll(/```(?:bash|sh|shell)?\n([\s\S]*?)```/g)) {
      for (const line of block[1].split('\n'))
        if (/^curl\s/.test(line.trim())) commands.push({ file, command: line.trim() });
    }
  }
  expect(commands.length).toBeGreaterThanOrEqual(4);
  const sample = (await getJson(s, '/v1/football/results?league=premier-league&season=2023-24&limit=1')).body;
  for (const { file, command } of commands) {
    const cmd = command.replaceAll('http://localhost:3000', s.baseUrl).replace(/\s*\|.*$/, '');
    const r = await run(cmd, {
      SCORELINE_URL: s.baseUrl,
      API_KEY: s.apiKey,
      KEY: s.apiKey,
      OPERATOR_KEY: operatorKey,
      FIXTURE_ID: String(sample.data[0].fixture_id),
    });
    expect(r.status, `${file}: ${command}\n${JSON.stringify(r.body).slice(0, 200)}`).toBeGreaterThanOrEqual(200);
    expect(r.status, `${file}: ${command}`).toBeLessThan(300);
  }
});
