/**
 * The ESPN tennis mapper on the recorded tournaments of ha-teamtracker's composite
 * (test/fixtures/upstream/espn/, MIT): the WTA Open BLS de Limoges 2022 (older scoreboard: the
 * matches are the event's competitions; one in play with the server named) and 2023 (newer:
 * grouped by draw; a retirement and a walkover). Each match is folded through the real tennis
 * rules (lib/tennis/rules.ts) and checked against the file's line scores.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tennisRules } from '@/lib/tennis/rules';
import { tennisLiveStateSchema } from '@/lib/wire/sports/tennis';
import type { EspnLeague, EspnMapped } from './espn-common';
import { mapTennis } from './espn-tennis';

const COMPOSITE = JSON.parse(
  fs.readFileSync(
    path.join(process.cwd(), 'test/fixtures/upstream/espn/teamtracker_all_COMPOSITE.EXCERPT.json'),
    'utf8',
  ),
);
const event = (id: string) => COMPOSITE.events.find((e: any) => e.id === id);
const WTA: EspnLeague = { path: 'tennis/wta', sport: 'tennis', competition: 'wta-tour', competition_name: 'WTA Tour' };

function fold(m: EspnMapped) {
  const p = tennisRules.project(m.events.reduce((s, e) => tennisRules.applyEvent(s, e), tennisRules.initialState()));
  return { ...p, state: tennisLiveStateSchema.parse(p.state) };
}
const named = (c: any) => c.athlete?.displayName;
/** [home, away] of a recorded match as the mapper must read them: homeAway, else order 1 = home. */
function sidesOf(c: any) {
  const home = c.competitors.find((x: any) => x.homeAway === 'home') ?? c.competitors.find((x: any) => x.order === 1);
  return [home, c.competitors.find((x: any) => x !== home)];
}
const sets = (h: any, a: any, n: number) =>
  Array.from({ length: n }, (_, i) => [h.linescores[i].value, a.linescores[i].value]);

describe('Open BLS de Limoges 2022 (competitions)', () => {
  const raw = event('504-2022');
  const skipped: EspnMapped['skipped'] = [];
  const matches = mapTennis(raw, WTA, skipped);
  const byId = new Map(matches.map((m) => [m.fixture.source_key.split('/').at(-1), m]));
  const drawn = raw.competitions.filter((c: any) => c.competitors.every((x: any) => named(x) !== 'TBD'));

  it('a fixture per drawn match, players as home/away, the tournament as round; TBD matches skipped', () => {
    expect(matches).toHaveLength(drawn.length);
    expect(skipped.filter((s) => /TBD/.test(s.reason))).toHaveLength(raw.competitions.length - drawn.length);
    for (const c of drawn) {
      const m = byId.get(c.id)!;
      const [h, a] = sidesOf(c);
      expect(m.fixture).toMatchObject({
        sport: 'tennis',
        competition: 'wta-tour',
        source_key: `espn/tennis/wta/504-2022/${c.id}`,
        home_team: named(h),
        away_team: named(a),
        round: raw.name,
        season: '2022',
      });
    }
  });

  it('finished matches: winner, games per set and tie-break points as recorded; walkovers without sets', () => {
    const done = drawn.filter((c: any) => c.status.type.state === 'post');
    expect(done.length).toBe(29);
    for (const c of done) {
      const [h, a] = sidesOf(c);
      const p = fold(byId.get(c.id)!);
      const walkover = c.status.type.name === 'STATUS_WALKOVER';
      expect(p.status).toBe('finished');
      expect(p.state.result).toMatchObject({
        winner: h.winner ? 'home' : 'away',
        outcome: walkover ? 'walkover' : 'completed',
        sets: sets(h, a, walkover ? 0 : h.linescores.length),
      });
      if (!walkover) expect(p.score[h.winner ? 'home' : 'away']).toBe(2);
    }
    // Marine Partaud d. Jenny Lim 7-6 (7-5) 6-3: the tie-break points of set 1.
    const tb = fold(byId.get('128727')!);
    expect(tb.state.result!.set_tiebreaks).toEqual([{ home: 7, away: 5 }, null]);
  });

  it('the match in play: games of set 1 and the server from situation.server, points unknown', () => {
    const c = drawn.find((x: any) => x.status.type.state === 'in');
    const [h, a] = sidesOf(c);
    const p = fold(byId.get(c.id)!);
    const serverId = c.situation.server.$ref.match(/athletes\/(\d+)/)[1];
    expect(p).toMatchObject({ status: 'in_play', period: 'set_1', score: { home: 0, away: 0 } });
    expect(p.state).toMatchObject({
      sets: [],
      games: { home: h.linescores[0].value, away: a.linescores[0].value },
      server: serverId === h.id ? 'home' : 'away',
      points: null,
    });
    expect(named(serverId === h.id ? h : a)).toBe('Anna Blinkova');
  });

  it('scheduled matches are fixtures without events; ids repeat on a re-read', () => {
    for (const c of drawn.filter((x: any) => x.status.type.state === 'pre')) expect(byId.get(c.id)!.events).toEqual([]);
    expect(mapTennis(raw, WTA).flatMap((m) => m.events.map((e) => e.event_id))).toEqual(
      matches.flatMap((m) => m.events.map((e) => e.event_id)),
    );
  });
});

describe('Open BLS de Limoges 2023 (groupings by draw)', () => {
  const raw = event('504-2023');
  const comps = raw.groupings.flatMap((g: any) => g.competitions);
  const matches = mapTennis(raw, WTA);
  const byId = new Map(matches.map((m) => [m.fixture.source_key.split('/').at(-1), m]));

  it('round of the draw in the fixture; a retirement with the unfinished set; a walkover', () => {
    const sf = comps.find((c: any) => c.round.displayName === 'Semifinal');
    expect(byId.get(sf.id)!.fixture.round).toBe(`${raw.name}, Semifinal`);
    const ret = comps.find((c: any) => c.status.type.name === 'STATUS_RETIRED');
    const [h, a] = sidesOf(ret);
    const p = fold(byId.get(ret.id)!);
    // Nigina Abduraimova d. Susan Bandecchi 6-4 3-1 ret: one set each counted, the second unfinished.
    expect(p.state.result).toMatchObject({ winner: 'away', outcome: 'retired', sets: sets(h, a, 2) });
    expect(p.state.result!.sets).toEqual([
      [4, 6],
      [1, 3],
    ]);
    expect(p.score).toEqual({ home: 0, away: 1 });
    const wo = comps.find((c: any) => c.status.type.name === 'STATUS_WALKOVER');
    expect(fold(byId.get(wo.id)!).state.result).toMatchObject({ outcome: 'walkover', sets: [] });
  });

  it('every finished match folds to its recorded sets; the semifinal in play at 0-0 without a named server', () => {
    for (const c of comps.filter((x: any) => x.status.type.state === 'post')) {
      const [h, a] = sidesOf(c);
      const n = c.status.type.name === 'STATUS_WALKOVER' ? 0 : h.linescores.length;
      expect(fold(byId.get(c.id)!).state.result!.sets, c.id).toEqual(sets(h, a, n));
    }
    const live = comps.find((c: any) => c.status.type.state === 'in');
    expect(fold(byId.get(live.id)!)).toMatchObject({
      status: 'in_play',
      state: { games: { home: 0, away: 0 }, server: null, points: null },
    });
  });
});
