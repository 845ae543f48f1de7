import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSuperRugby } from './superrugby';

const TEXT = readFileSync(
  fileURLToPath(new URL('../../datasets/rugby/superrugby/superrugby_raw.csv', import.meta.url)),
  'utf8',
);
const matches = parseSuperRugby(TEXT);
type Detail = {
  tries: { home: number; away: number };
  competition_points: { home: number; away: number };
  margin_band: string | null;
  match_type: string | null;
};
const d = (i: number) => matches[i].result!.detail as Detail;

describe('parseSuperRugby (superrugby_raw.csv as it is)', () => {
  it('1,785 finished matches, 1996–2015, unique keys; Super 12 / 14 / Rugby by Comp', () => {
    expect(matches).toHaveLength(1785);
    expect(new Set(matches.map((m) => m.source_key)).size).toBe(1785);
    expect(
      matches.every((m) => m.status === 'finished' && m.sport === 'rugby' && m.competition === 'super-rugby'),
    ).toBe(true);
    const seasons = new Set(matches.map((m) => m.season));
    expect([...seasons].sort()).toEqual(Array.from({ length: 20 }, (_, i) => String(1996 + i)));
    expect(new Set(matches.map((m) => m.competition_name))).toEqual(new Set(['Super 12', 'Super 14', 'Super Rugby']));
  });
  it('1996 final: Blues 45–21 Natal, 6:2 tries, 5–0 points, venue and margin band from the two Adv columns', () => {
    expect(matches[0]).toMatchObject({
      source_key: 'superrugby/1996-05-25/Blues/Natal',
      round: 'Final',
      venue: 'Auckland',
      home_team: 'Blues',
      away_team: 'Natal',
      result: { home: 45, away: 21, winner: 'home' },
    });
    expect(d(0)).toEqual({
      tries: { home: 6, away: 2 },
      competition_points: { home: 5, away: 0 },
      margin_band: '13+',
      match_type: null,
      home_country: 'NZL',
    });
    // No Time ("NA") → 12:00 in Auckland (NZST, UTC+12 in May) = 00:00Z.
    expect(matches[0].kickoff).toBe('1996-05-25T00:00:00Z');
  });
  it('2015 rows: local kick-off times in the venue zone, match type', () => {
    const last = matches.at(-1)!;
    expect(last).toMatchObject({
      home_team: 'Crusaders',
      away_team: 'Rebels',
      round: 'Round 1',
      venue: 'Christchurch',
      kickoff: '2015-02-13T06:35:00Z',
    }); // 19:35 NZDT
    const perth = matches.find((m) => m.venue === 'Perth' && m.season === '2015')!;
    expect(perth.kickoff).toMatch(/T1\d:\d\d:00Z$/); // Perth UTC+8, evening kick-offs
    expect((last.result!.detail as Detail).match_type).toBe('International');
  });
  it('draws have no winner; rounds are numbered or knockout labels', () => {
    const draws = matches.filter((m) => m.result!.home === m.result!.away);
    expect(draws.length).toBeGreaterThan(0);
    expect(draws.every((m) => m.result!.winner === null)).toBe(true);
    const rounds = new Set(matches.map((m) => m.round!.replace(/^Round \d+$/, 'Round n')));
    expect(rounds).toEqual(new Set(['Round n', 'Semi-final', 'Final', 'Qualifier']));
  });
  it('rejects a changed header and unreadable cells', () => {
    const [head, row] = TEXT.split('\n');
    expect(() => parseSuperRugby(TEXT.replace('"Time","Adv"', '"Time","Margin"'))).toThrow(
      /unexpected Super Rugby header/,
    );
    expect(() => parseSuperRugby(`${head}\n${row.replace('"6:2"', '"6-2"')}`)).toThrow(/row 2: invalid Tries/);
    expect(() => parseSuperRugby(`${head}\n${row.replace('Blues v Natal', 'Blues vs Natal')}`)).toThrow(
      /invalid Match/,
    );
  });
});
