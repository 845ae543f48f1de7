import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCricsheet } from '@/lib/import/cricsheet';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import { cricketBattingStats, cricketBowlingStats } from './statistics';

const DATA = fileURLToPath(new URL('../../datasets/cricket/cricsheet/', import.meta.url));
const load = (p: string): ImportedSportMatch =>
  parseCricsheet(JSON.parse(readFileSync(`${DATA}${p}.json`, 'utf8')), { matchId: p.split('/')[1] })[0];
const final = load('t20s_json/1298179');

describe('cricket player statistics — T20 World Cup 2022 final', () => {
  const batting = cricketBattingStats(final.events);
  const bowling = cricketBowlingStats(final.events);
  it.each([
    [
      'BA Stokes',
      {
        runs: 52,
        balls: 49,
        fours: 5,
        sixes: 1,
        dismissals: 0,
        not_outs: 1,
        innings: 1,
        strike_rate: 106.12,
        average: null,
        team: 'away',
      },
    ],
    ['Shan Masood', { runs: 38, balls: 28, fours: 2, sixes: 1, dismissals: 1, average: 38, team: 'home' }],
    ['JC Buttler', { runs: 26, balls: 17, dismissals: 1 }],
  ])('batting: %s', (player, want) => expect(batting.find((l) => l.player === player)).toMatchObject(want));
  it.each([
    ['SM Curran', { overs: '4', runs_conceded: 12, wickets: 3, economy: 3, maidens: 0, team: 'away' }],
    ['AU Rashid', { overs: '4', runs_conceded: 22, wickets: 2, maidens: 1 }],
    ['Shaheen Shah Afridi', { overs: '2.1', runs_conceded: 13, wickets: 1 }],
    ['BA Stokes', { noballs: 1, wides: 2 }],
  ])('bowling: %s', (player, want) => expect(bowling.find((l) => l.player === player)).toMatchObject(want));
  it('batting runs + extras = innings totals; bowlers are charged all but byes, leg byes and penalties', () => {
    const inn = final.result!.detail.innings as { side: string; runs: number; extras: Record<string, number> }[];
    for (const i of inn) {
      const bat = batting.filter((l) => l.team === i.side).reduce((a, l) => a + l.runs, 0);
      const ex = Object.values(i.extras).reduce((a, v) => a + v, 0);
      expect(bat + ex).toBe(i.runs);
      const conceded = bowling.filter((l) => l.team !== i.side).reduce((a, l) => a + l.runs_conceded, 0);
      expect(conceded).toBe(i.runs - i.extras.byes - i.extras.legbyes - i.extras.penalty);
    }
    expect(bowling[0].player).toBe('SM Curran'); // most wickets first
  });
  it('aggregates across matches: innings counted per match', () => {
    const both = cricketBattingStats([...final.events, ...load('t20s_json/1298178').events]);
    expect(both.find((l) => l.player === 'JC Buttler')).toMatchObject({ innings: 2, runs: 26 + 80 });
  });
});
