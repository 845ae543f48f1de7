/**
 * The replay driver over several cycles of a real channel (the two Cricsheet T20 World Cup 2022
 * matches) on a real embedded store: each cycle's matches play to the end, the finished cycle is
 * archived under its own season label, and the channel's files are parsed once per process —
 * parsing them again at every cycle end blocked the event loop for seconds (18 s for the ATP 2017
 * point-by-point file on a loaded 2-core machine, which made a server's requests time out).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { openStore, type Store } from '../store/db';
import * as t from '../store/schema';
import { REPLAY_CHANNELS, type ReplayChannel } from './channels';
import { ReplayDriver } from './driver';

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-replay-test-'));
  store = await openStore({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('three cycles of the T20 channel: every match finishes, each cycle is archived, the files are parsed once', async () => {
  const cricket = REPLAY_CHANNELS.find((c) => c.channel === 'cricket-t20-world-cup-2022')!;
  let loads = 0;
  const counted: ReplayChannel = {
    ...cricket,
    load: () => {
      loads += 1;
      return cricket.load();
    },
  };
  const engine = new FeedEngine(store, new FeedBus());
  // 10,000×: a T20 innings pair (~3.5 h) plays in ~1.3 s, the 15 min gap between match days in 0.09 s.
  const driver = new ReplayDriver(engine, pino({ level: 'warn' }), {
    speed: 10_000,
    leadMs: 0,
    tickMs: 20,
    channels: [counted],
  });
  await driver.start();
  try {
    const deadline = Date.now() + 60_000;
    while (driver.status()[0].cycle < 4) {
      if (Date.now() > deadline) throw new Error(`still in cycle ${driver.status()[0].cycle} after 60 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    driver.stop();
  }
  expect(loads, 'the channel files are read and parsed once, not at every cycle end').toBe(1);

  const seasons = await store.db
    .select({ season: t.competitions.season, id: t.competitions.id })
    .from(t.competitions)
    .where(and(eq(t.competitions.sport, 'cricket'), like(t.competitions.season, '%replay%')));
  const labels = seasons.map((s) => s.season).sort();
  // Cycles 1–3 archived as -replay-1..3; cycle 4 runs under the plain -replay label.
  expect(labels).toEqual(['2022-23-replay', '2022-23-replay-1', '2022-23-replay-2', '2022-23-replay-3']);
  for (const s of seasons.filter((x) => x.season !== '2022-23-replay')) {
    const fixtures = await store.db
      .select({ status: t.fixtures.status })
      .from(t.fixtures)
      .where(eq(t.fixtures.competitionId, s.id));
    expect(
      fixtures.map((f) => f.status),
      s.season,
    ).toEqual(['finished', 'finished']);
  }
}, 120_000);
