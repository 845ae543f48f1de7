/**
 * The `opendota` source inside the real server (SOURCES=opendota, PAGES off), following the
 * recorded TI 2018 grand-final game 5 (4080856812: PSG.LGD v OG, OG won) from a local upstream
 * (test/helpers/upstream-server.ts) at OpenDota's real path, cut at 15′, 30′ and its end
 * (test/helpers/espn-cuts.ts openDotaAt: kills, objectives and the per-minute gold lead up to then).
 *
 * Checked over REST (match, results, standings, player and team statistics, odds), one WebSocket
 * client (`esports.live` in order; `esports.win-probability`) and webhook receivers (`match.*`,
 * `win_probability.updated`); the win-probability series moves with the kills and the gold lead
 * and ends on OG, and the WebSocket's and the webhook's last points are the endpoint's.
 * Split from the espn adapter's file (adapters-espn.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dotaHeroName } from '@/lib/esports/dota-heroes';
import { PROBABILITY_EPSILON as EPS } from '@/lib/odds/clamp';
import { WinProbabilityEnvelope } from '@/lib/wire/webhooks';
import { WinProbabilityResponseSchema } from '@/lib/wire/win-probability';
import { WinProbabilityMessage } from '@/lib/wire/ws';
import { adapterReads } from '../helpers/adapter-reads';
import { openDotaAt, openDotaKillsAt, openDotaMatch } from '../helpers/espn-cuts';
import { requestJson } from '../helpers/http';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';
import { startUpstream, type LocalUpstream } from '../helpers/upstream-server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const DOTA = openDotaMatch();
const DOTA_CUTS = [900, 1800, DOTA.duration];
/** Which cut the upstream serves; 404 until the WS client and the webhooks are in place. */
const at = { ready: false, dota: 0 };
let up: LocalUpstream;
let s: TestServer;
let ws: Recorder;
let receiver: Receiver;
let wpReceiver: Receiver;
const { read, body, fixtureOf, matchOf, checkOrder, hooksHave } = adapterReads(() => ({ s, ws, receiver }));
const ids = { dota: 0 };

beforeAll(async () => {
  up = await startUpstream({
    route: (p) => {
      if (at.ready && p === `/api/matches/${DOTA.match_id}`) return { body: openDotaAt(DOTA, DOTA_CUTS[at.dota]) };
      return { status: 404, body: { error: 'Not Found' } };
    },
  });
  receiver = await startReceiver();
  wpReceiver = await startReceiver();
  s = await startTestServer({
    REPLAY: 'off',
    PAGES: 'off',
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    SOURCES: 'opendota',
    OPENDOTA_API_URL: up.url,
    OPENDOTA_MATCH_IDS: String(DOTA.match_id),
    OPENDOTA_INTERVAL_SECONDS: '1',
    OPENDOTA_IDLE_INTERVAL_SECONDS: '1',
    OPENDOTA_REQUESTS_PER_MINUTE: '600',
    ADAPTER_TIMEOUT_MS: '3000',
  });
  for (const [url, events] of [
    [receiver.url, ['match.*']],
    [wpReceiver.url, ['win_probability.updated']],
  ] as const) {
    const hook = await requestJson(s.baseUrl, 'POST', '/v1/webhooks', { url, events, sports: ['esports'] }, s.apiKey);
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  }
  ws = await openRecorder(s.wsUrl, s.apiKey);
  for (const channel of ['esports.live', 'esports.win-probability']) {
    ws.send({ type: 'subscribe', channel });
    await ws.next((m) => m.type === 'subscribed' && m.channel === channel);
  }
  at.ready = true;
}, 300_000);

afterAll(async () => {
  ws?.ws.close();
  await s?.stop();
  await receiver?.close();
  await wpReceiver?.close();
  await up?.close();
});

