import { describe, expect, it } from 'vitest';
import { localDate } from './local-date';
import { hrefWith, param, slugParam, teamParam } from './page-params';
import { seasonLabel } from './season-label';

describe('results page helpers', () => {
  it('labels seasons', () => {
    expect(seasonLabel('2023-24')).toBe('2023/24');
    expect(seasonLabel('2022')).toBe('2022');
    expect(seasonLabel('2022-replay')).toBe('2022 (replay)');
    expect(seasonLabel('2018-19-replay')).toBe('2018/19 (replay)');
    expect(seasonLabel('2022-replay-2')).toBe('2022 (replay 2)');
    expect(seasonLabel('spring')).toBe('spring');
  });

  it('formats a kickoff in the viewer zone with Intl', () => {
    expect(localDate('2024-05-19T15:00:00Z', 'Europe/London')).toEqual({
      day: '2024-05-19',
      dayLabel: 'Sunday 19 May 2024',
      short: 'Sun 19 May',
      time: '16:00',
    });
    expect(localDate('2024-05-19T23:30:00Z', 'Asia/Tokyo')).toMatchObject({ day: '2024-05-20', time: '08:30' });
  });

  it('reads query parameters defensively', () => {
    const sp = { league: 'Premier League', season: ['2023-24', 'x'], team: `  ${'a'.repeat(150)} `, empty: ' ' };
    expect(slugParam(sp, 'league')).toBeUndefined();
    expect(param(sp, 'season')).toBe('2023-24');
    expect(param(sp, 'empty')).toBeUndefined();
    expect(teamParam(sp)).toHaveLength(100);
    expect(hrefWith('/football/results', { league: 'euro', season: undefined, by: '' })).toBe(
      '/football/results?league=euro',
    );
  });
});
