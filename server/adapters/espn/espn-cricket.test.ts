/**
 * The ESPN cricket mapper on the recorded matches of ha-teamtracker's composite
 * (test/fixtures/upstream/espn/, MIT): Big Bash League 1324647 Melbourne Renegades v Perth
 * Scorchers (live, second innings, Bet 365 odds), 1324648 Brisbane Heat v Sydney Sixers
 * (scheduled) and the 2nd Test Bangladesh v India 1340849 (result, four innings). Each match is
 * folded through the real cricket rules (lib/cricket/rules.ts) and checked against the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cricketRules } from '@/lib/cricket/rules';
import { cricketLiveStateSchema } from '@/lib/wire/sports/cricket';
import type { EspnLeague, EspnMapped } from './espn-common';
import { inningsOf, mapCricket, oversQuotaOf, resultOf } from './espn-cricket';
import { espnOddsTicks } from './espn-odds';

const COMPOSITE = JSON.parse(
  fs.readFileSync(
    path.join(process.cwd(), 'test/fixtures/upstream/espn/teamtracker_all_COMPOSITE.EXCERPT.json'),
    'utf8',
  ),
);
const event = (id: string) => COMPOSITE.events.find((e: any) => e.id === id);
const league = (id: string): EspnLeague => ({
  path: `cricket/${id}`,
  sport: 'cricket',
  competition: `espn-cricket-${id}`,
  competition_name: `ESPN cricket ${id}`,
});

function fold(m: EspnMapped) {
  const p = cricketRules.project(m.events.reduce((s, e) => cricketRules.applyEvent(s, e), cricketRules.initialState()));
  return { ...p, state: cricketLiveStateSchema.parse(p.state) as any };
}
/** Each team's batting innings as the file has them: [innings, team name, runs, wickets, overs]. */
const batted = (c: any) =>
  c.competitors
    .flatMap((x: any) =>
      x.linescores
        .filter((l: any) => l.isBatting)
        .map((l: any) => [l.value, x.homeAway, l.runs, l.wickets, String(l.overs)]),
    )
    .sort((a: any, b: any) => a[0] - b[0]);

describe('BBL 1324647 Melbourne Renegades v Perth Scorchers, live in the chase', () => {
  const raw = event('1324647');
  const c = raw.competitions[0];
  const m = mapCricket(raw, league('8044'))!;
  const p = fold(m);
  it('the fixture: teams by homeAway, the match description as round, venue, season', () => {
    expect(m.fixture).toMatchObject({
      sport: 'cricket',
      source_key: 'espn/cricket/8044/1324647',
      home_team: 'Melbourne Renegades',
      away_team: 'Perth Scorchers',
      round: c.description,
      venue: c.venue.fullName,
      season: String(raw.season.year),
    });
  });
  it('innings as recorded (runs/wickets, overs); in play in innings 2 chasing first-innings runs + 1 in 20 overs', () => {
    expect(p.state.innings.map((i: any) => [i.number, i.team, i.runs, i.wickets, i.overs])).toEqual(batted(c));
    expect(p).toMatchObject({ status: 'in_play', period: 'innings_2', score: { home: 155, away: 125 } });
    const first = c.competitors.find((x: any) => x.homeAway === 'home').linescores[0];
    expect(p.state.target).toMatchObject({ innings: 2, runs: first.runs + 1, overs: oversQuotaOf(c.class) });
    // ESPN: "Scorchers require 31 runs" (the file's own summary), 24 balls left of 20 overs.
    expect(c.status.summary).toContain(`require ${p.state.required_runs} runs`);
    expect(p.state.required_balls).toBe(20 * 6 - 16 * 6);
    expect(p.state.batting).toBe('away');
  });
  it('Bet 365 fractional prices as a two-way moneyline for this match', () => {
    const ticks = espnOddsTicks(raw.id, m.odds, '2023-01-01T05:00:00Z');
    expect(ticks.map((t) => [t.bookmaker, t.market, t.selection, t.price])).toEqual([
      ['bet-365', 'moneyline', 'home', c.odds[0].homeTeamOdds.odds.summary],
      ['bet-365', 'moneyline', 'away', c.odds[0].awayTeamOdds.odds.summary],
    ]);
  });
});

describe('2nd Test Bangladesh v India 1340849 (result) and BBL 1324648 (scheduled)', () => {
  const raw = event('1340849');
  const c = raw.competitions[0];
  const m = mapCricket(raw, league('21108'))!;
  const p = fold(m);
  it('four innings as recorded, all closed; India won by 3 wickets as the summary says', () => {
    expect(p.state.innings.map((i: any) => [i.number, i.team, i.runs, i.wickets, i.overs])).toEqual(batted(c));
    expect(p.state.innings.every((i: any) => i.closed)).toBe(true);
    expect(p.state.innings.map((i: any) => i.end_reason)).toEqual(['all_out', 'all_out', 'all_out', 'target_reached']);
    expect(c.status.summary).toBe('India won by 3 wkts');
    expect(p).toMatchObject({ status: 'finished', period: 'ended', score: { home: 227 + 231, away: 314 + 145 } });
    expect(p.state.result).toMatchObject({ kind: 'win', winner: 'away', by: { wickets: 3 } });
    expect(m.skipped).toEqual([]);
  });
  it('a scheduled match is a fixture without events', () => {
    const pre = mapCricket(event('1324648'), league('8044'))!;
    expect([pre.fixture.home_team, pre.fixture.away_team, pre.events]).toEqual(['Brisbane Heat', 'Sydney Sixers', []]);
  });
  it('the summary sentence: margins, tie, no result, draw', () => {
    expect(resultOf('Perth Scorchers won by 20 runs')).toEqual({ kind: 'win', by: { runs: 20 } });
    expect(resultOf('India won by an innings and 12 runs')).toEqual({ kind: 'win', by: { innings: 1, runs: 12 } });
    expect(resultOf('Match tied (Sixers won the one-over eliminator)')!.kind).toBe('tie');
    expect(resultOf('No result')!.kind).toBe('no_result');
    expect(resultOf('Match drawn')!.kind).toBe('draw');
    expect(resultOf('Stumps - Day 2')).toBeNull();
    expect(inningsOf({ linescores: [] }, { linescores: [] })).toEqual([]);
  });
});
