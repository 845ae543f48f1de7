/**
 * Webhooks survive a crash: the server is killed with SIGKILL while its receiver is down and
 * deliveries are pending, then restarted on the same data directory; every match event stored
 * from the first delivery on reaches the receiver (signed, verified), none lost.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { storedEventSeqs } from '../helpers/feed';
import { startReceiver, type Receiver, type ReceiverOptions } from '../helpers/receivers';
import {
  ensureBuild,
  getJson,
  makeTempDataDir,
  randomApiKey,
  startTestServer,
  waitFor,
  type TestServer,
} from '../helpers/server';

const ENV = {
  PAGES: 'off', // the API only: no pages
  REPLAY_SPEED: '120',
  REPLAY_LEAD_SECONDS: '1',
  WEBHOOK_ALLOW_LOOPBACK: 'on',
  WEBHOOK_RETRY_SCHEDULE: '0,0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.3',
};
const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
let a: TestServer | undefined;
let b: TestServer | undefined;
let r: Receiver | undefined;

beforeAll(() => ensureBuild(), 300_000);
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await r?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('kill -9 with deliveries pending, restart: every event is delivered', async () => {
  a = await startTestServer(ENV, { dataDir, apiKey, keepDataDir: true });
  const o: ReceiverOptions = {};
  r = await startReceiver(o);
  const created = await fetch(`${a.baseUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: r.url, events: ['match.*'], sports: ['football'] }),
  });
  expect(created.status).toBe(201);
  const ep = await created.json();
  o.secret = ep.secret;
  await r.waitFor(3, 60_000);
  await r.down(); // the receiver is away: deliveries pile up in the outbox
  // Wait until some deliveries are pending (the replay has quiet spells: half-time, between matches).
  const pending = await waitFor(
    'deliveries pending while the receiver is down',
    async () => {
      const p = await getJson(a!, `/v1/webhooks/${ep.id}/deliveries?status=pending&limit=200`);
      return p.body.data.length >= 2 && p;
    },
    90_000,
    250,
  );
  a.proc.kill('SIGKILL');
  await new Promise((res) => a!.proc.once('exit', res));
  await r.up();

  b = await startTestServer({ ...ENV, INITIAL_API_KEY: '' }, { dataDir, apiKey, keepDataDir: true });
  const upTo = await waitFor(
    'the feed to move on after the restart',
    async () => {
      const l = await getJson(b!, '/v1/football/live');
      return l.body.seq > pending.body.data[0].seq + 20 && l.body.seq;
    },
    60_000,
    250,
  );
  const first = Math.min(...r.accepted().map((d) => Number(d.id.slice(4))));
  const expected = await storedEventSeqs(b, first - 1, upTo);
  await waitFor(
    'every event up to the restart point delivered',
    async () => {
      const got = new Set(r!.accepted().map((d) => Number(d.id.slice(4))));
      return expected.every((q) => got.has(q));
    },
    60_000,
    250,
  );
  for (const d of r.received) expect(d.verified).toBe(true);
  const ids = r.accepted().map((d) => d.id);
  console.log(
    `after kill -9: ${expected.length} events expected from msg_${first} to seq ${upTo}, ${ids.length} accepted, ${ids.length - new Set(ids).size} duplicates (at-least-once)`,
  );
  expect(b.logs()).not.toMatch(/webhook dispatcher pass failed/);
}, 300_000);
