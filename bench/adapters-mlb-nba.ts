/**
 * CPU per poll of the `mlb` and `nba` mappers on the recorded files (test/fixtures/upstream/):
 * the bytes a poll reads, and the time to parse + validate + map them to events (JSON.parse,
 * the zod schemas, the fold through the sport's rules), p50 / p99 over the runs. The upstream →
 * WebSocket latency through the real server is the integration test's territory
 * (test/integration/adapters-mlb-nba.test.ts); it is not timed here.
 *
 *   npx tsx bench/adapters-mlb-nba.ts [runs=50]
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { mapGumboEvents } from '../server/adapters/mlb/gumbo-events';
import { GumboFeedSchema } from '../server/adapters/mlb/gumbo-schema';
import { boxScoreEvent, mapPlayByPlay } from '../server/adapters/nba/cdn-events';
import { gameInfoOfBox } from '../server/adapters/nba/cdn-game';
import { NbaBoxScoreSchema } from '../server/adapters/nba/cdn-schema';
import { pct } from './lib/stats';

const runs = Number(process.argv[2] ?? 50);
const read = (p: string) => fs.readFileSync(new URL(`../test/fixtures/upstream/${p}`, import.meta.url), 'utf8');
const feed = read('mlb-statsapi/game_744914_feed_live.json');
const schedule = read('mlb-statsapi/schedule_sportId1_2024-07-01.json');
const pbp = read('nba-cdn/playbyplay_0022000001.json');
const box = read('nba-cdn/boxscore_0022000001.json');

function time(f: () => number): { ms: number[]; events: number } {
  const ms: number[] = [];
  let events = 0;
  for (let i = 0; i < runs + 5; i++) {
    const t = performance.now();
    events = f();
    if (i >= 5) ms.push(performance.now() - t);
  }
  return { ms, events };
}

const mlb = time(() => {
  JSON.parse(schedule);
  return mapGumboEvents(GumboFeedSchema.parse(JSON.parse(feed))).events.length;
});
const nba = time(() => {
  const b = NbaBoxScoreSchema.parse(JSON.parse(box));
  const m = mapPlayByPlay(JSON.parse(pbp), gameInfoOfBox(b));
  return m.events.length + (boxScoreEvent(b).event ? 1 : 0);
});
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const row = (name: string, bytes: number, r: { ms: number[]; events: number }) =>
  `| ${name} | ${bytes.toLocaleString('en')} | ${r.events} | ${pct(sorted(r.ms), 0.5).toFixed(1)} | ${pct(sorted(r.ms), 0.99).toFixed(1)} |`;

console.log(`runs: ${runs}\n`);
console.log('| adapter (recorded final file, one poll) | bytes read | events mapped | CPU ms p50 | CPU ms p99 |');
console.log('|---|---|---|---|---|');
console.log(row('mlb: schedule + feed/live 744914', schedule.length + feed.length, mlb));
console.log(row('nba: boxscore + playbyplay 0022000001', box.length + pbp.length, nba));
