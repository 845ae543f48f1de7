import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayEvents, project } from '@/lib/esports/rules';
import type { SportEvent } from '@/lib/rules/contract';
import {
  buildingOf,
  mapOpenDotaMatch,
  OpenDotaMatchSchema,
  OpenDotaProMatchSchema,
  openDotaPlayerLines,
} from './opendota-mapping';

const DIR = fileURLToPath(new URL('../../../test/fixtures/upstream/opendota/', import.meta.url));
const raw = JSON.parse(readFileSync(`${DIR}matches_4080856812.json`, 'utf8'));
const match = OpenDotaMatchSchema.parse(raw);
const pro = JSON.parse(readFileSync(`${DIR}proMatches.json`, 'utf8')) as unknown[];
const asSport = (events: ReturnType<typeof mapOpenDotaMatch>['events']) =>
  events.map((e) => ({ ...e, stoppage: undefined }) as unknown as SportEvent);

describe('OpenDota /matches/4080856812 (TI 2018 grand final game, recorded)', () => {
  const mapped = mapOpenDotaMatch(match);

  it('fixture: the league is the tournament, Radiant home, Dire away, kickoff from start_time', () => {
    expect(mapped.fixture).toMatchObject({
      sport: 'esports',
      source_key: `opendota/${raw.match_id}`,
      competition: `opendota-${raw.leagueid}`,
      competition_name: raw.league.name,
      home_team: raw.radiant_team.name,
      away_team: raw.dire_team.name,
      kickoff: new Date(raw.start_time * 1000).toISOString(),
    });
    expect(mapped.fixture.competition_name).toBe('The International 2018');
  });

  it('one kill event per kills_log entry, by the killer’s side; buildings and Roshan from objectives', () => {
    const logged = (r: boolean) =>
      raw.players
        .filter((p: { isRadiant: boolean }) => p.isRadiant === r)
        .reduce((a: number, p: { kills_log: unknown[] }) => a + p.kills_log.length, 0);
    const kills = mapped.events.filter((e) => e.type === 'kill');
    expect(kills.filter((e) => e.side === 'home')).toHaveLength(logged(true));
    expect(kills.filter((e) => e.side === 'away')).toHaveLength(logged(false));
    const buildings = raw.objectives.filter(
      (o: { type: string; key: string }) => o.type === 'building_kill' && !o.key.endsWith('_fort'),
    );
    expect(mapped.events.filter((e) => e.type === 'building_destroyed')).toHaveLength(buildings.length);
    const roshans = raw.objectives.filter((o: { type: string }) => o.type === 'CHAT_MESSAGE_ROSHAN_KILL');
    expect(mapped.events.filter((e) => e.type === 'roshan_killed').map((e) => e.side)).toEqual(
      roshans.map((o: { team: number }) => (o.team === 2 ? 'home' : 'away')),
    );
    expect(new Set(mapped.events.map((e) => e.event_id)).size).toBe(mapped.events.length);
    expect(mapped.skipped).toEqual([]);
  });

  it('folded through the esports rules: Dire wins 34–35 in kills, towers per side from the objectives', () => {
    const p = project(replayEvents(asSport(mapped.events)));
    expect(mapped.over).toBe(true);
    expect(p.status).toBe('finished');
    expect(p.score).toEqual({ home: raw.radiant_score, away: raw.dire_score });
    expect(p.score).toEqual({ home: 34, away: 35 });
    const st = p.state as { result: { winner: string }; objectives: { towers: { home: number; away: number } } };
    expect(st.result.winner).toBe(raw.radiant_win ? 'home' : 'away');
    const towersOf = (owner: string) =>
      raw.objectives.filter(
        (o: { type: string; key: string }) => o.type === 'building_kill' && o.key.startsWith(`npc_dota_${owner}_tower`),
      ).length;
    // Towers a team destroyed are the other team's.
    expect(st.objectives.towers).toEqual({ home: towersOf('badguys'), away: towersOf('goodguys') });
  });

  it('cut at 30:00 of game time: in play, kills so far, no result', () => {
    const cut = mapOpenDotaMatch(match, 1800);
    expect(cut.over).toBe(false);
    const p = project(replayEvents(asSport(cut.events)));
    const upTo = (r: boolean) =>
      raw.players
        .filter((pl: { isRadiant: boolean }) => pl.isRadiant === r)
        .flatMap((pl: { kills_log: { time: number }[] }) => pl.kills_log)
        .filter((k: { time: number }) => k.time <= 1800).length;
    expect(p.status).toBe('in_play');
    expect(p.score).toEqual({ home: upTo(true), away: upTo(false) });
  });

  it('gold lead: one gold_lead per minute of radiant_gold_adv; kills carry their game time; the fold keeps the latest', () => {
    const gold = mapped.events.filter((e) => e.type === 'gold_lead');
    expect(gold.map((e) => e.detail)).toEqual(
      raw.radiant_gold_adv.map((lead: number, i: number) => ({ lead, time: 60 * i })),
    );
    const kills = mapped.events.filter((e) => e.type === 'kill');
    expect(kills.every((e) => Number.isInteger(e.detail.time))).toBe(true);
    const cut = project(replayEvents(asSport(mapOpenDotaMatch(match, 1800).events)));
    expect(cut.state).toMatchObject({ gold_lead: raw.radiant_gold_adv[30], game_seconds: 1800 });
  });

  it('bad upstream gold and kill times are skipped, one by one, never thrown; the list is bounded', () => {
    const bad = OpenDotaMatchSchema.parse({
      ...raw,
      radiant_gold_adv: [0, 'lots', null, 12.5, 9e9, -300, ...Array(700).fill(100)],
      players: raw.players.map((p: { kills_log: unknown[] }, i: number) =>
        i === 0
          ? {
              ...p,
              kills_log: [
                { time: -30, key: 'npc_dota_hero_zuus' },
                ...p.kills_log,
                { time: 20_000, key: 'npc_dota_hero_zuus' },
              ],
            }
          : p,
      ),
    });
    const m = mapOpenDotaMatch(bad);
    const gold = m.events.filter((e) => e.type === 'gold_lead');
    expect(gold).toHaveLength(241 - 4);
    expect(gold.slice(0, 2).map((e) => e.detail)).toEqual([
      { lead: 0, time: 0 },
      { lead: -300, time: 300 },
    ]);
    const kills = m.events.filter((e) => e.type === 'kill');
    expect(kills[0].detail.time).toBe(0); // before the horn: 0:00
    expect(kills.at(-1)!.detail.time).toBeUndefined(); // past 4 hours: no clock
    expect(m.skipped.map((x) => x.item)).toEqual([
      `match ${raw.match_id} kill ${kills.length - 1}`,
      ...[1, 2, 3, 4].map((i) => `match ${raw.match_id} radiant_gold_adv[${i}]`),
      `match ${raw.match_id} radiant_gold_adv`,
    ]);
    // The rules accept every event the mapping sends.
    expect(project(replayEvents(asSport(m.events))).status).toBe('finished');
  });

  it('player lines: K/D/A, GPM/XPM, hero, last hits and denies per player, as recorded', () => {
    const lines = openDotaPlayerLines(match);
    expect(lines).toHaveLength(raw.players.length);
    const ame = raw.players[0];
    expect(lines[0]).toEqual({
      side: 'home',
      player: ame.name,
      hero_id: ame.hero_id,
      hero: 'Terrorblade',
      kills: ame.kills,
      deaths: ame.deaths,
      assists: ame.assists,
      gold_per_min: ame.gold_per_min,
      xp_per_min: ame.xp_per_min,
      last_hits: ame.last_hits,
      denies: ame.denies,
    });
    // Every recorded hero id has its name from dotaconstants' heroes.json (Topson's Zeus, N0tail's Nature's Prophet).
    expect(ame.hero_id).toBe(109);
    expect(lines.map((l) => [l.player, l.hero])).toEqual(
      expect.arrayContaining([
        ['Topson', 'Zeus'],
        ['BigDaddyN0tail', "Nature's Prophet"],
      ]),
    );
    expect(lines.every((l) => typeof l.hero === 'string' && l.hero.length > 0)).toBe(true);
    expect(lines.filter((l) => l.side === 'away').map((l) => l.player)).toEqual(
      raw.players.filter((p: { player_slot: number }) => p.player_slot >= 128).map((p: { name: string }) => p.name),
    );
  });

  it('the box score goes out once the game is over, before its end, and the rules accept it', () => {
    const cut = mapOpenDotaMatch(match, 1800).events;
    expect(cut.some((e) => e.type === 'box_score')).toBe(false);
    const all = mapOpenDotaMatch(match).events;
    const types = all.map((e) => e.type);
    expect(types.slice(-3)).toEqual(['box_score', 'map_end', 'result']);
    expect(all.at(-3)!.detail.players).toEqual(openDotaPlayerLines(match));
    expect(project(replayEvents(asSport(all))).status).toBe('finished');
  });
});

describe('OpenDota lists and names', () => {
  it('/proMatches: every recorded entry parses, the TI final among them', () => {
    const parsed = pro.map((x) => OpenDotaProMatchSchema.parse(x));
    expect(parsed).toHaveLength(100);
    expect(parsed.find((m) => m.match_id === raw.match_id)).toMatchObject({ radiant_win: false });
  });

  it('building names', () => {
    expect(buildingOf('npc_dota_goodguys_tower1_bot')).toEqual({ owner: 'radiant', building: 'tower' });
    expect(buildingOf('npc_dota_badguys_melee_rax_mid')).toEqual({ owner: 'dire', building: 'barracks' });
    expect(buildingOf('npc_dota_goodguys_fort')).toEqual({ owner: 'radiant', building: 'ancient' });
    expect(buildingOf('npc_dota_roshan')).toBeNull();
  });

  it('a malformed match body fails the schema (the adapter skips it)', () => {
    expect(OpenDotaMatchSchema.safeParse({ match_id: 'x' }).success).toBe(false);
  });
});
