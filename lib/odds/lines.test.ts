import { describe, expect, it } from 'vitest';
import { marketConsensus } from './consensus';
import { currentBooks, lineKey, summarizeLines } from './lines';
import type { Quote } from './markets';

// Man United v Fulham 2024-08-16 20:00 UK (19:00Z): football-data's opening (B365H 1.6) and
// closing (B365CH 1.67) Bet365 home prices, with invented intermediate and in-play times.
const q = (
  bookmaker: string,
  selection: string,
  price: number,
  observed_at: string,
  market: Quote['market'] = '1X2',
  line: number | null = null,
): Quote => ({
  bookmaker,
  market,
  selection,
  line,
  price,
  observed_at,
});
const KICKOFF = '2024-08-16T19:00:00Z';
const history: Quote[] = [
  q('bet365', 'home', 1.65, '2024-08-15T10:00:00Z'),
  q('bet365', 'home', 1.6, '2024-08-14T09:00:00Z'), // out of order on purpose: the opening
  q('bet365', 'home', 1.65, '2024-08-15T12:00:00Z'), // same price again: not a change
  q('bet365', 'home', 1.67, '2024-08-16T18:55:00Z'), // closing
  q('bet365', 'home', 1.3, '2024-08-16T19:40:00Z'), // in play
  q('pinnacle', 'home', 1.63, '2024-08-14T09:00:00Z'),
  q('pinnacle', 'over', 1.56, '2024-08-14T09:00:00Z', 'over_under', 2.5),
];

describe('summarizeLines', () => {
  const lines = summarizeLines(history, { kickoff: KICKOFF });
  const b365 = lines.find((l) => l.bookmaker === 'bet365')!;

  it('opening, current and closing per bookmaker and selection', () => {
    // sorted by market, line, bookmaker, selection
    expect(lines.map(lineKey)).toEqual([
      'bet365|1X2|null|home',
      'pinnacle|1X2|null|home',
      'pinnacle|over_under|2.5|over',
    ]);
    expect(b365.opening).toEqual({ price: 1.6, observed_at: '2024-08-14T09:00:00Z' });
    expect(b365.closing).toEqual({ price: 1.67, observed_at: '2024-08-16T18:55:00Z' });
    expect(b365.current).toEqual({ price: 1.3, observed_at: '2024-08-16T19:40:00Z' });
  });

  it('keeps every price change, drops repeats', () => {
    expect(b365.history.map((p) => p.price)).toEqual([1.6, 1.65, 1.67, 1.3]);
  });

  it('no closing line before kickoff or without a kickoff', () => {
    expect(summarizeLines(history, { kickoff: KICKOFF, now: '2024-08-16T18:00:00Z' })[0].closing).toBeNull();
    expect(summarizeLines(history)[0].closing).toBeNull();
  });
});

describe('currentBooks', () => {
  it('latest price per bookmaker and selection, as of a time, feeding the consensus', () => {
    const pre = currentBooks(history, '1X2', null, KICKOFF);
    expect(pre).toEqual([
      { bookmaker: 'bet365', prices: { home: 1.67 } },
      { bookmaker: 'pinnacle', prices: { home: 1.63 } },
    ]);
    expect(currentBooks(history, '1X2', null)[0].prices.home).toBe(1.3);
    expect(currentBooks(history, 'over_under', 2.5)).toEqual([{ bookmaker: 'pinnacle', prices: { over: 1.56 } }]);
    expect(marketConsensus(pre).selections[0].median).toBe(1.65);
  });
});
