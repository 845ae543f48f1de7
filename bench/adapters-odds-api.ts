/**
 * CPU and bytes per poll of the `odds-api` source's mapping (server/adapters/odds-api/): one
 * `/v4/sports/{sport}/odds` body built in The Odds API v4 shape (the recorded sample has no
 * licence and is not bundled; this body is made up: `EVENTS` events × `BOOKS` bookmakers × h2h,
 * spreads, totals, decimal prices), matched against a season's worth of stored fixtures and read
 * into ticks — JSON.parse, the zod item schemas, matching by kickoff and the team table, the
 * markets — p50 / p99 over the runs, with JSON.parse alone as the same-process baseline.
 * bench/adapters.ts's `odds-api` row ({@link oddsApiBenchRow}) takes its CPU and bytes from here
 * and adds the upstream price change → WebSocket `odds` message through the real server.
 *
 *   npx tsx bench/adapters-odds-api.ts [runs=200]
 */
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { eventTicks, matchEvent } from '../server/adapters/odds-api/odds-api-match';
import { OddsApiEventSchema, parseItems } from '../server/adapters/odds-api/odds-api-schemas';
import { teamMatchKey } from '../server/adapters/odds-api/odds-api-teams';
import type { NearFixture } from '../server/adapters/types';
import type { AdapterBench } from './adapters';
import { pct } from './lib/stats';

const TEAMS = [
  'Arsenal',
  'Aston Villa',
  'Bournemouth',
  'Brentford',
  'Brighton and Hove Albion',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Ipswich Town',
  'Leicester City',
  'Liverpool',
  'Manchester City',
  'Manchester United',
  'Newcastle United',
  'Nottingham Forest',
  'Southampton',
  'Tottenham Hotspur',
  'West Ham United',
  'Wolverhampton Wanderers',
];
const EVENTS = 10;
const BOOKS = 12;
const T = Date.parse('2026-12-05T15:00:00Z');

/** One poll's body (made-up prices) and the stored fixtures it is matched against (380: a season). */
function build() {
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const at = new Date(T - 3_600_000).toISOString().replace('.000Z', 'Z');
    const [home, away] = [TEAMS[2 * i], TEAMS[2 * i + 1]];
    return {
      id: `bench${i.toString(16).padStart(28, '0')}`,
      sport_key: 'soccer_epl',
      sport_title: 'EPL',
      commence_time: new Date(T + (i % 3) * 9_000_000).toISOString().replace('.000Z', 'Z'),
      home_team: home,
      away_team: away,
      bookmakers: Array.from({ length: BOOKS }, (_, b) => ({
        key: `book_${b}`,
        title: `Book ${b}`,
        last_update: at,
        markets: [
          {
            key: 'h2h',
            last_update: at,
            outcomes: [
              { name: home, price: 2.1 + b / 100 },
              { name: away, price: 3.4 },
              { name: 'Draw', price: 3.3 },
            ],
          },
          {
            key: 'spreads',
            last_update: at,
            outcomes: [
              { name: home, price: 1.95, point: -0.5 },
              { name: away, price: 1.9, point: 0.5 },
            ],
          },
          {
            key: 'totals',
            last_update: at,
            outcomes: [
              { name: 'Over', price: 1.85, point: 2.5 },
              { name: 'Under', price: 2.0, point: 2.5 },
            ],
          },
        ],
      })),
    };
  });
  const fixtures: NearFixture[] = [];
  let id = 1;
  for (let r = 0; r < 38; r++)
    for (let i = 0; i < 10; i++) {
      // Round 19 kicks off at T with the events' pairs; the others a week apart, pairs shifted.
      const shift = ((r - 19) * 2 + 40) % 20;
      const name = (k: number) =>
        TEAMS[k % 20] === 'Brighton and Hove Albion' ? 'Brighton & Hove Albion' : TEAMS[k % 20];
      fixtures.push({
        fixture_id: id++,
        sport: 'football',
        competition: 'premier-league',
        kickoff: new Date(T + (r - 19) * 7 * 86_400_000 + (i % 3) * 9_000_000).toISOString(),
        home_team: name(2 * i + shift),
        away_team: name(2 * i + 1 + shift),
        status: 'scheduled',
      });
    }
  return { body: JSON.stringify(events), fixtures };
}

/** One poll's mapping: parse, validate, match, read the ticks. Returns [matched, ticks]. */
function poll(body: string, fixtures: readonly NearFixture[]): [number, number] {
  const events = parseItems(JSON.parse(body), OddsApiEventSchema).ok.map((x) => x.value);
  let matched = 0;
  let ticks = 0;
  for (const e of events) {
    const m = matchEvent('football', e, fixtures, 30 * 60_000);
    if (!m.fixture) continue;
    matched += 1;
    const hk = teamMatchKey('football', m.fixture.home_team);
    const ak = teamMatchKey('football', m.fixture.away_team);
    ticks += eventTicks(
      e,
      (n) => (teamMatchKey('football', n) === hk ? 'home' : teamMatchKey('football', n) === ak ? 'away' : null),
      e.commence_time,
    ).length;
  }
  return [matched, ticks];
}

