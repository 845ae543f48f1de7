/**
 * Source adapters on their recorded files (docs/adapters.md, bench/README.md "Adapters"):
 *
 * 1. per adapter, CPU ms and bytes per poll: the recorded response parsed and mapped, then diffed
 *    against the ledger of the poll before (a game followed cut by cut, `--cuts` cuts);
 * 2. upstream change → WebSocket receipt through the local upstream (test/helpers/upstream-server.ts)
 *    and the real server (the built bundle, SOURCES=<adapter>), p50 / p99 against the poll interval.
 *
 *   node --import tsx bench/adapters.ts [--adapters=nhl] [--cuts=40] [--interval=1] [--no-live]
 *
 * Each adapter is one row of ADAPTERS below: its recorded file, its cut function and its mapper
 * (nhl here; mlb, nba in adapters-mlb-nba.ts; espn, opendota in adapters-espn-opendota.ts;
 * odds-api in adapters-odds-api.ts — every source of SOURCES but the replay).
 */
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { diffDelivered, type Ledger } from '@/server/adapters/kit/ledger';
import { mapNhlGame } from '@/server/adapters/nhl/nhl-mapping';
import { NhlPlayByPlaySchema } from '@/server/adapters/nhl/nhl-schemas';
import type { FeedEvent } from '@/lib/match/state';
import { NHL_PBP_FILE, nhlPlayByPlayAt, nhlRoute, readNhlRecording, type NhlRecording } from '@/test/helpers/nhl-cuts';
import { startTestServer } from '@/test/helpers/server';
import { startUpstream, type UpstreamRoute } from '@/test/helpers/upstream-server';
import { openRecorder } from '@/test/helpers/ws-recorder';
import { espnOpenDotaBenchRows } from './adapters-espn-opendota';
import { mlbNbaBenchRows } from './adapters-mlb-nba';
import { oddsApiBenchRow } from './adapters-odds-api';
import { pct } from './lib/stats';

/** One adapter's bench row: how to cut its recording, map one response, and run it in the server. */
export interface AdapterBench {
  name: string;
  /** The recorded file (empty for a row that builds its bodies: odds-api). */
  file: string;
  /** Plays (or items) in the recording: cuts run from 1 to this. */
  length: number;
  /** The upstream response at a cut (a JSON value). */
  at(cut: number): unknown;
  /** Parse + map one response to the game's events (rows with their own {@link AdapterBench.cpu} need none). */
  map?(body: unknown): FeedEvent[];
  /** The row's own CPU ms and bytes per poll, instead of mapping `at` cuts (odds-api: its odds body). */
  cpu?(): { cpuMs: number; meanBytes: number; meanGzip: number };
  /** Whether WebSocket message `m` is the receipt of `cut` (default: the first `update` after the change). */
  receipt?(m: any, cut: number): boolean;
  /** The local upstream's route at the current cut, and the server's settings. */
  route(cut: () => number): UpstreamRoute;
  env(upstreamUrl: string, intervalS: number): Record<string, string>;
  /** The WebSocket channel of its sport. */
  channel: string;
}

const nhl = (): AdapterBench => {
  const rec: NhlRecording = readNhlRecording();
  return {
    name: 'nhl',
    file: NHL_PBP_FILE,
    length: rec.plays.length,
    at: (cut) => nhlPlayByPlayAt(rec, cut),
    map: (body) => mapNhlGame(NhlPlayByPlaySchema.parse(body)).events,
    route: (cut) => nhlRoute(rec, cut),
    env: (url, s) => ({
      SOURCES: 'nhl',
      NHL_API_URL: url,
      NHL_GAME_IDS: String(rec.id),
      NHL_INTERVAL_SECONDS: String(s),
      NHL_IDLE_INTERVAL_SECONDS: String(s),
      NHL_REQUESTS_PER_MINUTE: '600',
    }),
    channel: 'ice-hockey.live',
  };
};

/** Every adapter with a bench row (others add theirs here). */
const ADAPTERS: Record<string, () => AdapterBench> = {
  nhl,
  ...mlbNbaBenchRows(),
  ...espnOpenDotaBenchRows(),
  'odds-api': oddsApiBenchRow,
};

