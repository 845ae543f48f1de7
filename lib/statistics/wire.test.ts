import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SPORTS, type Sport } from '../sports';
import { withPlayerIds } from './player-ids';
import { PlayerStatisticsResponseSchema, TeamStatisticsResponseSchema } from '../wire/statistics';
import { PLAYER_CATEGORIES } from './categories';
import { playerStatistics } from './players';
import { teamStatistics } from './teams';
import type { StatsMatch } from './types';
import * as data from './__fixtures__/datasets';

const synthetic = (sport: Sport, events: [string, string][]): StatsMatch => ({
  fixture_id: 9,
  sport,
  competition: 'x',
  season: '2024',
  home_team: 'Home',
  away_team: 'Away',
  kickoff: '2024-01-01T00:00:00Z',
  status: 'finished',
  score: { home: 2, away: 1 },
  winner: 'home',
  result_detail: null,
  stats: null,
  events: events.map(([type, player], i) => ({
    event_id: `e${i}`,
    type,
    side: 'home',
    player,
    minute: null,
    period: null,
    clock_seconds: null,
    detail: { points: 3, made: true, card: 'yellow' },
  })),
});

/** Real data per sport where the repository bundles some; synthetic logs for the rest. */
const BY_SPORT: Record<Sport, () => StatsMatch[]> = {
  football: () => [
    ...data.openfootball('openfootball-worldcup.json/2022/worldcup.json'),
    ...data.statsbomb(),
    ...data.footballData('2324/E0.csv'),
  ],
  basketball: () => [
    ...data.nba().slice(0, 200),
    synthetic('basketball', [
      ['field_goal', 'Curry'],
      ['free_throw', 'Curry'],
      ['foul', 'Green'],
    ]),
  ],
  cricket: data.t20,
  tennis: () => [...data.atp2024().slice(0, 500), ...data.atpPbp(20)],
  baseball: data.cubs2016,
  'ice-hockey': () => [
    ...data.nhl().slice(0, 200),
    synthetic('ice-hockey', [
      ['goal', 'Pastrnak'],
      ['penalty', 'Marchand'],
    ]),
  ],
  golf: () => [
    synthetic('golf', [
      ['hole', 'Scheffler'],
      ['hole', 'Scheffler'],
    ]),
  ],
  rugby: () => [
    ...data.superRugby().slice(0, 200),
    synthetic('rugby', [
      ['try', 'Savea'],
      ['card', 'Savea'],
    ]),
  ],
  mma: () => [synthetic('mma', [['strike', 'Jones']])],
  esports: () => [synthetic('esports', [['kill', 's1mple']])],
};

describe('responses validate against the wire schemas, every sport', () => {
  it.each(SPORTS)('%s', (sport) => {
    const matches = BY_SPORT[sport]();
    const teams = TeamStatisticsResponseSchema.safeParse({
      sport,
      league: matches[0].competition,
      season: matches[0].season,
      stage: 'all',
      data: teamStatistics(matches),
    });
    expect(teams.error?.issues ?? []).toEqual([]);
    const players = withPlayerIds(playerStatistics(sport, matches));
    expect(players.categories.map((c) => c.name)).toEqual(PLAYER_CATEGORIES[sport].map((c) => c.name));
    expect(players.categories.some((c) => c.rows.length > 0)).toBe(true);
    const res = PlayerStatisticsResponseSchema.safeParse({
      sport,
      league: null,
      season: null,
      stage: 'all',
      categories: players.categories,
    });
    expect(res.error?.issues ?? []).toEqual([]);
  });
});

describe('schemas are strict and documented', () => {
  const teams = teamStatistics(data.t20());
  const players = withPlayerIds(playerStatistics('cricket', data.t20()));
  it('an unknown field anywhere is rejected', () => {
    const r0 = teams[0];
    expect(
      TeamStatisticsResponseSchema.safeParse({
        sport: 'cricket',
        league: 't20-world-cup',
        season: '2022',
        stage: 'regular',
        data: [{ ...r0, extra: 1 }],
      }).success,
    ).toBe(false);
    expect(
      TeamStatisticsResponseSchema.safeParse({
        sport: 'cricket',
        league: 't20-world-cup',
        season: '2022',
        stage: 'regular',
        data: [{ ...r0, sport_stats: { ...r0.sport_stats, x: 1 } }],
      }).success,
    ).toBe(false);
    const [bat, bowl] = players.categories;
    const extraRow = { ...bat, rows: [{ ...bat.rows[0], extra: 1 }] };
    expect(
      PlayerStatisticsResponseSchema.safeParse({
        sport: 'cricket',
        league: 't20-world-cup',
        season: '2022',
        stage: 'regular',
        categories: [extraRow, bowl],
      }).success,
    ).toBe(false);
    const missing = { ...bat, rows: [{ ...bat.rows[0], runs: undefined }] };
    expect(
      PlayerStatisticsResponseSchema.safeParse({
        sport: 'cricket',
        league: 't20-world-cup',
        season: '2022',
        stage: 'regular',
        categories: [missing],
      }).success,
    ).toBe(false);
    expect(
      PlayerStatisticsResponseSchema.safeParse({
        sport: 'cricket',
        league: 't20-world-cup',
        season: '2022',
        stage: 'regular',
        categories: [bat, bowl],
      }).success,
    ).toBe(true);
  });
  it('every property in the JSON Schema (OpenAPI) has a description', () => {
    const undocumented: string[] = [];
    const walk = (s: unknown, path: string) => {
      if (!s || typeof s !== 'object') return;
      const o = s as Record<string, unknown>;
      for (const [k, v] of Object.entries((o.properties as Record<string, Record<string, unknown>>) ?? {})) {
        if (!v.description) undocumented.push(`${path}.${k}`);
        walk(v, `${path}.${k}`);
      }
      for (const key of ['items', 'additionalProperties']) walk(o[key], `${path}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        (o[key] as unknown[] | undefined)?.forEach((x, i) => walk(x, `${path}|${i}`));
    };
    walk(z.toJSONSchema(TeamStatisticsResponseSchema), 'teams');
    walk(z.toJSONSchema(PlayerStatisticsResponseSchema), 'players');
    expect(undocumented).toEqual([]);
  });
  it('docs/statistics.md lists every category and column', () => {
    const doc = readFileSync(new URL('../../docs/statistics.md', import.meta.url), 'utf8');
    const missing = SPORTS.flatMap((sp) =>
      PLAYER_CATEGORIES[sp].flatMap((c) => [c.name, ...c.columns.map((k) => k.key)]),
    ).filter((k) => !doc.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });
});
