import { describe, expect, it } from 'vitest';
import { resultDetail, toPar } from './result-detail';

const t = { home_team: 'England', away_team: 'Pakistan' };

describe('result detail per sport', () => {
  it('words cricket margins', () => {
    expect(
      resultDetail(
        'cricket',
        { kind: 'win', winner: 'home', by: { wickets: 5 }, method: null, eliminator: null, derived: true },
        t,
      ),
    ).toBe('England won by 5 wickets');
    expect(resultDetail('cricket', { kind: 'win', winner: 'away', by: { runs: 1 }, method: 'D/L' }, t)).toBe(
      'Pakistan won by 1 run (D/L)',
    );
    expect(resultDetail('cricket', { kind: 'win', winner: 'home', by: { innings: 1, runs: 12 } }, t)).toBe(
      'England won by an innings and 12 runs',
    );
    expect(resultDetail('cricket', { kind: 'tie', winner: 'away', eliminator: 'away' }, t)).toBe(
      'Match tied (Pakistan won the super over)',
    );
    expect(resultDetail('cricket', { kind: 'no_result', winner: null }, t)).toBe('No result');
  });
  it('lists tennis sets with tie-breaks', () => {
    const r = {
      winner: 'home',
      outcome: 'completed',
      sets: [
        [6, 4],
        [3, 6],
        [7, 6],
      ],
      set_tiebreaks: [null, null, { home: 7, away: 5 }],
    };
    expect(resultDetail('tennis', r, t)).toBe('6–4 3–6 7–6(5)');
    expect(
      resultDetail(
        'tennis',
        {
          ...r,
          sets: [
            [6, 4],
            [2, 1],
          ],
          set_tiebreaks: [null],
          outcome: 'retired',
        },
        t,
      ),
    ).toBe('6–4 2–1 ret.');
  });
  it('marks overtime, shootouts, extra innings and tries', () => {
    expect(resultDetail('ice-hockey', { home: 3, away: 2, decision: 'SO', overtimes: 1 }, t)).toBe('SO');
    expect(resultDetail('ice-hockey', { home: 3, away: 2, decision: 'OT', overtimes: 2 }, t)).toBe('2OT');
    expect(resultDetail('ice-hockey', { home: 3, away: 2, decision: 'REG', overtimes: 0 }, t)).toBeNull();
    expect(resultDetail('basketball', { home: 110, away: 108, overtimes: 1 }, t)).toBe('OT');
    expect(resultDetail('baseball', { home: 4, away: 3, innings: 12 }, t)).toBe('12 innings');
    expect(resultDetail('rugby', { home: 24, away: 20, tries: { home: 3, away: 2 } }, t)).toBe('Tries 3–2');
  });
  it('names golf, MMA and esports outcomes', () => {
    expect(resultDetail('golf', { winner: 'Sample Player 3', to_par: -12, total_strokes: 276 }, t)).toBe(
      'Won by Sample Player 3 (−12)',
    );
    expect(resultDetail('mma', { winner: 'away', method: 'KO', round: 2, time_seconds: 194 }, t)).toBe(
      'Pakistan by KO, R2 3:14',
    );
    expect(resultDetail('mma', { winner: null, method: 'NC', round: 1, time_seconds: 30 }, t)).toBe('No contest');
    expect(resultDetail('esports', { home: 2, away: 1, winner: 'home' }, t)).toBeNull();
    expect(toPar(0)).toBe('E');
    expect(toPar(3)).toBe('+3');
  });
  it('says nothing without detail', () => {
    expect(resultDetail('football', null, t)).toBeNull();
    expect(resultDetail('cricket', { kind: 'mystery' }, t)).toBeNull();
    expect(resultDetail('curling', { anything: 1 }, t)).toBeNull();
  });
});