/** The bench's figures: bytes of the body (raw, gzip), events matched, ticks, CPU ms p50/p99 and the JSON.parse baseline. */
export function benchOddsApi(runs = 200) {
  const { body, fixtures } = build();
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const mapMs: number[] = [];
  const parseMs: number[] = [];
  let out: [number, number] = [0, 0];
  for (let i = 0; i < runs + 10; i++) {
    let t = performance.now();
    JSON.parse(body);
    const p = performance.now() - t;
    t = performance.now();
    out = poll(body, fixtures);
    const m = performance.now() - t;
    if (i >= 10) {
      parseMs.push(p);
      mapMs.push(m);
    }
  }
  const s = sorted(mapMs);
  const b = sorted(parseMs);
  return {
    bytes: Buffer.byteLength(body),
    gzip_bytes: zlib.gzipSync(body).length,
    events: EVENTS,
    bookmakers: BOOKS,
    matched: out[0],
    ticks: out[1],
    cpu_ms_p50: pct(s, 0.5),
    cpu_ms_p99: pct(s, 0.99),
    parse_ms_p50: pct(b, 0.5),
    ratio_to_parse: pct(s, 0.5) / Math.max(1e-6, pct(b, 0.5)),
  };
}

const BENCH_KEY = 'benchOddsApiKey_0123456789';
const SHL = 'icehockey_sweden_hockey_league';
/** The live game's home price of bookmaker 0 at `cut`: each cut moves it, so its `odds` message names the cut. */
const homePriceAt = (cut: number) => +(1.5 + cut / 100).toFixed(2);

/**
 * The `odds-api` row of bench/adapters.ts: CPU and bytes per poll from {@link benchOddsApi} (100
 * runs of the EPL body; the row has no recorded file: the recorded sample has no licence), and
 * through the real server (SOURCES=odds-api, SHL as an own sport, so its live game becomes a
 * fixture) each cut's price move — every one of `BOOKS` bookmakers' h2h — to the first WebSocket
 * `ice-hockey.odds` message carrying that cut's price.
 */
export function oddsApiBenchRow(): AdapterBench {
  const kickoff = new Date(Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000).toISOString();
  const commence = kickoff.replace('.000Z', 'Z');
  const game = { id: 'bench-shl-frolunda-farjestad', sport_key: SHL, sport_title: 'SHL', commence_time: commence };
  const [home, away] = ['Frölunda HC', 'Färjestad BK'];
  const odds = (cut: number) => [
    {
      ...game,
      home_team: home,
      away_team: away,
      bookmakers: Array.from({ length: BOOKS }, (_, b) => ({
        key: `book_${b}`,
        title: `Book ${b}`,
        last_update: commence,
        markets: [
          {
            key: 'h2h',
            last_update: commence,
            outcomes: [
              { name: home, price: +(homePriceAt(cut) + b / 100).toFixed(2) },
              { name: away, price: +(2.6 - cut / 100).toFixed(2) },
            ],
          },
        ],
      })),
    },
  ];
  const scores = [
    {
      ...game,
      completed: false,
      home_team: home,
      away_team: away,
      scores: [
        { name: home, score: '1' },
        { name: away, score: '0' },
      ],
      last_update: commence,
    },
  ];
  const sports = [{ key: SHL, group: 'Ice Hockey', title: 'SHL', description: 'SHL', active: true }];
  let cpu: ReturnType<typeof benchOddsApi> | null = null;
  return {
    name: 'odds-api',
    file: '',
    length: 40,
    at: odds,
    cpu: () => {
      cpu ??= benchOddsApi(100);
      return { cpuMs: cpu.cpu_ms_p50, meanBytes: cpu.bytes, meanGzip: cpu.gzip_bytes };
    },
    route: (cut) => (_p, url) => {
      if (url.searchParams.get('apiKey') !== BENCH_KEY) return { status: 401, body: { message: 'bad key' } };
      if (url.pathname === '/v4/sports') return { body: sports };
      if (url.pathname === `/v4/sports/${SHL}/odds`) return { body: odds(cut()) };
      if (url.pathname === `/v4/sports/${SHL}/scores`) return { body: scores };
      return undefined;
    },
    env: (url, s) => ({
      SOURCES: 'odds-api',
      ODDS_API_URL: url,
      ODDS_API_KEY: BENCH_KEY,
      ODDS_API_SPORTS: SHL,
      ODDS_API_OWN_SPORTS: SHL,
      ODDS_API_MONTHLY_BUDGET: '100000000',
      ODDS_API_INTERVAL_SECONDS: String(s),
      ODDS_API_IDLE_INTERVAL_SECONDS: String(s),
      ODDS_API_REQUESTS_PER_MINUTE: '600',
    }),
    channel: 'ice-hockey.odds',
    receipt: (m, cut) => m.type === 'odds' && m.ticks.some((t: { price: number }) => t.price === homePriceAt(cut)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 200);
  const r = benchOddsApi(runs);
  console.log(`runs: ${runs}\n`);
  console.log(
    '| adapter (one poll) | bytes (gzip) | events matched | ticks | CPU ms p50 | CPU ms p99 | × JSON.parse |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| odds-api: /v4/sports/soccer_epl/odds, ${r.events} events × ${r.bookmakers} bookmakers × 3 markets vs 380 fixtures | ${r.bytes.toLocaleString('en')} (${r.gzip_bytes.toLocaleString('en')}) | ${r.matched} | ${r.ticks} | ${r.cpu_ms_p50.toFixed(2)} | ${r.cpu_ms_p99.toFixed(2)} | ${r.ratio_to_parse.toFixed(1)} |`,
  );
}
