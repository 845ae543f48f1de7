import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  TIE_BREAKERS,
  competitionDisplayName,
  getCompetition,
  listCompetitions,
  normaliseSeason,
  pointsAdjustments,
} from './competitions';

describe('competition catalogue', () => {
  it('lists the seven known competitions with unique slugs', () => {
    const slugs = listCompetitions().map((c) => c.slug);
    expect(slugs).toEqual(['premier-league', 'bundesliga', 'laliga', 'serie-a', 'ligue-1', 'world-cup', 'euro']);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it.each([
    ['premier-league', 'Premier League', 'England', 'Europe/London', 'league'],
    ['bundesliga', 'Bundesliga', 'Germany', 'Europe/Berlin', 'league'],
    ['laliga', 'LaLiga', 'Spain', 'Europe/Madrid', 'league'],
    ['serie-a', 'Serie A', 'Italy', 'Europe/Rome', 'league'],
    ['ligue-1', 'Ligue 1', 'France', 'Europe/Paris', 'league'],
    ['world-cup', 'FIFA World Cup', null, 'UTC', 'tournament'],
    ['euro', 'UEFA Euro', null, 'UTC', 'tournament'],
  ])('%s: name, country, timezone, format', (slug, name, country, timezone, format) => {
    const c = getCompetition(slug)!;
    expect({ sport: c.sport, name: c.name, country: c.country, timezone: c.timezone, format: c.format }).toEqual({
      sport: 'football',
      name,
      country,
      timezone,
      format,
    });
    expect(c.points).toEqual({ win: 3, draw: 1, loss: 0 });
    expect(c.tie_breakers[0]).toBe('points');
    expect(c.tie_breakers.every((t) => (TIE_BREAKERS as readonly string[]).includes(t))).toBe(true);
    expect(() => Intl.DateTimeFormat('en', { timeZone: c.timezone })).not.toThrow();
  });

  it.each([
    ['premier-league', ['points', 'goal_difference', 'goals_for', 'h2h_points', 'h2h_away_goals']],
    ['bundesliga', ['points', 'goal_difference', 'goals_for', 'h2h_points', 'h2h_away_goals', 'away_goals']],
    ['laliga', ['points', 'h2h_points', 'h2h_goal_difference', 'goal_difference', 'goals_for']],
    ['serie-a', ['points', 'h2h_points', 'h2h_goal_difference', 'goal_difference', 'goals_for']],
    ['ligue-1', ['points', 'goal_difference', 'h2h_points', 'h2h_goal_difference', 'goals_for']],
    ['world-cup', ['points', 'goal_difference', 'goals_for', 'h2h_points', 'h2h_goal_difference', 'h2h_goals_for']],
    ['euro', ['points', 'h2h_points', 'h2h_goal_difference', 'h2h_goals_for', 'goal_difference', 'goals_for', 'wins']],
  ])('%s tie-breakers', (slug, expected) => {
    expect(getCompetition(slug)!.tie_breakers).toEqual(expected);
  });

  it('returns undefined for an unknown slug and read-only definitions', () => {
    expect(getCompetition('mls')).toBeUndefined();
    expect(getCompetition('Premier-League')).toBeUndefined();
    const pl = getCompetition('premier-league')!;
    expect(Object.isFrozen(pl)).toBe(true);
    expect(Object.isFrozen(pl.tie_breakers)).toBe(true);
    expect(() => {
      (pl as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    // listCompetitions returns a fresh array each time
    const list = listCompetitions();
    list.pop();
    expect(listCompetitions()).toHaveLength(7);
  });
});

describe('competitionDisplayName', () => {
  it.each([
    ['premier-league', '2023-24', 'Premier League 2023/24'],
    ['premier-league', '2023/24', 'Premier League 2023/24'],
    ['premier-league', '2023-2024', 'Premier League 2023/24'],
    ['bundesliga', '2024-25', 'Bundesliga 2024/25'],
    ['laliga', '1999-00', 'LaLiga 1999/00'],
    ['world-cup', '2022', 'FIFA World Cup 2022'],
    ['euro', '2024', 'UEFA Euro 2024'],
  ])('%s %s → %s', (slug, season, expected) => {
    expect(competitionDisplayName(slug, season)).toBe(expected);
  });

  it('rejects unknown slugs and malformed seasons', () => {
    expect(() => competitionDisplayName('mls', '2024')).toThrow(Error);
    expect(() => competitionDisplayName('premier-league', '2023')).toThrow(RangeError);
    expect(() => competitionDisplayName('premier-league', '2023-25')).toThrow(RangeError);
    expect(() => competitionDisplayName('world-cup', '2022-23')).toThrow(RangeError);
  });

  it('normalises season labels to the ImportedMatch form', () => {
    expect(normaliseSeason(getCompetition('serie-a')!, ' 2023/2024 ')).toBe('2023-24');
    expect(normaliseSeason(getCompetition('euro')!, '2024')).toBe('2024');
  });
});

describe('pointsAdjustments', () => {
  it('records the Premier League 2023/24 deductions (Everton −6 and −2, Nottingham Forest −4)', () => {
    const adj = pointsAdjustments('premier-league', '2023-24');
    expect(adj.map((a) => [a.team, a.points])).toEqual([
      ['Everton', -6],
      ['Everton', -2],
      ['Nottingham Forest', -4],
    ]);
    expect(adj.every((a) => a.reason.length > 0)).toBe(true);
    const total = (team: string) => adj.filter((a) => a.team === team).reduce((s, a) => s + a.points, 0);
    expect(total('Everton')).toBe(-8);
    expect(pointsAdjustments('premier-league', '2023/24')).toEqual(adj);
  });

  it('is empty for seasons without adjustments and returns copies', () => {
    expect(pointsAdjustments('premier-league', '2024-25')).toEqual([]);
    expect(pointsAdjustments('laliga', '2010-11')).toEqual([]);
    expect(pointsAdjustments('world-cup', '2022')).toEqual([]);
    const adj = pointsAdjustments('premier-league', '2023-24');
    adj[0].points = 0;
    expect(pointsAdjustments('premier-league', '2023-24')[0].points).toBe(-6);
    expect(() => pointsAdjustments('nope', '2023-24')).toThrow(Error);
  });

  it('names teams that exist in the real 2023/24 data (after stripping " FC")', () => {
    const file = JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../datasets/football/openfootball-football.json/2023-24/en.1.json', import.meta.url)),
        'utf8',
      ),
    );
    const names = new Set<string>(file.matches.map((m: { team1: string }) => m.team1.replace(/ FC$/, '')));
    for (const a of pointsAdjustments('premier-league', '2023-24')) expect(names.has(a.team)).toBe(true);
  });
});
