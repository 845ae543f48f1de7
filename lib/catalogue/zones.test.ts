import { describe, expect, it } from 'vitest';
import { competitionZones, zoneOf } from './zones';

describe('table zones', () => {
  it('Premier League: top four Champions League, fifth Europa League, bottom three relegated', () => {
    const z = competitionZones('premier-league');
    expect([1, 4, 5, 6, 17, 18, 20].map((p) => zoneOf(z, p, 20)?.kind ?? null)).toEqual([
      'champions',
      'champions',
      'europa',
      null,
      null,
      'relegation',
      'relegation',
    ]);
  });

  it('Bundesliga (18 teams): 16th is the relegation play-off; a World Cup group sends two through', () => {
    expect(zoneOf(competitionZones('bundesliga'), 16, 18)?.kind).toBe('playoff');
    expect(zoneOf(competitionZones('bundesliga'), 17, 18)?.kind).toBe('relegation');
    expect([1, 2, 3].map((p) => zoneOf(competitionZones('world-cup'), p, 4)?.kind ?? null)).toEqual([
      'advance',
      'advance',
      null,
    ]);
    expect(competitionZones('nba')).toEqual([]);
  });
});