const { values: args } = parseArgs({
  options: {
    adapters: { type: 'string', default: Object.keys(ADAPTERS).join(',') },
    cuts: { type: 'string', default: '40' },
    interval: { type: 'string', default: '1' },
    'no-live': { type: 'boolean', default: false },
  },
});
const CUTS = Number(args.cuts);
const INTERVAL_S = Number(args.interval);

/** CPU ms and bytes per poll over `CUTS` evenly spaced cuts (each mapped 5 times, after a warm-up). */
function cpuPerPoll(a: AdapterBench) {
  if (a.cpu) return a.cpu();
  const map = a.map!;
  const cuts = Array.from({ length: CUTS }, (_, i) => Math.max(1, Math.round(((i + 1) * a.length) / CUTS)));
  const texts = cuts.map((c) => JSON.stringify(a.at(c)));
  const bytes = texts.map((t) => Buffer.byteLength(t));
  const gz = texts.map((t) => zlib.gzipSync(t).length);
  const run = () => {
    let ledger: Ledger = { sent: {} };
    for (const t of texts)
      ledger = diffDelivered(ledger, map(JSON.parse(t)), { complete: true, source: a.name }).ledger;
  };
  run();
  const reps = 5;
  const t0 = process.cpuUsage();
  for (let i = 0; i < reps; i++) run();
  const cpu = process.cpuUsage(t0);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 / (reps * texts.length),
    meanBytes: bytes.reduce((x, y) => x + y, 0) / bytes.length,
    meanGzip: gz.reduce((x, y) => x + y, 0) / gz.length,
  };
}

/** Upstream change → first WebSocket update of that cut, ms, over `CUTS` cuts. */
async function liveLatency(a: AdapterBench): Promise<number[]> {
  let cut = 0;
  const up = await startUpstream({ route: a.route(() => cut) });
  const s = await startTestServer({
    ...a.env(up.url, INTERVAL_S),
    REPLAY: 'off',
    PAGES: 'off',
    BOOTSTRAP: 'off',
    WEBHOOKS: 'off',
  });
  try {
    const ws = await openRecorder(s.wsUrl, s.apiKey);
    ws.send({ channel: a.channel });
    await ws.next((m) => m.type === 'subscribed');
    const step = Math.max(1, Math.floor(a.length / CUTS));
    const lat: number[] = [];
    for (let c = step; c <= a.length; c += step) {
      const from = ws.messages.length;
      cut = c;
      const changed = Date.now();
      // A cut that adds no mapped event (hits, faceoffs) is not counted.
      const isReceipt = (m: any) => (a.receipt ? a.receipt(m, c) : m.type === 'update');
      const got = await ws.next(isReceipt, (INTERVAL_S + 5) * 1000, from).catch(() => null);
      if (got) lat.push(ws.messages.find((m, i) => i >= from && isReceipt(m.msg))!.at - changed);
    }
    ws.ws.close();
    return lat;
  } finally {
    await s.stop();
    await up.close();
  }
}

const rows: string[] = [];
for (const name of args.adapters.split(',')) {
  const make = ADAPTERS[name];
  if (!make) throw new Error(`no bench row for adapter ${name} (known: ${Object.keys(ADAPTERS).join(', ')})`);
  const a = make();
  const c = cpuPerPoll(a);
  let live = '— | — | —';
  if (!args['no-live']) {
    const lat = (await liveLatency(a)).sort((x, y) => x - y);
    live = `${lat.length} | ${pct(lat, 0.5)} | ${pct(lat, 0.99)}`;
  }
  rows.push(
    `| ${a.name} | ${c.cpuMs.toFixed(2)} | ${Math.round(c.meanBytes).toLocaleString('en')} | ${Math.round(c.meanGzip).toLocaleString('en')} | ${INTERVAL_S * 1000} | ${live} |`,
  );
}
console.log(`adapters bench: ${CUTS} cuts per recording, poll interval ${INTERVAL_S} s\n`);
console.log(
  '| adapter | CPU ms / poll (parse + map + diff) | bytes / poll | gzip bytes / poll | interval ms | changes seen | change → WS p50 ms | p99 ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
