/**
 * Failover behind a real load balancer (docs/deploy.md): Debian's HAProxy (/usr/sbin/haproxy,
 * installed by .ci/run) round-robins HTTP and WebSocket upgrades over 3 server processes on one
 * fresh PostgreSQL database, replaying football at 200× (a match lasts ~30 s). WebSocket clients
 * and a REST poller go through the balancer; a webhook endpoint listens on 127.0.0.1. In the middle
 * of the first replayed round the leader (which runs the replay and webhook delivery) is killed
 * with SIGKILL. Checked against the stored log: every client that lost its connection reconnected
 * through the balancer and resumed, and every client saw each stored event once, in order (0 gaps,
 * 0 duplicates); REST kept answering; each webhook message arrived once — or twice under one
 * webhook-id when the leader was killed between its receiver's answer and recording it (at least
 * once; its first copy then arrived within CRASH_WINDOW_MS before the kill); leadership moved within
 * 10 s; the replay kept its cycle and the first round's matches finished with their real scores.
 * Prints its counts and wall time: 70–115 s on this machine (load average 20–38 during the runs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { ImportedMatch } from '@/lib/import/types';
import { REPLAY_CHANNELS } from '@/server/replay/channels';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { randomApiKey, startTestServer, waitFor, type TestServer } from '../helpers/server';

const HAPROXY = fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
const CLIENTS = 12;
/** How long before the kill a message the killed leader delivered may still be unrecorded (its batched write, on a loaded machine). */
const CRASH_WINDOW_MS = 2_000;
const t0 = Date.now();
let db: TestDatabase;
const servers: TestServer[] = [];
let haproxy: ChildProcess | undefined;
let lbPort: number;
let receiver: Receiver;
const apiKey = randomApiKey();

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The HAProxy configuration docs/deploy.md shows, for `backends` on 127.0.0.1. */
function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  retries 3',
    '  option redispatch',
    // A request sent on a pooled connection to a process that just died is retried on another one.
    '  retry-on conn-failure empty-response junk-response response-timeout',
    'frontend scoreline',
    `  bind 127.0.0.1:${port}`,
    '  default_backend scoreline',
    'backend scoreline',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...backends.map((p, i) => `  server s${i + 1} 127.0.0.1:${p} check inter 500 fall 2 rise 2`),
    '',
  ].join('\n');
}

/** A WebSocket client on football.live that reconnects through the balancer and resumes from its last seq. */
class Client {
  updates: number[] = [];
  firstSeq = -1;
  lastSeq = -1;
  reconnects = 0;
  resyncs = 0;
  closes = 0;
  private ws: WebSocket | null = null;
  private stopped = false;
  ready: Promise<void>;
  constructor() {
    this.ready = this.connect();
  }
  private connect(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${lbPort}/v1/ws`, { headers: { authorization: `Bearer ${apiKey}` } });
      this.ws = ws;
      ws.on('open', () => {
        if (this.lastSeq < 0) ws.send(JSON.stringify({ type: 'subscribe', channel: 'football.live' }));
        else
          ws.send(
            JSON.stringify({ type: 'resume', last_seq: this.lastSeq, subscriptions: [{ channel: 'football.live' }] }),
          );
      });
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString());
        if (m.type === 'subscribed') {
          this.firstSeq = this.lastSeq = m.seq;
          resolve();
        } else if (m.type === 'resumed') {
          this.reconnects += 1;
          resolve();
        } else if (m.type === 'resync') {
          this.resyncs += 1;
          resolve();
        } else if (m.type === 'update') {
          this.updates.push(m.seq);
          this.lastSeq = Math.max(this.lastSeq, m.seq);
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (this.stopped) return;
        this.closes += 1;
        // Reconnect through the balancer after a short pause (it retries dead backends itself).
        setTimeout(() => void this.connect().then(resolve), 200);
      });
    });
  }
  stop(): void {
    this.stopped = true;
    this.ws?.terminate();
  }
}

beforeAll(async () => {
  db = await createTestDatabase('scoreline_failover');
  receiver = await startReceiver();
  const env = {
    DATABASE_URL: db.url,
    BOOTSTRAP: 'off',
    BOOTSTRAP_SPORTS: 'football',
    REPLAY_SPEED: '200',
    REPLAY_LEAD_SECONDS: '4',
    PAGES: 'off',
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    WS_HEARTBEAT_S: '5',
  };
  // One after the other, so s1 wins the first election (the one killed below is whoever leads then).
  for (let i = 1; i <= 3; i++) servers.push(await startTestServer({ ...env, INSTANCE_ID: `fo-${i}` }, { apiKey }));
  lbPort = await freePort();
  const cfg = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-haproxy-')), 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    haproxyConfig(
      lbPort,
      servers.map((s) => s.port),
    ),
  );
  haproxy = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stderr!.on('data', () => undefined);
  haproxy.stdout!.on('data', () => undefined);
  await waitFor(
    'HAProxy to answer',
    async () => (await fetch(`http://127.0.0.1:${lbPort}/healthz`).catch(() => null))?.status === 200,
    20_000,
    200,
  );
}, 300_000);

