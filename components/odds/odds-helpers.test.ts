import { describe, expect, it } from 'vitest';
import { MODEL_BOOKMAKER as CORE_MODEL } from '@/lib/odds/markets';
import { buildChartData, priceAxis, priceTick } from './chart-series';
import { margin1x2, mergeTicks, MODEL_BOOKMAKER, type OddsTick } from './odds-ticks';

const tick = (
  bookmaker: string,
  selection: string,
  price: number,
  observed_at: string,
  seq: number | null = null,
): OddsTick => ({ bookmaker, market: '1X2', selection, line: null, price, observed_at, seq });
const names = { home: 'Wolves', draw: 'Draw', away: 'Brentford' };

describe('odds ticks', () => {
  it('uses the odds core model slug', () => expect(MODEL_BOOKMAKER).toBe(CORE_MODEL));

  it('merges history and live ticks once each, in time order', () => {
    const h = [
      tick('bet365', 'home', 2.7, '2025-05-24T15:00:00.000Z'),
      tick(MODEL_BOOKMAKER, 'home', 2.5, '2025-05-25T15:01:00.000Z', 10),
    ];
    const live = [
      tick(MODEL_BOOKMAKER, 'home', 2.5, '2025-05-25T15:01:00.000Z', 10),
      tick(MODEL_BOOKMAKER, 'home', 2.4, '2025-05-25T15:02:00.000Z', 12),
    ];
    const m = mergeTicks(h, live);
    expect(m.map((t) => t.price)).toEqual([2.7, 2.5, 2.4]);
    expect(mergeTicks([...h, h[0]], []).length).toBe(2); // an imported tick listed twice is one tick
  });

  it('computes a 1X2 margin only for a full book', () => {
    expect(margin1x2({ home: 2.9, draw: 3.7, away: 2.25 })).toBeCloseTo(1 / 2.9 + 1 / 3.7 + 1 / 2.25 - 1, 10);
    expect(margin1x2({ home: 2.9, draw: 3.7 })).toBeNull();
  });
});

describe('chart data', () => {
  const ticks = [
    tick('bet365', 'home', 2.7, '2025-05-24T15:00:00.000Z'),
    tick('bet365', 'draw', 3.7, '2025-05-24T15:00:00.000Z'),
    tick('bet365', 'away', 2.45, '2025-05-24T15:00:00.000Z'),
    tick('pinnacle', 'home', 2.74, '2025-05-24T15:00:00.000Z'),
    tick('market-max', 'home', 2.77, '2025-05-24T15:00:00.000Z'),
    tick('bet365', 'home', 2.9, '2025-05-25T15:00:00.000Z'),
    tick('pinnacle', 'home', 3.0, '2025-05-25T15:00:00.000Z'),
    tick(MODEL_BOOKMAKER, 'home', 3.5, '2025-05-25T15:05:00.000Z', 7),
  ];

  it('one line per bookmaker (no aggregates), opening → current, best among real bookmakers', () => {
    const d = buildChartData(ticks, { by: 'bookmaker', selection: 'home' }, names);
    expect(d.lines.map((l) => [l.id, l.opening, l.current, l.points, l.best])).toEqual([
      ['bet365', 2.7, 2.9, 2, false],
      ['pinnacle', 2.74, 3.0, 2, true],
      [MODEL_BOOKMAKER, 3.5, 3.5, 1, false],
    ]);
    expect(d.points).toBe(5);
    expect(d.last?.seq).toBe(7);
    expect(d.lines[0].margin).toBeCloseTo(1 / 2.9 + 1 / 3.7 + 1 / 2.45 - 1, 10);
    // Every line reaches the chart's last instant (step to "now").
    const end = d.rows.at(-1)!;
    expect([end.l0, end.l1, end.l2]).toEqual([2.9, 3.0, 3.5]);
    expect(d.rows.map((r) => r.t)).toEqual([...new Set(ticks.map((t) => Date.parse(t.observed_at)))]);
  });

  it('one line per selection for one bookmaker, with its margin', () => {
    const d = buildChartData(ticks, { by: 'selection', bookmaker: 'bet365' }, names);
    expect(d.lines.map((l) => [l.label, l.opening, l.current])).toEqual([
      ['Wolves', 2.7, 2.9],
      ['Draw', 3.7, 3.7],
      ['Brentford', 2.45, 2.45],
    ]);
    expect(d.margin).toBeCloseTo(1 / 2.9 + 1 / 3.7 + 1 / 2.45 - 1, 10);
  });

  it('price axis ticks lie inside the padded range', () => {
    const a = priceAxis([1.8, 3.2]);
    expect(a.ticks.every((x) => x >= a.domain[0] && x <= a.domain[1])).toBe(true);
    expect(a.ticks.length).toBeGreaterThanOrEqual(2);
    expect(priceAxis([2.01, 2.02]).ticks.length).toBeGreaterThanOrEqual(2);
  });
});

describe('price axis', () => {
  it('uses readable odds (1.5, 2, 3, 5), at most six, never 1.67 or 26', () => {
    expect(priceAxis([1.45, 7.4]).ticks).toEqual([1.5, 2, 3, 5]);
    expect(priceAxis([1.2, 101]).ticks).toEqual([1.5, 2, 3, 5, 10, 20, 50, 100].filter((_, i) => i % 2 === 0));
    expect(priceAxis([1.8, 2.6]).ticks).toEqual([1.8, 2, 2.2, 2.4, 2.6]);
    expect(priceAxis([2.01, 2.05]).ticks).toEqual([1.95, 2, 2.05, 2.1]); // padded domain 1.93–2.13
  });

  it('labels ticks without trailing zeros', () => {
    expect([1.5, 2, 2.25, 100, 1.05].map(priceTick)).toEqual(['1.5', '2', '2.25', '100', '1.05']);
  });
});
