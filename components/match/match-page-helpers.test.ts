import { describe, expect, it } from 'vitest';
import { kickoffWord } from './MatchHeader';
import { statRows } from './MatchStatistics';

describe('match page helpers', () => {
  it('says Played for a finished match of a sport without a kickoff (tennis), Starts before, Started during', () => {
    expect(kickoffWord('tennis', 'finished')).toBe('Played');
    expect(kickoffWord('tennis', 'scheduled')).toBe('Starts');
    expect(kickoffWord('baseball', 'in_play')).toBe('Started');
    expect(kickoffWord('football', 'finished')).toBe('Kickoff');
  });

  it('lists statistics both sides have, known figures first in reading order', () => {
    const rows = statRows({ home: { fouls: 11, shots: 6, corners: 2, shots_on_target: 1, note: 'x' }, away: { fouls: 9, shots: 18, corners: 6, shots_on_target: 9 } });
    expect(rows.map((r) => [r.label, r.home, r.away])).toEqual([
      ['Shots', 6, 18],
      ['Shots on target', 1, 9],
      ['Corners', 2, 6],
      ['Fouls', 11, 9],
    ]);
    expect(statRows(null)).toEqual([]);
  });
});