describe('esports: the TI 2018 grand final game followed from OpenDota', () => {
  test('kills at each cut, towers and Roshan, the end with Dire’s win; result, standings, player and team statistics', async () => {
    const f = await fixtureOf('esports', `opendota-${DOTA.leagueid}`, '2018', 'PSG.LGD');
    ids.dota = f.fixture_id;
    for (let c = 0; c < DOTA_CUTS.length; c++) {
      at.dota = c;
      const t = DOTA_CUTS[c];
      const final = t >= DOTA.duration;
      const score = final ? { home: DOTA.radiant_score, away: DOTA.dire_score } : openDotaKillsAt(DOTA, t);
      await waitFor(
        `dota cut ${c}`,
        async () => {
          const m = (await read(`/v1/esports/matches/${ids.dota}`)).body?.match;
          return m?.score?.home === score.home && m?.score?.away === score.away && (!final || m.status === 'finished')
            ? m
            : null;
        },
        60_000,
        250,
      );
    }
    const m = await matchOf('esports', ids.dota);
    expect(m.match).toMatchObject({ status: 'finished', home_team: 'PSG.LGD', away_team: 'OG' });
    const towers = (side: 'radiant' | 'dire') =>
      DOTA.objectives.filter(
        (o: any) =>
          o.type === 'building_kill' &&
          /tower/.test(o.key) &&
          o.key.includes(side === 'radiant' ? 'badguys' : 'goodguys'),
      ).length;
    const roshans = (team: number) =>
      DOTA.objectives.filter((o: any) => o.type === 'CHAT_MESSAGE_ROSHAN_KILL' && o.team === team).length;
    expect(m.match.state.objectives).toMatchObject({
      towers: { home: towers('radiant'), away: towers('dire') },
      roshans: { home: roshans(2), away: roshans(3) },
    });
    const results = await body(`/v1/esports/results?league=opendota-${DOTA.leagueid}&season=2018`);
    expect(results.data.find((r: any) => r.fixture_id === ids.dota)).toMatchObject({ home_team: 'PSG.LGD' });
    const standings = await body(`/v1/esports/standings?league=opendota-${DOTA.leagueid}&season=2018`);
    const rows = standings.data[0].rows ?? standings.data[0].table;
    expect(rows[0]).toMatchObject({ team: 'OG', wins: 1 });
    // Player statistics from the game's box score: K/D/A, GPM/XPM, last hits, denies, hero, as recorded.
    const players = await body(`/v1/esports/statistics/players?league=opendota-${DOTA.leagueid}&season=2018`);
    const dota = players.categories.find((c: any) => c.name === 'players');
    expect(dota.rows).toHaveLength(DOTA.players.length);
    for (const p of DOTA.players)
      expect(
        dota.rows.find((r: any) => r.player === p.name),
        p.name,
      ).toMatchObject({
        team: p.player_slot < 128 ? 'PSG.LGD' : 'OG',
        games: 1,
        kills: p.kills,
        deaths: p.deaths,
        assists: p.assists,
        gold_per_min: p.gold_per_min,
        xp_per_min: p.xp_per_min,
        last_hits: p.last_hits,
        denies: p.denies,
        heroes: String(p.hero_id),
        hero_names: dotaHeroName(p.hero_id),
      });
    expect(dota.rows.find((r: any) => r.player === 'Topson').hero_names).toBe('Zeus');
    const box = m.events.find((e: any) => e.type === 'box_score');
    expect(box.detail.players.find((p: any) => p.player === 'Ame')).toMatchObject({
      hero_id: 109,
      hero: 'Terrorblade',
    });
    const top = [...DOTA.players].sort((a: any, b: any) => b.kills - a.kills)[0];
    expect(dota.rows[0].player).toBe(top.name);
    const teams = await body(`/v1/esports/statistics/teams?league=opendota-${DOTA.leagueid}&season=2018`);
    expect(JSON.stringify(teams)).toContain('OG');
    const mine = checkOrder('esports', ids.dota);
    const kills = mine.filter((u) => u.event.type === 'kill');
    expect(kills).toHaveLength(DOTA.players.reduce((n: number, p: any) => n + p.kills_log.length, 0));
  }, 300_000);
});

