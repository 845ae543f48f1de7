import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFootballData } from '../import/football-data';
import { AUGSBURG_WERDER, BURNLEY_MAN_CITY, MAN_UNITED_FULHAM, x12Books } from './__fixtures__/real-matches';
import { bookmakerMargins, marketConsensus, median, type BookmakerBook } from './consensus';
import { OddsError } from './errors';
import { MARKET_SELECTIONS, MODEL_BOOKMAKER } from './markets';

const X12 = MARKET_SELECTIONS['1X2'];
const pick = (c: ReturnType<typeof marketConsensus>, selection: string) =>
  c.selections.find((s) => s.selection === selection)!;

describe('median', () => {
  it.each<[number[], number]>([
    [[3], 3],
    [[3, 1, 2], 2],
    [[8, 8.75, 8, 8.58, 8, 9.5], 8.29], // even count: mean of the two middle values (8 and 8.58)
    [[1, 2, 3, 4], 2.5],
  ])('median(%j) = %s', (xs, m) => expect(median(xs)).toBeCloseTo(m, 12));
  it('rejects an empty list', () => expect(() => median([])).toThrow(OddsError));
});

describe('marketConsensus on real matches (checked by hand)', () => {
  it('Burnley v Man City 2023-08-11 (2324/E0.csv): six bookmakers, even count', () => {
    // Home: 8, 8, 8, 8.58, 8.75, 9.5 → (8 + 8.58)/2 = 8.29; best 9.5 VC Bet.
    // Draw: 5, 5.25, 5.25, 5.5, 5.5, 5.51 → (5.25 + 5.5)/2 = 5.375; best 5.51 Pinnacle.
    // Away: 1.25, 1.33, 1.33, 1.34, 1.35, 1.37 → (1.33 + 1.34)/2 = 1.335; best 1.37 Pinnacle.
    // Consensus margin: 1/8.29 + 1/5.375 + 1/1.335 − 1 = 0.120627 + 0.186047 + 0.749064 − 1 = 5.57 %.
    // Best-price book: 1/9.5 + 1/5.51 + 1/1.37 − 1 = 0.105263 + 0.181488 + 0.729927 − 1 = 1.67 %.
    const c = marketConsensus(x12Books(BURNLEY_MAN_CITY), { selections: X12 });
    expect(c.selections.map((s) => [s.selection, s.median, s.best, s.best_bookmakers, s.bookmakers])).toEqual([
      ['home', 8.29, 9.5, ['vc-bet'], 6],
      ['draw', 5.375, 5.51, ['pinnacle'], 6],
      ['away', 1.335, 1.37, ['pinnacle'], 6],
    ]);
    expect(c.margin).toBeCloseTo(0.055737, 6);
    expect(c.best_margin).toBeCloseTo(0.016678, 6);
    expect(c.excluded).toEqual(['market-average', 'market-max']);
    expect(c.bookmakers).toEqual(['bet365', 'betandwin', 'interwetten', 'pinnacle', 'vc-bet', 'william-hill']);
    expect(c.missing).toEqual([]);
  });

  it('Man United v Fulham 2024-08-16 (2425/E0.csv): seven incl. Betfair Exchange, odd count, best prices an arbitrage', () => {
    // Home: 1.6, 1.6, 1.6, 1.63, 1.65, 1.66, 1.68 → 1.63; best 1.68 1xBet.
    // Draw: 4.2, 4.2, 4.32, 4.33, 4.38, 4.4, 4.5 → 4.33; best 4.5 Betfair Exchange.
    // Away: 5, 5, 5.03, 5.25, 5.25, 5.3, 5.6 → 5.25; best 5.6 Betfair Exchange.
    // Consensus margin: 1/1.63 + 1/4.33 + 1/5.25 − 1 = 0.613497 + 0.230947 + 0.190476 − 1 = 3.49 %.
    // Best book: 1/1.68 + 1/4.5 + 1/5.6 − 1 = 0.595238 + 0.222222 + 0.178571 − 1 = −0.40 % (arbitrage).
    const c = marketConsensus(x12Books(MAN_UNITED_FULHAM), { selections: X12 });
    expect(c.selections.map((s) => [s.median, s.best, s.best_bookmakers, s.bookmakers])).toEqual([
      [1.63, 1.68, ['1xbet'], 7],
      [4.33, 4.5, ['betfair-exchange'], 7],
      [5.25, 5.6, ['betfair-exchange'], 7],
    ]);
    expect(c.margin).toBeCloseTo(0.03492, 5);
    expect(c.best_margin).toBeCloseTo(-0.003968, 6);
  });

  it('Augsburg v Werder Bremen 2024-08-24 (2425/D1.csv)', () => {
    // Home: 2.2, 2.25, 2.25, 2.25, 2.31, 2.32, 2.34 → 2.25; Draw: 3.5, 3.5, 3.55, 3.6, 3.6, 3.7, 3.8 → 3.6;
    // Away: 3, 3.1, 3.1, 3.1, 3.11, 3.13, 3.25 → 3.1. Margin 1/2.25 + 1/3.6 + 1/3.1 − 1 = 0.444444 + 0.277778 + 0.322581 − 1 = 4.48 %.
    const c = marketConsensus(x12Books(AUGSBURG_WERDER), { selections: X12 });
    expect(c.selections.map((s) => s.median)).toEqual([2.25, 3.6, 3.1]);
    expect(pick(c, 'draw').best_bookmakers).toEqual(['1xbet']);
    expect(c.margin).toBeCloseTo(0.044803, 6);
  });

  it('lists every bookmaker sharing the best price', () => {
    // Burnley at 8 from Bet365, Interwetten and William Hill only.
    const books = x12Books(BURNLEY_MAN_CITY).filter((b) =>
      ['bet365', 'interwetten', 'william-hill'].includes(b.bookmaker),
    );
    const home = pick(marketConsensus(books, { selections: X12 }), 'home');
    expect([home.median, home.best, home.best_bookmakers]).toEqual([8, 8, ['bet365', 'interwetten', 'william-hill']]);
  });
});

