/**
 * The finished-series cache (finished-series.ts) on a real store (the bundled basketball seed,
 * PGlite): its thread is stopped once the cache is idle (its heap returned), and a recompute after
 * that starts a new one and keeps the same answers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSeededStore, type SeededStore } from '@/test/helpers/seeded-store';
import type { Db } from '../store/db';
import { FinishedSeries } from './finished-series';

let s: SeededStore;
let series: FinishedSeries;
beforeAll(async () => {
  s = await openSeededStore('basketball');
  series = new FinishedSeries(s.store.db as Db, undefined, 200);
}, 600_000);
afterAll(async () => {
  await series?.close();
  await s?.close();
});

const until = async (f: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !f() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
};

it('stops its thread when idle; a later recompute starts another with the same answers', async () => {
  await series.recompute(['basketball']);
  expect(series.size).toBeGreaterThan(1000);
  const ids = [...(series as unknown as { cache: Map<number, unknown> }).cache.keys()].slice(0, 5);
  const before = await Promise.all(ids.map((id) => series.answer(s.store.db, 'basketball', id)));
  expect(before.every((b) => b?.sport === 'basketball')).toBe(true);
  expect(series.threadRunning).toBe(true);
  await until(() => !series.threadRunning);
  expect(series.threadRunning, 'stopped 200 ms after the recompute').toBe(false);
  // The final whistle's path: a recompute of some fixtures of the sport (the pool read again).
  await series.recompute(['basketball'], ids);
  expect(await Promise.all(ids.map((id) => series.answer(s.store.db, 'basketball', id)))).toEqual(before);
  await until(() => !series.threadRunning);
  expect(series.threadRunning).toBe(false);
}, 300_000);
