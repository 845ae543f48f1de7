import { describe, expect, it } from 'vitest';
import { parseOpenfootball } from '@/lib/import/openfootball';
import { statsMatchFromImported, toImportedSportMatch } from './adapt';
import * as data from './__fixtures__/datasets';

describe('statsMatchFromImported', () => {
  it('football: score after extra time, winner from the shoot-out (World Cup 2022 final 3-3, 4-2 pens)', () => {
    const final = data
      .openfootball('openfootball-worldcup.json/2022/worldcup.json')
      .find((m) => m.home_team === 'Argentina' && m.away_team === 'France')!;
    expect(final).toMatchObject({
      sport: 'football',
      status: 'finished',
      score: { home: 3, away: 3 },
      winner: 'home',
      result_detail: { ft: [2, 2], et: [3, 3], p: [4, 2] },
    });
    expect(final.events.every((e) => !('stoppage' in e))).toBe(true);
  });
  it('football: unplayed match → no score, no winner', () => {
    const [m] = parseOpenfootball(
      { name: 'X 2024/25', matches: [{ round: '1', date: '2024-08-16', team1: 'A', team2: 'B' }] },
      { competition: 'x', season: '2024-25', timezone: 'UTC', sourceName: 'x' },
    );
    expect(statsMatchFromImported(m, 7)).toMatchObject({
      fixture_id: 7,
      score: null,
      winner: null,
      result_detail: null,
      status: 'scheduled',
    });
  });
  it('other sports: result fields map 1:1 and round-trip through toImportedSportMatch', () => {
    const m = data.t20()[0];
    expect(m).toMatchObject({
      sport: 'cricket',
      home_team: 'Pakistan',
      away_team: 'England',
      score: { home: 137, away: 138 },
      winner: 'away',
    });
    const back = toImportedSportMatch(m);
    expect(back).toMatchObject({
      source_key: `fixture/${m.fixture_id}`,
      status: 'finished',
      result: { home: 137, away: 138, winner: 'away', detail: m.result_detail },
    });
    expect(back.events).toBe(m.events);
  });
});
