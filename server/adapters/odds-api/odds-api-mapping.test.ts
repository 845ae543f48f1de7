/**
 * The odds-api mappers on bodies built in The Odds API v4 shape (made-up prices; the recorded
 * sample in shared/data/live-feeds/odds-api/ is read only to check the shape holds): matching by
 * sport, kickoff and the team table; h2h → 1X2 / moneyline, spreads, totals; /scores → events
 * folded through the real ice hockey and basketball rules; quota arithmetic; the settings.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesFor } from '@/lib/match/registry';
import { readOddsApiSettings } from '../../config-odds-api';
import type { NearFixture } from '../types';
import { eventTicks, matchEvent } from './odds-api-match';
import { budgetSpacingMs, isQuotaExhausted, readQuota, recordAnswer, refusal } from './odds-api-quota';
import { OddsApiEventSchema, parseItems } from './odds-api-schemas';
import { scoreEvents } from './odds-api-scores';
import { seasonOf, sportOfKey } from './odds-api-sports';

const fixture = (id: number, home: string, away: string, kickoff: string, sport = 'football'): NearFixture => ({
  fixture_id: id,
  sport,
  competition: 'premier-league',
  kickoff,
  home_team: home,
  away_team: away,
  status: 'finished',
});
const K = '2024-08-16T19:00:00Z';

describe('matching', () => {
  const stored = [
    fixture(1, 'Manchester United', 'Fulham', '2024-08-16T19:00:00.000Z'),
    fixture(2, 'Brighton & Hove Albion', 'Wolverhampton Wanderers', K),
  ];
  it('by the team table and kickoff tolerance, either order; never a guess', () => {
    expect(
      matchEvent(
        'football',
        { commence_time: K, home_team: 'Manchester United', away_team: 'Fulham' },
        stored,
        1_800_000,
      ).fixture?.fixture_id,
    ).toBe(1);
    expect(
      matchEvent(
        'football',
        { commence_time: '2024-08-16T19:20:00Z', home_team: 'Brighton and Hove Albion', away_team: 'Wolves' },
        stored,
        1_800_000,
      ).fixture?.fixture_id,
    ).toBe(2);
    expect(
      matchEvent('football', { commence_time: K, home_team: 'Fulham', away_team: 'Man Utd' }, stored, 1_800_000).fixture
        ?.fixture_id,
    ).toBe(1);
    const off = matchEvent(
      'football',
      { commence_time: '2024-08-16T20:00:00Z', home_team: 'Manchester United', away_team: 'Fulham' },
      stored,
      1_800_000,
    );
    expect(off).toEqual({ fixture: null, reason: 'no football fixture with these teams within ±30 min of kickoff' });
    const twice = matchEvent(
      'football',
      { commence_time: K, home_team: 'Manchester United', away_team: 'Fulham' },
      [...stored, fixture(3, 'Man United', 'Fulham FC', K)],
      1_800_000,
    );
    expect(twice.fixture).toBeNull();
    expect(
      matchEvent(
        'basketball',
        { commence_time: K, home_team: 'LA Clippers', away_team: 'Utah Jazz' },
        [fixture(4, 'Los Angeles Clippers', 'Utah Jazz', K, 'basketball')],
        0,
      ).fixture?.fixture_id,
    ).toBe(4);
  });
});

describe('ticks', () => {
  const sideOf = (n: string) => (n === 'Home FC' ? 'home' : n === 'Away FC' ? 'away' : null);
  const ev = (markets: unknown[]) => ({ id: 'ev1', bookmakers: [{ key: 'betfair_ex_uk', last_update: K, markets }] });
  it('h2h with a draw → 1X2, without → moneyline; spreads on the home point; totals; American answers kept as strings', () => {
    const t = eventTicks(
      ev([
        {
          key: 'h2h',
          last_update: K,
          outcomes: [
            { name: 'Home FC', price: 2.1 },
            { name: 'Away FC', price: 3.6 },
            { name: 'Draw', price: 3.3 },
          ],
        },
        {
          key: 'spreads',
          outcomes: [
            { name: 'Away FC', price: 1.9, point: 0.5 },
            { name: 'Home FC', price: 1.95, point: -0.5 },
          ],
        },
        {
          key: 'totals',
          outcomes: [
            { name: 'Over', price: 1.8, point: 2.5 },
            { name: 'Under', price: 2.0, point: 2.5 },
          ],
        },
      ]),
      sideOf,
      K,
    );
    expect(t.map((x) => [x.bookmaker, x.market, x.selection, x.line, x.price])).toEqual([
      ['betfair-ex-uk', '1X2', 'home', null, 2.1],
      ['betfair-ex-uk', '1X2', 'away', null, 3.6],
      ['betfair-ex-uk', '1X2', 'draw', null, 3.3],
      ['betfair-ex-uk', 'spread', 'away', -0.5, 1.9],
      ['betfair-ex-uk', 'spread', 'home', -0.5, 1.95],
      ['betfair-ex-uk', 'over_under', 'over', 2.5, 1.8],
      ['betfair-ex-uk', 'over_under', 'under', 2.5, 2.0],
    ]);
    const two = eventTicks(
      ev([
        {
          key: 'h2h',
          outcomes: [
            { name: 'Home FC', price: -160 },
            { name: 'Away FC', price: 115 },
          ],
        },
      ]),
      sideOf,
      K,
    );
    expect(two.map((x) => [x.market, x.price])).toEqual([
      ['moneyline', '-160'],
      ['moneyline', '+115'],
    ]);
    const skipped: { item: string; reason: string }[] = [];
    expect(
      eventTicks(
        ev([
          {
            key: 'h2h',
            outcomes: [
              { name: 'Home FC', price: 2 },
              { name: 'Somebody', price: 2 },
            ],
          },
        ]),
        sideOf,
        K,
        skipped,
      ),
    ).toEqual([]);
    expect(skipped[0].reason).toMatch(/neither team/);
  });
  it('the recorded sample parses in this shape (format reference only)', () => {
    const p = '/work/shared/data/live-feeds/odds-api/v4_sports_upcoming_odds_us_h2h_2024-03-27.json';
    if (!fs.existsSync(p)) return;
    const items = parseItems(JSON.parse(fs.readFileSync(p, 'utf8')), OddsApiEventSchema);
    expect([items.ok.length, items.bad]).toEqual([28, []]);
    expect(items.ok.map((x) => sportOfKey(x.value.sport_key))).not.toContain(null);
  });
});

describe('scores → events, through the real rules', () => {
  const score = (home: number, away: number, completed: boolean) => ({
    id: 'g1',
    sport_key: 'icehockey_x',
    commence_time: K,
    completed,
    home_team: 'A',
    away_team: 'B',
    scores: [
      { name: 'A', score: String(home) },
      { name: 'B', score: String(away) },
    ],
  });
  const fold = (sport: 'ice-hockey' | 'basketball', events: { type: string }[]) => {
    const r = rulesFor(sport);
    return r.project(events.reduce((s, e) => r.applyEvent(s, e as never), r.initialState()));
  };
  it('ice hockey: goals up to the score, then the result', () => {
    const p = fold('ice-hockey', scoreEvents('ice-hockey', score(3, 1, true)).events);
    expect([p.status, p.score]).toEqual(['finished', { home: 3, away: 1 }]);
    expect(scoreEvents('ice-hockey', { ...score(0, 0, false), scores: null }).events).toEqual([]);
  });
  it('basketball: the points gained since the last poll as field goals and free throws', () => {
    const a = scoreEvents('basketball', score(7, 2, false));
    const b = scoreEvents('basketball', score(101, 99, true), a.delivered);
    const p = fold('basketball', [...a.events, ...b.events.filter((e) => e.type !== 'period_start')]);
    expect([p.status, p.score]).toEqual(['finished', { home: 101, away: 99 }]);
    expect(scoreEvents('basketball', score(5, 2, false), b.delivered).note).toMatch(/went down/);
  });
});

describe('quota', () => {
  const now = new Date('2026-12-16T00:00:00Z');
  it('spent from x-requests-last, budget refusals, spacing over the month, exhaustion bodies', () => {
    const q = readQuota(null, now);
    recordAnswer(q, { 'x-requests-remaining': '480', 'x-requests-used': '20', 'x-requests-last': '6' }, 3, now);
    expect([q.spent, q.remaining, q.used]).toEqual([6, 480, 20]);
    expect(refusal(q, 6, 10)).toMatch(/monthly budget spent: 6 of 10/);
    expect(refusal(q, 6, 500)).toBeNull();
    // The plan has 480 credits left (fewer than the budget's 494): 80 polls of 6 over the 16 days left.
    expect(budgetSpacingMs(q, 500, 6, now)).toBe(Math.ceil((16 * 86_400_000) / 80));
    expect(readQuota({ ...q, month: '2026-11' }, now).spent).toBe(0);
    expect(isQuotaExhausted({ message: 'Usage quota has been reached', error_code: 'OUT_OF_USAGE_CREDITS' })).toBe(
      true,
    );
    expect(isQuotaExhausted({ message: 'Too Many Requests', error_code: 'EXCEEDED_FREQ_LIMIT' })).toBe(false);
    expect(seasonOf('ice-hockey', '2026-12-02T18:00:00Z')).toBe('2026-27');
  });
});

describe('settings', () => {
  it('the key is required when enabled and never echoed; own sport keys must be followed and scored', () => {
    const r = readOddsApiSettings({
      SOURCES: 'odds-api',
      ODDS_API_SPORTS: 'soccer_epl',
      ODDS_API_OWN_SPORTS: 'soccer_epl',
    });
    expect(r.issues.map((i) => i.variable).sort()).toEqual(['ODDS_API_KEY', 'ODDS_API_OWN_SPORTS']);
    const bad = readOddsApiSettings({
      SOURCES: 'odds-api',
      ODDS_API_SPORTS: 'soccer_epl',
      ODDS_API_KEY: 'secret key!',
      ODDS_API_REGIONS: 'mars',
    });
    expect(bad.issues.map((i) => i.variable).sort()).toEqual(['ODDS_API_KEY', 'ODDS_API_REGIONS']);
    expect(JSON.stringify(bad.issues)).not.toContain('secret key!');
    expect(readOddsApiSettings({ ODDS_API_KEY: 'x' }).settings).toBeNull();
  });
});
