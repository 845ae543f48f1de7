import { describe, expect, it } from 'vitest';
import { kickoffWord } from './MatchHeader';
import { statRows } from './MatchStatistics';
import { serveStatRows } from './serve-stats';

describe('match page helpers', () => {
  it('tennis serve statistics from an ATP result (first serves) or a point-by-point state (service points won)', () => {
    // Van Assche v Basavareddy's ATP stats as the bundled Sackmann file has them (home side).
    const atp = {
      home: {
        aces: 11,
        double_faults: 3,
        service_points: 73,
        first_serves_in: 45,
        first_serve_points_won: 39,
        second_serve_points_won: 14,
        service_games: 12,
        break_points_faced: 3,
        break_points_saved: 2,
        rank: 128,
      },
      away: {
        aces: 3,
        double_faults: 3,
        service_points: 86,
        first_serves_in: 50,
        first_serve_points_won: 35,
        second_serve_points_won: 14,
        service_games: 12,
        break_points_faced: 14,
        break_points_saved: 11,
      },
    };
    const rows = Object.fromEntries(
      serveStatRows(atp, null).map((r) => [r.key, [r.homeText ?? r.home, r.awayText ?? r.away]]),
    );
    expect(rows).toEqual({
      aces: [11, 3],
      double_faults: [3, 3],
      first_serve_in_pct: [62, 58],
      first_serve_won_pct: [87, 70],
      second_serve_won_pct: [50, 39],
      service_points_won_pct: [73, 57],
      break_points_saved: ['2/3', '11/14'],
      service_games_won: ['11/12', '9/12'],
    });
    const live = {
      home: {
        aces: 2,
        double_faults: 1,
        points_won: 39,
        service_points: 41,
        service_points_won: 27,
        service_games: 7,
        service_games_won: 6,
        break_points_faced: 3,
        break_points_saved: 2,
      },
      away: {
        aces: 1,
        double_faults: 4,
        points_won: 41,
        service_points: 39,
        service_points_won: 27,
        service_games: 7,
        service_games_won: 6,
        break_points_faced: 1,
        break_points_saved: 0,
      },
    };
    expect(serveStatRows(null, live).map((r) => r.key)).toEqual([
      'aces',
      'double_faults',
      'service_points_won_pct',
      'break_points_saved',
      'service_games_won',
    ]);
    expect(
      serveStatRows(null, { home: { ...live.home, service_points: 0 }, away: { ...live.away, service_points: 0 } }),
    ).toEqual([]);
  });

  it('says Played for a finished match of a sport without a kickoff (tennis), Starts before, Started during', () => {
    expect(kickoffWord('tennis', 'finished')).toBe('played');
    expect(kickoffWord('tennis', 'scheduled')).toBe('starts');
    expect(kickoffWord('baseball', 'in_play')).toBe('started');
    expect(kickoffWord('football', 'finished')).toBe('kickoff');
  });

  it('lists statistics both sides have, known figures first in reading order', () => {
    const rows = statRows({
      home: { fouls: 11, shots: 6, corners: 2, shots_on_target: 1, note: 'x' },
      away: { fouls: 9, shots: 18, corners: 6, shots_on_target: 9 },
    });
    expect(rows.map((r) => [r.label, r.home, r.away])).toEqual([
      ['Shots', 6, 18],
      ['Shots on target', 1, 9],
      ['Corners', 2, 6],
      ['Fouls', 11, 9],
    ]);
    expect(statRows(null)).toEqual([]);
  });
});
