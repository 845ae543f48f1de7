import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { esportsRules } from '../esports/rules';
import type { EsportsResultDetail } from '../esports/types';
import { golfRules } from '../golf/rules';
import type { GolfResultDetail } from '../golf/types';
import { mmaRules } from '../mma/rules';
import type { ImportedSportMatch, LiveProjection, SportRules } from '../rules/contract';
import { esportsLiveStateSchema } from '../wire/sports/esports';
import { golfLiveStateSchema } from '../wire/sports/golf';
import { mmaLiveStateSchema } from '../wire/sports/mma';
import { sampleEsportsMatches } from './esports';
import { sampleGolfMatches } from './golf';
import { sampleMmaMatches } from './mma';

interface Case {
  sport: 'golf' | 'mma' | 'esports';
  competition: string;
  load: () => ImportedSportMatch[];
  rules: SportRules<any>;
  schema: z.ZodType;
  /** Checks the final projection against the fixture's `result`. */
  agrees: (p: LiveProjection, m: ImportedSportMatch) => void;
}

const CASES: Case[] = [
  {
    sport: 'golf',
    competition: 'sample-golf-tour',
    load: sampleGolfMatches,
    rules: golfRules,
    schema: golfLiveStateSchema,
    agrees: (p, m) => {
      const d = m.result!.detail as unknown as GolfResultDetail;
      const st = golfLiveStateSchema.parse(p.state);
      expect(st.result).toEqual({ winner: d.winner, to_par: d.to_par, total_strokes: d.total_strokes });
      expect(
        st.leaderboard.map(({ position, player, status, to_par, strokes }) => ({
          position,
          player,
          status,
          to_par,
          strokes,
        })),
      ).toEqual(d.leaderboard);
      expect(st.leaderboard[0]).toMatchObject({ position: '1', player: d.winner });
      expect(Math.min(...st.leaderboard.filter((l) => l.status === 'active').map((l) => l.to_par))).toBe(d.to_par);
      expect(p.score).toEqual({ home: 0, away: 0 });
    },
  },
  {
    sport: 'mma',
    competition: 'sample-mma',
    load: sampleMmaMatches,
    rules: mmaRules,
    schema: mmaLiveStateSchema,
    agrees: (p, m) => {
      expect(p.score).toEqual({ home: m.result!.home, away: m.result!.away });
      expect(mmaLiveStateSchema.parse(p.state).result).toEqual({ ...m.result!.detail, winner: m.result!.winner });
    },
  },
  {
    sport: 'esports',
    competition: 'sample-esports-league',
    load: sampleEsportsMatches,
    rules: esportsRules,
    schema: esportsLiveStateSchema,
    agrees: (p, m) => {
      const st = esportsLiveStateSchema.parse(p.state);
      expect(p.score).toEqual({ home: m.result!.home, away: m.result!.away });
      expect(st.result).toEqual({ home: m.result!.home, away: m.result!.away, winner: m.result!.winner });
      expect(st.maps).toEqual((m.result!.detail as unknown as EsportsResultDetail).maps);
      expect(st.best_of).toBe((m.result!.detail as unknown as EsportsResultDetail).best_of);
    },
  },
];

describe.each(CASES)('$sport sample data', ({ sport, competition, load, rules, schema, agrees }) => {
  const matches = load();
  const finished = matches.filter((m) => m.status === 'finished');

  it('is labelled sample, fictional, deterministic, with a few finished and one or two scheduled fixtures', () => {
    expect(load()).toEqual(matches);
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(matches.filter((m) => m.status === 'scheduled').length).toBeGreaterThanOrEqual(1);
    expect(new Set(matches.map((m) => m.source_key)).size).toBe(matches.length);
    for (const m of matches) {
      expect(m).toMatchObject({ sport, source: 'sample', competition });
      expect(m.source_key.startsWith(`sample/${sport}/`)).toBe(true);
      expect(m.competition_name.endsWith(' (sample data)')).toBe(true);
      expect(m.kickoff).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(`${m.home_team} ${m.away_team}`).toMatch(sport === 'golf' ? /^Sample .+ Field$/ : /^Sample .+ Sample /);
      if (m.status === 'scheduled') expect([m.result, m.events]).toEqual([null, []]);
    }
  });

  it('every finished timeline replays event by event to its result; every prefix projects onto the wire schema', () => {
    for (const m of finished) {
      expect(new Set(m.events.map((e) => e.event_id)).size).toBe(m.events.length);
      let s = rules.initialState();
      for (const e of m.events) {
        expect(rules.eventTypes).toContain(e.type);
        s = rules.applyEvent(s, e);
        const p = rules.project(s);
        expect(rules.periods).toContain(p.period);
        expect(rules.statuses).toContain(p.status);
        const parsed = schema.safeParse(p.state);
        if (!parsed.success) throw new Error(`${m.source_key} after ${e.event_id}: ${parsed.error.message}`);
      }
      const p = rules.project(s);
      expect(p.status).toBe('finished');
      expect(JSON.parse(JSON.stringify(p.state))).toStrictEqual(p.state);
      expect(m.events.at(-1)!.type).toBe('result');
      agrees(p, m);
    }
  });
});