describe('esports: the TI 2018 grand final game 5, win probability (REST, WebSocket, webhook)', () => {
  test('the series moves with the kills and the gold lead, PSG.LGD ahead at 23:00, OG at the end; WS and webhook agree', async () => {
    const wp = WinProbabilityResponseSchema.parse(await body(`/v1/esports/matches/${ids.dota}/win-probability`));
    expect(wp).toMatchObject({ sport: 'esports', started_from: 'rating', knockout: true });
    expect(wp.prematch.home).toBeCloseTo(0.5, 9); // no earlier esports result in the store: 1500 v 1500
    const pts = wp.points;
    for (const p of pts) expect(p.home + p.away).toBeCloseTo(1, 12);
    const gold = pts.filter((p) => p.event?.type === 'gold_lead');
    const kills = pts.filter((p) => p.event?.type === 'kill');
    expect(gold.length).toBeGreaterThan(30); // one reading a minute, 37 minutes
    expect(kills.length).toBeGreaterThan(60); // 69 kills
    // Each kill point moved its side up from the point before.
    for (const k of kills) {
      const i = pts.indexOf(k);
      const side = k.event!.side as 'home' | 'away';
      expect(k[side], k.event!.event_id).toBeGreaterThan(pts[i - 1][side]);
    }
    const minute = (n: number) => pts.find((p) => p.event?.event_id === `opendota:${DOTA.match_id}:gold:${n}`)!;
    expect(minute(23).home).toBeGreaterThan(0.75);
    expect(minute(23).clock.label).toMatch(/^23:00 kills /);
    expect(minute(32).away).toBeGreaterThan(0.97);
    const last = pts.at(-1)!;
    expect(last).toMatchObject({ away: 1 - EPS, event: { type: 'map_end' } });
    // Every moving event went out on the WebSocket channel, the last one equal to the endpoint's.
    const msgs = await waitFor(
      'the last win-probability message',
      async () => {
        const m = ws.messages
          .map((x) => x.msg)
          .filter((x) => x.type === 'win_probability' && x.fixture_id === ids.dota);
        return m.at(-1)?.point?.event?.event_id === last.event!.event_id ? m : null;
      },
      60_000,
      250,
    );
    for (const m of msgs) WinProbabilityMessage.parse(m);
    expect(msgs.at(-1).point).toEqual(last);
    expect(msgs.length).toBeGreaterThanOrEqual(pts.length - 1 - 3);
    const hooks = () =>
      wpReceiver
        .accepted()
        .map((d) => d.json as any)
        .filter((b) => b.type === 'win_probability.updated' && b.data.fixture_id === ids.dota);
    await waitFor(
      'the last win-probability webhook',
      async () => hooks().some((h) => h.data.point.event?.event_id === last.event!.event_id) || null,
      60_000,
      250,
    );
    const hook = WinProbabilityEnvelope.parse(
      hooks().find((h) => h.data.point.event?.event_id === last.event!.event_id),
    );
    expect(hook.data.point).toEqual(last);
  }, 120_000);

  test('odds: the scoreline-model moneyline alone (no bookmaker line recorded); webhooks got every WS update', async () => {
    const r = await read(`/v1/esports/odds?match_id=${ids.dota}`);
    expect([r.status, r.body.market, r.body.bookmakers.map((b: any) => b.bookmaker)]).toEqual([
      200,
      'moneyline',
      ['scoreline-model'],
    ]);
    expect(r.body.source).toMatch(/model, not a bookmaker/);
    const want = checkOrder('esports', ids.dota).map((u) => u.event_id);
    expect(want.length).toBeGreaterThan(0);
    await hooksHave(ids.dota, want, 'esports webhooks');
    expect(ws.invalid).toEqual([]);
  }, 300_000);
});
