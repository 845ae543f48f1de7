/**
 * The opendota adapter through the kit's local upstream (test/helpers/upstream-server.ts): the
 * recorded TI 2018 final game served at /api/matches/4080856812 as it stood at successive cuts of
 * game time (kills_log and objectives up to the cut, no radiant_win before the end), discovery
 * from /api/live and /api/proMatches, and faults (500, malformed, a game that disappears).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project, replayEvents } from '@/lib/esports/rules';
import type { SportEvent } from '@/lib/rules/contract';
import { retryAfter, startUpstream, type LocalUpstream } from '@/test/helpers/upstream-server';
import type { SourceSettings } from '../../config-sources';
import { upstreamClientFor } from '../kit/http-client';
import { UpstreamError } from '../kit/upstream-error';
import type { AdapterState, PollContext } from '../types';
import { OpenDotaAdapter } from './opendota';

const DIR = fileURLToPath(new URL('../../../test/fixtures/upstream/opendota/', import.meta.url));
const raw = JSON.parse(readFileSync(`${DIR}matches_4080856812.json`, 'utf8'));
const pro = JSON.parse(readFileSync(`${DIR}proMatches.json`, 'utf8'));
const ID = String(raw.match_id);

/** The recorded match as it stood `t` seconds into the game (the whole match from its duration on). */
function cutAt(t: number) {
  if (t >= raw.duration) return raw;
  return {
    ...raw,
    radiant_win: null,
    duration: t,
    objectives: raw.objectives.filter((o: { time: number }) => o.time <= t),
    players: raw.players.map((p: { kills_log: { time: number }[] }) => ({
      ...p,
      kills_log: p.kills_log.filter((k) => k.time <= t),
    })),
  };
}

let up: LocalUpstream;
/** What /api/live and /api/proMatches list (the game is live at first). */
const lists = { live: true, pro: true };
beforeAll(async () => {
  up = await startUpstream({
    route: (path) => {
      if (path === `/api/matches/${ID}`) return { body: cutAt(up.cut) };
      if (path === '/api/proMatches') return { body: lists.pro ? pro : [] };
      if (path === '/api/live')
        return {
          body: lists.live ? [{ match_id: raw.match_id, team_name_radiant: 'PSG.LGD', team_name_dire: 'OG' }] : [],
        };
      return undefined;
    },
  });
});
afterAll(() => up?.close());

const settings = (more: Partial<SourceSettings> = {}): SourceSettings => ({
  name: 'opendota',
  baseUrl: up.url,
  gameIds: [ID],
  teams: [],
  liveIntervalMs: 30_000,
  idleIntervalMs: 300_000,
  requestsPerMinute: 600,
  ...more,
});

function poller(a: OpenDotaAdapter) {
  const http = upstreamClientFor(a, { timeoutMs: 1500 });
  let state: AdapterState = {};
  const events: SportEvent[] = [];
  return {
    events,
    async poll() {
      const ctx: PollContext = { now: new Date(), http, fetch, state };
      const b = await a.poll(ctx);
      state = b.state;
      events.push(...b.events.map((e) => e.event as unknown as SportEvent));
      return b;
    },
  };
}

