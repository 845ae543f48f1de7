/** FiveThirtyEight's season-start ratings read from the bundled NBA and NHL Elo files. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fiveThirtyEightSeed } from './fivethirtyeight-seed';

const read = (p: string) => readFileSync(`${__dirname}/../../datasets/${p}`, 'utf8');

describe('fiveThirtyEightSeed', () => {
  it("NBA 2022-23: every team's pre-game rating at its first game (Boston 1657.6 on 18 October)", () => {
    const s = fiveThirtyEightSeed(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'), 'basketball');
    expect(s.size).toBe(30);
    expect(s.get('Boston Celtics')).toBeCloseTo(1657.64, 2);
    expect(s.get('Philadelphia 76ers')).toBeCloseTo(1582.25, 2);
  });
  it('NHL 2022-23: 32 teams, Nashville 1506.3 and San Jose 1450.2 on 7 October', () => {
    const s = fiveThirtyEightSeed(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'), 'ice-hockey');
    expect(s.size).toBe(32);
    expect(s.get('Nashville Predators')).toBeCloseTo(1506.27, 2);
    expect(s.get('San Jose Sharks')).toBeCloseTo(1450.24, 2);
  });
  it('refuses a file of the other layout', () => {
    expect(() => fiveThirtyEightSeed('a,b\n1,2\n', 'basketball')).toThrow(/elo1_pre/);
  });
});
