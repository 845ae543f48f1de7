import { describe, expect, it } from 'vitest';
import { gamesBehind, pct3, rowName, signed, standingsColumns } from './sport-columns';

const cells = (sport: string, row: Record<string, unknown>) => {
  const { columns } = standingsColumns(sport, [row]);
  return Object.fromEntries(columns.map((c) => [c.abbr, c.value(row)]));
};

describe('standings columns per sport', () => {
  it('NBA: W, L, PCT, GB and home/away records', () => {
    const bucks = {
      position: 1,
      team: 'Milwaukee Bucks',
      played: 82,
      won: 58,
      lost: 24,
      win_pct: 58 / 82,
      games_behind: 0,
      home: { won: 32, lost: 9 },
      away: { won: 26, lost: 15 },
      points_for: 9493,
      points_against: 9268,
    };
    expect(cells('basketball', bucks)).toMatchObject({
      W: 58,
      L: 24,
      PCT: '.707',
      GB: '–',
      Home: '32–9',
      Away: '26–15',
    });
    expect(gamesBehind(3.5)).toBe('3.5');
  });
  it('NHL: GP, W, L, OTL, PTS', () => {
    const bruins = {
      position: 1,
      team: 'Boston Bruins',
      played: 82,
      won: 65,
      lost: 12,
      ot_losses: 5,
      points: 135,
      regulation_wins: 54,
      regulation_overtime_wins: 61,
      goals_for: 305,
      goals_against: 177,
      goal_difference: 128,
      points_pct: 0.823,
    };
    expect(cells('ice-hockey', bruins)).toMatchObject({
      GP: 82,
      W: 65,
      L: 12,
      OTL: 5,
      PTS: 135,
      DIFF: '+128',
      'P%': '.823',
    });
  });
  it('rugby bonus points, cricket NRR, tennis players', () => {
    expect(
      cells('rugby', {
        team: 'Crusaders',
        played: 14,
        won: 11,
        drawn: 0,
        lost: 3,
        points_difference: -4,
        try_bonus: 8,
        losing_bonus: 2,
        points: 54,
      }),
    ).toMatchObject({ TB: 8, LB: 2, Pts: 54, PD: '−4' });
    expect(
      cells('cricket', {
        team: 'India',
        played: 5,
        won: 4,
        lost: 1,
        tied: 0,
        no_result: 0,
        points: 8,
        net_run_rate: 1.319,
      }),
    ).toMatchObject({ Pts: 8, NRR: '+1.319' });
    const djokovic = {
      position: 1,
      team: 'Novak Djokovic',
      player: 'Novak Djokovic',
      matches: 10,
      wins: 9,
      losses: 1,
      win_pct: 0.9,
      sets_won: 20,
      sets_lost: 4,
      games_won: 150,
      games_lost: 90,
      titles: 2,
    };
    expect(standingsColumns('tennis', [djokovic]).name).toBe('Player');
    expect(cells('tennis', djokovic)).toMatchObject({ W: 9, L: 1, PCT: '.900', Sets: '20–4', Titles: 2 });
    expect(rowName({ fighter: 'A Fighter' })).toBe('A Fighter');
  });
  it('falls back to the row keys for other shapes', () => {
    const { columns } = standingsColumns('baseball', [
      { position: 1, team: 'Chicago Cubs', wins: 103, losses: 58, win_pct: 0.64, home: { won: 57, lost: 24 } },
    ]);
    expect(columns.map((c) => c.abbr)).toEqual(['Wins', 'Losses', 'Win pct', 'Home']);
    expect(columns[2].value({ win_pct: 0.6398 })).toBe(0.64);
    expect(columns[3].value({ home: { won: 57, lost: 24 } })).toBe('57–24');
    expect(standingsColumns('curling', []).columns).toEqual([]);
    expect(pct3(null)).toBe('–');
    expect(signed(0)).toBe('0');
  });
});