afterAll(async () => {
  haproxy?.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.stop()));
  await receiver?.close();
  await db?.drop();
});

/** The instance holding the singletons lock (its INSTANCE_ID), or null. */
async function leader(): Promise<string | null> {
  const rows = await db.query(
    "select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.classid = $1 and l.objid = $2 and l.granted",
    [0x534c, 10],
  );
  return rows[0]?.name?.replace(/\/leader$/, '') ?? null;
}

test('kill -9 of the leader mid-match: clients resume with 0 gaps and 0 duplicates, REST answers, each webhook once (twice only across the kill), the replay finishes', async () => {
  const lb = `http://127.0.0.1:${lbPort}`;
  const hook = await fetch(`${lb}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: receiver.url,
      events: ['match.goal', 'match.card', 'match.period_start', 'match.period_end'],
      sports: ['football'],
    }),
  });
  expect(hook.status).toBe(201);
  const clients = Array.from({ length: CLIENTS }, () => new Client());
  await Promise.all(clients.map((c) => c.ready));

  // REST through the balancer, every 100 ms, for the whole test.
  const rest = { ok: 0, failed: 0, failures: [] as string[] };
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const r = await fetch(`${lb}/v1/football/live`, { headers: { authorization: `Bearer ${apiKey}` } }).catch(
        () => null,
      );
      if (r?.status === 200) rest.ok += 1;
      else {
        rest.failed += 1;
        rest.failures.push(`${r?.status ?? 'network error'} at ${Date.now() - t0} ms`);
      }
      await r?.text().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  // Mid-match: a few seconds after the first round's kickoff, with events flowing.
  const inPlay = await waitFor(
    'matches in play',
    async () => {
      const r = await fetch(`${lb}/v1/football/live`, { headers: { authorization: `Bearer ${apiKey}` } });
      const live = (await r.json()) as { data: { fixture_id: number; minute: number | null }[] };
      return live.data.length && live.data.some((m) => (m.minute ?? 0) >= 20)
        ? live.data.map((m) => m.fixture_id)
        : null;
    },
    60_000,
    200,
  );
  const [cycleBefore] = await db.query('select channel, cycle, anchor_at from replay_channels order by channel');
  const victimId = await leader();
  expect(victimId).not.toBeNull();
  const victim = servers.find((s) => s.logs().includes(`"instance":"${victimId}"`))!;
  const killedAt = Date.now();
  victim.proc.kill('SIGKILL');
  const newLeader = await waitFor(
    'a new leader',
    async () => {
      const l = await leader();
      return l && l !== victimId ? l : null;
    },
    15_000,
    100,
  );
  const takeoverMs = Date.now() - killedAt;

  // The first round's matches finish; then every client must hold every stored event once.
  await waitFor(
    'the matches in play at the kill to finish',
    async () => {
      const rows = await db.query(
        "select count(*)::int as n from fixtures where id = any($1) and status <> 'finished'",
        [inPlay],
      );
      return rows[0].n === 0;
    },
    90_000,
    500,
  );
  const [{ end }] = await db.query('select max(seq)::int as end from match_events');
  await waitFor(
    'every client to reach the stored head',
    async () => clients.every((c) => c.lastSeq >= end),
    20_000,
    200,
  );
  polling = false;
  await poller;
  for (const c of clients) c.stop();

  let gaps = 0;
  let duplicates = 0;
  for (const c of clients) {
    const want = (
      await db.query(
        "select seq::int from match_events where sport = 'football' and seq > $1 and seq <= $2 order by seq",
        [c.firstSeq, end],
      )
    ).map((r) => r.seq);
    const got = c.updates.filter((s) => s <= end);
    const gotSet = new Set(got);
    gaps += want.filter((s) => !gotSet.has(s)).length;
    duplicates += got.length - gotSet.size;
    expect(got).toEqual([...got].sort((x, y) => x - y));
  }
  const disconnected = clients.filter((c) => c.closes > 0).length;

  // Webhooks: every enqueued message delivered (wait for the outbox to drain), each webhook-id once.
  await waitFor(
    'the webhook outbox to drain',
    async () =>
      (await db.query("select count(*)::int as n from webhook_deliveries where status = 'pending'"))[0].n === 0,
    30_000,
    500,
  );
  const messages = (await db.query('select id from webhook_messages')).map((r) => r.id as string);
  const ids = receiver.accepted().map((d) => d.id);
  const distinct = new Set(ids);
  const lost = messages.filter((m) => !distinct.has(m)).length;
  const sentTwice = ids.length - distinct.size;
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  // Delivery is at least once (docs/webhooks.md): a message the killed leader had delivered but not
  // yet recorded (outcomes are written in batches, 10–50 ms after the answer) is sent again by the
  // new leader under the same webhook-id. Only such a message may arrive twice: its first copy was
  // accepted in the moments before the kill. Any other second copy is a defect.
  const firstAccepted = (id: string) =>
    Math.min(
      ...receiver
        .accepted()
        .filter((d) => d.id === id)
        .map((d) => d.at),
    );
  const resentAfterCrash = [...counts].filter(
    ([id, n]) => n === 2 && firstAccepted(id) >= killedAt - CRASH_WINDOW_MS && firstAccepted(id) <= killedAt,
  );
  const sentTwiceUnexplained = sentTwice - resentAfterCrash.length;
  const suspicious = [
    ...messages.filter((m) => !distinct.has(m)),
    ...[...counts].filter(([, n]) => n > 1).map(([id]) => id),
  ];
  const webhookDetail = suspicious.length
    ? await db.query(
        "select d.message_id, d.status, d.attempts, d.last_status_code, d.last_error, (select json_agg(json_build_object('at', a.attempted_at, 'code', a.status_code, 'ms', a.latency_ms, 'error', a.error)) from webhook_attempts a where a.delivery_id = d.id) as attempts_log from webhook_deliveries d where d.message_id = any($1)",
        [suspicious],
      )
    : [];
  const receivedAt = Object.fromEntries(
    suspicious.map((id) => [id, receiver.received.filter((d) => d.id === id).map((d) => `${d.status}@${d.at - t0}`)]),
  );

  // The replay kept its cycle (same anchor) and the matches ended with the recorded scores.
  const [cycleAfter] = await db.query('select channel, cycle, anchor_at from replay_channels order by channel');
  const finished = await db.query(
    "select f.id, f.home_score, f.away_score, s.source_key from fixtures f join fixture_sources s on s.fixture_id = f.id where f.id = any($1) and s.source_key like 'replay/%'",
    [inPlay],
  );
  const recorded = new Map<string, ImportedMatch>();
  for (const ch of REPLAY_CHANNELS.filter((c) => c.sport === 'football'))
    for (const m of (await ch.load()) as ImportedMatch[]) recorded.set(`replay/${ch.channel}/c1/${m.source_key}`, m);
  const scores = finished.map((f) => {
    const m = recorded.get(f.source_key);
    const real = m?.result ? (m.result.et ?? m.result.ft) : null;
    return { source_key: f.source_key, stored: [f.home_score, f.away_score], real };
  });

  const report = {
    wall_s: Math.round((Date.now() - t0) / 100) / 10,
    instances: 3,
    clients: CLIENTS,
    killed: victimId,
    new_leader: newLeader,
    takeover_ms: takeoverMs,
    clients_disconnected: disconnected,
    resumed: clients.reduce((a, c) => a + c.reconnects, 0),
    resyncs: clients.reduce((a, c) => a + c.resyncs, 0),
    events_checked_per_client: clients.map((c) => c.updates.filter((s) => s <= end).length),
    gaps,
    duplicates,
    rest_ok: rest.ok,
    rest_failed: rest.failed,
    rest_failures: rest.failures,
    killed_at_ms: killedAt - t0,
    webhook_messages: messages.length,
    webhooks_lost: lost,
    webhooks_sent_twice: sentTwice,
    webhooks_resent_after_crash: resentAfterCrash.map(([id]) => id),
    ...(suspicious.length ? { webhook_detail: webhookDetail, webhook_received_at_ms: receivedAt } : {}),
    matches_checked: scores.length,
    scores,
  };
  console.log(`cluster failover: ${JSON.stringify(report)}`);

  expect(takeoverMs).toBeLessThanOrEqual(10_000);
  expect(disconnected).toBeGreaterThan(0);
  expect(report.resumed).toBeGreaterThanOrEqual(disconnected);
  expect(report.resyncs).toBe(0);
  expect(gaps).toBe(0);
  expect(duplicates).toBe(0);
  expect(rest.failed).toBe(0);
  expect(rest.ok).toBeGreaterThan(50);
  expect(messages.length).toBeGreaterThan(0);
  expect(lost).toBe(0);
  expect(sentTwiceUnexplained).toBe(0);
  expect(cycleAfter).toEqual(cycleBefore);
  expect(scores.length).toBe(inPlay.length);
  for (const s of scores) expect(s.stored, s.source_key).toEqual(s.real);
}, 240_000);
