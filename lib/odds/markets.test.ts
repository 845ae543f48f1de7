import { describe, expect, it } from 'vitest';
import { OddsError } from './errors';
import {
  BookmakerSlugSchema,
  MODEL_BOOKMAKER,
  QuoteSchema,
  bookmakerSlug,
  isModelBookmaker,
  normalizeMarket,
} from './markets';

const at = '2024-08-16T19:00:00Z';

describe('QuoteSchema', () => {
  it.each([
    { bookmaker: 'bet365', market: '1X2', selection: 'home', line: null, price: 1.6, observed_at: at },
    { bookmaker: 'pinnacle', market: 'moneyline', selection: 'away', line: null, price: 2.05, observed_at: at },
    { bookmaker: 'pinnacle', market: 'over_under', selection: 'over', line: 2.5, price: 1.56, observed_at: at },
    { bookmaker: 'bet365', market: 'over_under', selection: 'under', line: 2.25, price: 1.9, observed_at: at },
    { bookmaker: 'bet365', market: 'asian_handicap', selection: 'home', line: -0.75, price: 2.05, observed_at: at },
    {
      bookmaker: 'bet365',
      market: 'asian_handicap',
      selection: 'away',
      line: 0.25,
      price: 1.88,
      observed_at: '2024-08-16T19:00:00.123Z',
    },
    { bookmaker: 'pinnacle', market: 'spread', selection: 'home', line: -3.5, price: 1.91, observed_at: at },
    { bookmaker: 'bet365', market: 'outright', selection: 'Liverpool', line: null, price: 5, observed_at: at },
    { bookmaker: MODEL_BOOKMAKER, market: '1X2', selection: 'draw', line: null, price: 3.6, observed_at: at },
  ])('accepts $market $selection $line', (q) => {
    expect(QuoteSchema.safeParse(q).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['selection not in the market', { market: '1X2', selection: 'over', line: null }],
    ['1X2 with a line', { market: '1X2', selection: 'home', line: 0.5 }],
    ['totals without a line', { market: 'over_under', selection: 'over', line: null }],
    ['negative totals line', { market: 'over_under', selection: 'over', line: -0.5 }],
    ['handicap not in quarters', { market: 'asian_handicap', selection: 'home', line: -0.3 }],
    ['price 1.0', { price: 1 }],
    ['bookmaker not a slug', { bookmaker: 'Bet 365' }],
    ['local time', { observed_at: '2024-08-16T19:00:00+01:00' }],
    ['totals alias is not stored', { market: 'totals', selection: 'over', line: 2.5 }],
    ['empty outright selection', { market: 'outright', selection: '', line: null }],
  ])('rejects %s', (_name, patch) => {
    const q = {
      bookmaker: 'bet365',
      market: '1X2',
      selection: 'home',
      line: null,
      price: 2,
      observed_at: at,
      ...patch,
    };
    expect(QuoteSchema.safeParse(q).success).toBe(false);
  });
});

describe('normalizeMarket', () => {
  it.each([
    ['1X2', '1X2'],
    ['1x2', '1X2'],
    ['totals', 'over_under'],
    [' Over_Under ', 'over_under'],
    ['AH', 'asian_handicap'],
    ['spread', 'spread'],
    ['outrights', 'outright'],
    ['moneyline', 'moneyline'],
  ])('%s → %s', (name, market) => expect(normalizeMarket(name)).toBe(market));

  it('rejects unknown markets', () => expect(() => normalizeMarket('corners')).toThrow(OddsError));
});

it('the model bookmaker is flagged as a model', () => {
  expect(isModelBookmaker(MODEL_BOOKMAKER)).toBe(true);
  expect(isModelBookmaker('bet365')).toBe(false);
});

describe('bookmakerSlug', () => {
  it('a book name as a slug the odds schema accepts', () => {
    const names = ['FanDuel', 'Bet 365', 'Caesars Sportsbook', 'Betplay (CO)', 'Ñapa Apuestas', '—', 'x'.repeat(60)];
    const slugs = names.map(bookmakerSlug);
    expect(slugs.slice(0, 6)).toEqual([
      'fanduel',
      'bet-365',
      'caesars-sportsbook',
      'betplay-co',
      'napa-apuestas',
      'unknown',
    ]);
    for (const s of slugs) expect(BookmakerSlugSchema.safeParse(s).success, s).toBe(true);
  });
});
