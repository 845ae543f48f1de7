/** FiveThirtyEight's season-start ratings read from the bundled NBA and NHL Elo files, and their dates honoured by the ratings pass. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runElo } from './elo';
import { fiveThirtyEightSeed } from './fivethirtyeight-seed';
import { PREMATCH_PARAMS, prematchProbabilities } from './prematch';
import type { RatedResult } from './types';

const read = (p: string) => readFileSync(`${__dirname}/../../datasets/${p}`, 'utf8');

describe('fiveThirtyEightSeed', () => {
  it("NBA 2022-23: every team's pre-game rating at its first game (Boston 1657.6 on 18 October)", () => {
    const s = fiveThirtyEightSeed(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'), 'basketball');
    expect(s.size).toBe(30);
    expect(s.get('Boston Celtics')!.rating).toBeCloseTo(1657.64, 2);
    expect(s.get('Boston Celtics')!.from).toBe('2022-10-18');
    expect(s.get('Philadelphia 76ers')!.rating).toBeCloseTo(1582.25, 2);
  });
  it('NHL 2022-23: 32 teams, Nashville 1506.3 and San Jose 1450.2 on 7 October', () => {
    const s = fiveThirtyEightSeed(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'), 'ice-hockey');
    expect(s.size).toBe(32);
    expect(s.get('Nashville Predators')!.rating).toBeCloseTo(1506.27, 2);
    expect(s.get('Nashville Predators')!.from).toBe('2022-10-07');
    expect(s.get('San Jose Sharks')!.rating).toBeCloseTo(1450.24, 2);
  });
  it('refuses a file of the other layout', () => {
    expect(() => fiveThirtyEightSeed('a,b\n1,2\n', 'basketball')).toThrow(/elo1_pre/);
  });
});

describe('dated seed ratings in the ratings pass', () => {
  const game = (id: number, kickoff: string, season: string, finished = true): RatedResult => ({
    fixture_id: id,
    kickoff,
    season,
    home: 'Boston Celtics',
    away: 'Philadelphia 76ers',
    home_score: 110,
    away_score: 100,
    winner: 'home',
    finished,
  });
  const params = PREMATCH_PARAMS.basketball;
  const seed = fiveThirtyEightSeed(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'), 'basketball');

  it('a rating informs only fixtures on or after its date, and replaces the earlier rating unregressed', () => {
    const { predictions } = runElo(
      [
        game(1, '2022-04-10T23:00:00.000Z', '2021-22'),
        game(2, '2022-10-17T23:00:00.000Z', '2022-23'),
        game(3, '2022-10-18T23:30:00.000Z', '2022-23'),
      ],
      params,
      { seed },
    );
    // Before 18 October 2022 the 2022-23 season-start rating is unknown: the pass's own ratings.
    expect(predictions.get(1)!.home_rating).toBe(1500);
    expect(predictions.get(2)!.home_rating).not.toBeCloseTo(1657.64, 0);
    // From its date on: FiveThirtyEight's number, not regressed a second time.
    expect(predictions.get(3)!.home_rating).toBeCloseTo(1657.64, 2);
    expect(predictions.get(3)!.away_rating).toBeCloseTo(1582.25, 2);
  });

  it("a fixture's prediction is unchanged by a seed dated after its kickoff", () => {
    const early = [game(1, '2022-10-01T23:00:00.000Z', '2022-23', false)];
    const a = prematchProbabilities('basketball', early).get(1)!;
    const b = prematchProbabilities('basketball', early, seed).get(1)!;
    expect(b.home).toBe(a.home);
  });
});