describe('marketConsensus edge cases', () => {
  const pinnacle: BookmakerBook = { bookmaker: 'pinnacle', prices: { home: 8.58, draw: 5.51, away: 1.37 } };

  it('a single bookmaker is its own consensus', () => {
    const c = marketConsensus([pinnacle], { selections: X12 });
    expect(c.selections.map((s) => s.median)).toEqual([8.58, 5.51, 1.37]);
    expect(c.margin).toBeCloseTo(0.027965, 6);
    expect(c.best_margin).toBe(c.margin);
  });

  it('a bookmaker missing a selection still counts for the others', () => {
    const c = marketConsensus([pinnacle, { bookmaker: 'bet365', prices: { home: 8, away: 1.33 } }], {
      selections: X12,
    });
    expect(pick(c, 'home')).toMatchObject({ median: 8.29, bookmakers: 2 });
    expect(pick(c, 'draw')).toMatchObject({ median: 5.51, bookmakers: 1 });
    expect(c.margin).not.toBeNull();
  });

  it('a selection nobody quotes is missing and leaves the margin null', () => {
    const c = marketConsensus([{ bookmaker: 'bet365', prices: { home: 8, away: 1.33 } }], { selections: X12 });
    expect(c.missing).toEqual(['draw']);
    expect(c.selections.map((s) => s.selection)).toEqual(['home', 'away']);
    expect(c.margin).toBeNull();
    expect(c.best_margin).toBeNull();
  });

  it('no bookmaker at all gives an empty consensus', () => {
    const c = marketConsensus([], { selections: X12 });
    expect(c.selections).toEqual([]);
    expect(c.missing).toEqual(['home', 'draw', 'away']);
  });

  it('leaves out aggregates and the model by default; a custom rule can keep them', () => {
    const model: BookmakerBook = { bookmaker: MODEL_BOOKMAKER, prices: { home: 1.5, draw: 4, away: 6 } };
    const c = marketConsensus([
      pinnacle,
      model,
      { bookmaker: 'market-max', prices: { home: 100, draw: 100, away: 100 } },
    ]);
    expect(c.bookmakers).toEqual(['pinnacle']);
    expect(c.excluded).toEqual(['market-max', MODEL_BOOKMAKER]);
    expect(marketConsensus([pinnacle, model], { exclude: () => false }).bookmakers).toEqual([
      'pinnacle',
      MODEL_BOOKMAKER,
    ]);
  });

  it('rejects a bookmaker listed twice and bad prices', () => {
    expect(() => marketConsensus([pinnacle, pinnacle])).toThrow(OddsError);
    expect(() => marketConsensus([{ bookmaker: 'x', prices: { home: 1 } }])).toThrow(OddsError);
    expect(() => marketConsensus([{ bookmaker: 'x', prices: { home: Number.NaN } }])).toThrow(OddsError);
  });
});

describe('bookmakerMargins', () => {
  it('per bookmaker overround, complete books only', () => {
    const m = bookmakerMargins(x12Books(BURNLEY_MAN_CITY), X12);
    expect(m.bet365).toBeCloseTo(0.058698, 6);
    expect(m.pinnacle).toBeCloseTo(0.027965, 6);
    expect(m['william-hill']).toBeCloseTo(0.125, 9);
    expect(Object.keys(bookmakerMargins([{ bookmaker: 'a', prices: { home: 2, away: 2 } }], X12))).toEqual([]);
  });
});

describe('consensus over whole real seasons (through the repo importer)', () => {
  it.each(['2324/E0.csv', '2425/E0.csv', '2425/D1.csv'])(
    '%s: median within the books, best is the max, margins plausible',
    (file) => {
      const text = readFileSync(
        new URL(`../../datasets/football/football-data.co.uk/${file}`, import.meta.url),
        'utf8',
      );
      const matches = parseFootballData(text);
      expect(matches.length).toBeGreaterThan(250);
      for (const match of matches) {
        const books = new Map<string, Record<string, number>>();
        for (const q of match.odds) {
          if (q.market !== '1X2' || q.kind !== 'opening') continue;
          books.set(q.bookmaker, { ...books.get(q.bookmaker), [q.selection]: q.price });
        }
        const list = [...books].map(([bookmaker, prices]) => ({ bookmaker, prices }));
        const c = marketConsensus(list, { selections: X12 });
        expect(c.missing).toEqual([]);
        for (const s of c.selections) {
          const offered = list.filter((b) => !b.bookmaker.startsWith('market-')).map((b) => b.prices[s.selection]);
          expect(s.median).toBeGreaterThanOrEqual(Math.min(...offered));
          expect(s.median).toBeLessThanOrEqual(Math.max(...offered));
          expect(s.best).toBe(Math.max(...offered));
        }
        expect(c.margin!).toBeGreaterThan(0);
        expect(c.margin!).toBeLessThan(0.1);
        expect(c.best_margin!).toBeLessThanOrEqual(c.margin!);
      }
    },
  );
});