describe('opendota adapter following the TI 2018 final game', () => {
  it('successive cuts: live kills, then the end and Dire’s win; each event once', async () => {
    const p = poller(new OpenDotaAdapter(settings()));
    const seen: { status: string; score: { home: number; away: number } }[] = [];
    for (const t of [600, 1200, 1800, raw.duration]) {
      up.cut = t;
      const b = await p.poll();
      expect(b.fixtures[0]).toMatchObject({
        home_team: 'PSG.LGD',
        away_team: 'OG',
        competition_name: 'The International 2018',
      });
      const proj = project(replayEvents(p.events));
      seen.push({ status: proj.status, score: proj.score });
    }
    expect(seen.slice(0, 3).every((s) => s.status === 'in_play')).toBe(true);
    expect(seen[0].score.home + seen[0].score.away).toBeLessThan(seen[2].score.home + seen[2].score.away);
    expect(seen[3]).toEqual({ status: 'finished', score: { home: raw.radiant_score, away: raw.dire_score } });
    expect(new Set(p.events.map((e) => e.event_id)).size).toBe(p.events.length);
    // Done: a further poll asks nothing of the finished game.
    const before = up.requests.length;
    await p.poll();
    expect(up.requests.length).toBe(before);
  });

  it('discovery: /api/live and /api/proMatches, filtered by team', async () => {
    up.cut = raw.duration;
    const p = poller(new OpenDotaAdapter(settings({ gameIds: [], teams: ['OG'] })));
    const b = await p.poll();
    expect(b.pacing?.live).toBe(true);
    expect(b.fixtures.map((f) => f.source_key)).toContain(`opendota/${ID}`);
    const paths = up.requests.map((r) => r.path);
    expect(paths).toContain('/api/live');
    expect(paths).toContain('/api/proMatches');
  });

  it('faults: a 500 and a malformed body are skipped, a vanished game is skipped, then it resumes', async () => {
    up.cut = 900;
    const p = poller(new OpenDotaAdapter(settings()));
    up.inject({ kind: 'status', status: 500 }, { match: `/api/matches/${ID}` });
    await expect(p.poll()).rejects.toThrow();
    up.inject({ kind: 'malformed' }, { match: `/api/matches/${ID}` });
    await expect(p.poll()).rejects.toThrow();
    up.inject({ kind: 'status', status: 404, body: '{"error":"Not Found"}' }, { match: `/api/matches/${ID}` });
    const gone = await p.poll();
    expect(gone.skipped).toEqual([{ item: `match ${ID}`, reason: 'HTTP 404' }]);
    const b = await p.poll();
    expect(b.events.length).toBeGreaterThan(0);
    expect(project(replayEvents(p.events)).status).toBe('in_play');
  });
});

describe('opendota faults', () => {
  it('a hang past the timeout and a 429 with Retry-After throw for the runner (with the wait); nothing asked during the wait, then it goes on', async () => {
    up.cut = 900;
    const p = poller(new OpenDotaAdapter(settings()));
    up.inject({ kind: 'hang' }, { match: `/api/matches/${ID}` });
    const t0 = Date.now();
    const hung = await p.poll().catch((e: unknown) => e);
    expect(hung).toBeInstanceOf(UpstreamError);
    expect((hung as UpstreamError).kind).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(10_000);
    up.inject(retryAfter(1), { match: `/api/matches/${ID}` });
    await expect(p.poll()).rejects.toMatchObject({ retryAfterMs: 1000 });
    // Within the wait the client asks nothing upstream; after it the game is read again.
    const before = up.requests.length;
    await expect(p.poll()).rejects.toThrow(/Retry-After/);
    expect(up.requests.length).toBe(before);
    await new Promise((r) => setTimeout(r, 1100));
    const b = await p.poll();
    expect(b.events.some((e) => e.event.type === 'kill')).toBe(true);
  });

  it('a 429 on /api/live (discovery) throws with its wait: nothing is followed on a guess', async () => {
    const p = poller(new OpenDotaAdapter(settings({ gameIds: [] })));
    up.inject(retryAfter(3), { match: '/api/live' });
    await expect(p.poll()).rejects.toMatchObject({ retryAfterMs: 3000 });
  });

  it('a game that drops out of /api/live before it ends is still read until its result, then left alone', async () => {
    lists.live = true;
    lists.pro = false;
    up.cut = 1200;
    try {
      const p = poller(new OpenDotaAdapter(settings({ gameIds: [] })));
      const first = await p.poll();
      expect(first.fixtures.map((f) => f.source_key)).toEqual([`opendota/${ID}`]);
      lists.live = false;
      up.cut = raw.duration;
      const before = up.requests.length;
      const second = await p.poll();
      expect(up.requests.slice(before).map((r) => r.path)).toContain(`/api/matches/${ID}`);
      expect(second.events.map((e) => e.event.type).slice(-3)).toEqual(['box_score', 'map_end', 'result']);
      expect(project(replayEvents(p.events)).status).toBe('finished');
      const after = up.requests.length;
      const third = await p.poll();
      expect(up.requests.slice(after).map((r) => r.path)).not.toContain(`/api/matches/${ID}`);
      expect([third.fixtures, third.events, third.pacing]).toEqual([[], [], { live: false }]);
    } finally {
      lists.live = true;
      lists.pro = true;
    }
  });
});
