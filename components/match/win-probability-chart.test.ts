/** The win-probability chart's pure part: live points merged (a correction cuts back), biggest swings, band paths. */
import { expect, test } from 'vitest';
import { bandPaths, biggestSwings, mergePoint, percent, type WinProbabilityPoint } from './win-probability-chart';

const pt = (i: number, home: number, away: number, draw: number | null = null): WinProbabilityPoint => ({
  home,
  draw,
  away,
  observed_at: new Date(Date.UTC(2022, 11, 18, 15, i)).toISOString(),
  clock: { period: '1st_half', minute: i, label: `${i}'` },
  event: i === 0 ? null : { event_id: `e${i}`, type: 'goal', side: 'home' },
});

test('a later point is appended; a point for an event already in the series cuts it back there', () => {
  const s = [pt(0, 0.4, 0.3, 0.3), pt(10, 0.6, 0.2, 0.2)];
  const appended = mergePoint(s, pt(20, 0.8, 0.1, 0.1));
  expect(appended.map((p) => p.event?.event_id ?? null)).toEqual([null, 'e10', 'e20']);
  const back = mergePoint(appended, { ...pt(10, 0.6, 0.2, 0.2), observed_at: s[1].observed_at });
  expect(back.map((p) => p.event?.event_id ?? null)).toEqual([null, 'e10']);
  expect(mergePoint(appended, pt(5, 0.5, 0.25, 0.25))).toEqual(appended); // older than the last: superseded
});

test('the biggest swings: largest rises of a side, at least 5 points, at most 3, in series order', () => {
  const s = [
    pt(0, 0.5, 0.5),
    pt(1, 0.52, 0.48),
    pt(2, 0.8, 0.2),
    pt(3, 0.4, 0.6),
    pt(4, 0.45, 0.55),
    pt(5, 0.9, 0.1),
    pt(6, 0.99, 0.01),
  ];
  const w = biggestSwings(s);
  expect(w.map((x) => [x.point.event!.event_id, x.side, Number(x.delta.toFixed(2))])).toEqual([
    ['e2', 'home', 0.28],
    ['e3', 'away', 0.4],
    ['e5', 'home', 0.45],
  ]);
  expect(biggestSwings([pt(0, 0.5, 0.5), pt(1, 0.52, 0.48)])).toEqual([]);
});

test('bands are closed paths; percent never says 0 or 100 before the end', () => {
  const b = bandPaths([pt(0, 0.4, 0.3, 0.3), pt(10, 0.6, 0.2, 0.2)]);
  for (const d of Object.values(b)) expect(d).toMatch(/^M[\d.,L]+Z$/);
  expect([percent(0.004), percent(0.996), percent(0.5)]).toEqual(['<1%', '>99%', '50%']);
});
