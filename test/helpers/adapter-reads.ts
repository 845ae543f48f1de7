/**
 * Reads shared by the adapter integration tests on a started server (adapters-espn.test.ts,
 * adapters-opendota.test.ts): REST reads with the server's API key, a fixture found by its home
 * side, a match, the WebSocket client's `<sport>.live` updates in order and the webhook
 * receiver's deliveries per fixture.
 */
import { expect } from 'vitest';
import { requestJson } from './http';
import type { Receiver } from './receivers';
import { waitFor, type TestServer } from './server';
import type { Recorder } from './ws-recorder';

/** The parts the reads use, looked up at each call (the tests set them in beforeAll). */
export interface AdapterTestParts {
  s: TestServer;
  ws: Recorder;
  receiver: Receiver;
}

/** The reads over `parts()` (REST, WebSocket updates, webhook deliveries). */
export function adapterReads(parts: () => AdapterTestParts) {
  const read = (p: string) => requestJson(parts().s.baseUrl, 'GET', p, undefined, parts().s.apiKey);
  /** The body of a 200 (fails the test otherwise). */
  const body = async (p: string) => {
    const r = await read(p);
    expect(r.status, `${p}: ${JSON.stringify(r.body).slice(0, 400)}`).toBe(200);
    return r.body;
  };
  const wsUpdates = (sport: string) =>
    parts()
      .ws.messages.map((m) => m.msg)
      .filter((m) => m.type === 'update' && m.channel === `${sport}.live`);
  const hooksOf = (fixtureId: number) =>
    parts()
      .receiver.accepted()
      .map((d) => d.json as any)
      .filter((b) => b?.data?.fixture_id === fixtureId || b?.data?.match?.fixture_id === fixtureId);
  /** The fixture of `sport` whose home side is `home` in `league` / `season` (any status). */
  const fixtureOf = (sport: string, league: string, season: string, home: string): Promise<any> =>
    waitFor(
      `${sport} fixture ${home}`,
      async () =>
        ((await read(`/v1/${sport}/fixtures?league=${league}&season=${season}&limit=100`)).body?.data ?? []).find(
          (f: any) => f.home_team === home,
        ) ?? null,
      60_000,
    );
  const matchOf = async (sport: string, id: number) => (await body(`/v1/${sport}/matches/${id}`)) as any;
  /** The WS updates of `sport` for `fixtureId`: each event id once, seq increasing. */
  const checkOrder = (sport: string, fixtureId: number) => {
    const mine = wsUpdates(sport).filter((u) => u.data.fixture_id === fixtureId);
    const seqs = mine.map((u) => u.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(mine.map((u) => u.event_id)).size).toBe(mine.length);
    return mine;
  };
  /** Every event id of `ids` reached the webhook receiver for `fixtureId`. */
  const hooksHave = (fixtureId: number, ids: string[], what: string) =>
    waitFor(
      what,
      async () => {
        const got = new Set(hooksOf(fixtureId).map((h) => h.data?.event?.event_id));
        return ids.every((id) => got.has(id)) || null;
      },
      240_000,
    );
  return { read, body, wsUpdates, hooksOf, fixtureOf, matchOf, checkOrder, hooksHave };
}
