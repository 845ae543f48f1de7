/**
 * GET /v1/{sport}/standings?live=true through readStandings (server/read) on a real (PGlite) store: World Cup
 * 2022 groups A and E seeded from openfootball, stored tables by the engine's recomputeStandings,
 * then Group E's last two matches put in play at their 70th-minute scores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCompetition } from '@/lib/catalogue/competitions';
import { StandingsResponseSchema } from '@/lib/wire/schemas';
import { StandingsQuery } from '../../api/handlers/standings';
import { orThrow } from '../../api/read-result';
import { readStandings } from '../../read/read-standings';
import { recomputeStandings } from '../../engine/standings';
import type { Services } from '../../services';
import { openStore, type Store } from '../db';
import * as t from '../schema';

const DATA = fileURLToPath(new URL('../../../datasets/football/', import.meta.url));
const wc = (
  JSON.parse(fs.readFileSync(DATA + 'openfootball-worldcup.json/2022/worldcup.json', 'utf8')).matches as any[]
).filter((m) => m.group === 'Group A' || m.group === 'Group E');

let dir: string;
let store: Store;
let services: Services;
let finalDay: number[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-live-standings-'));
  store = await openStore({ dataDir: dir });
  services = { store } as unknown as Services;
  const def = getCompetition('world-cup')!;
  const [comp] = await store.db
    .insert(t.competitions)
    .values({
      sport: 'football',
      slug: 'world-cup',
      season: '2022',
      name: 'FIFA World Cup 2022',
      format: def.format,
      timezone: def.timezone,
      tieBreakers: def.tie_breakers,
      points: def.points,
      pointsAdjustments: [],
    })
    .returning();
  const names = [...new Set(wc.flatMap((m) => [m.team1, m.team2]))];
  const teams = await store.db
    .insert(t.teams)
    .values(names.map((name) => ({ sport: 'football', name })))
    .returning();
  const id = new Map(teams.map((r) => [r.name, r.id]));
  const rows = await store.db
    .insert(t.fixtures)
    .values(
      wc.map((m) => ({
        sport: 'football',
        competitionId: comp.id,
        homeTeamId: id.get(m.team1)!,
        awayTeamId: id.get(m.team2)!,
        kickoff: `${m.date}T${m.time}:00Z`,
        round: m.round,
        groupName: m.group,
        status: 'finished',
        homeScore: m.score.ft[0],
        awayScore: m.score.ft[1],
      })),
    )
    .returning();
  finalDay = rows.filter((r) => r.groupName === 'Group E' && r.kickoff.startsWith('2022-12-01')).map((r) => r.id);
  await store.db
    .update(t.fixtures)
    .set({ status: 'scheduled', homeScore: null, awayScore: null })
    .where(inArray(t.fixtures.id, finalDay));
  await recomputeStandings(store.db, comp.id);
  // 70': Japan 2–1 Spain, Costa Rica 2–1 Germany (both home sides lead 2–1)
  await store.db
    .update(t.fixtures)
    .set({ status: 'in_play', homeScore: 2, awayScore: 1 })
    .where(inArray(t.fixtures.id, finalDay));
}, 60_000);

afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const load = async (q: Record<string, string>) =>
  orThrow(await readStandings({ db: services.store.db }, 'football', StandingsQuery.parse(q)));

describe('standings ?live=true', () => {
  it('without live: the stored tables (after two matchdays in Group E)', async () => {
    const body = StandingsResponseSchema.parse(await load({ league: 'world-cup' }));
    const e = body.data.find((tb) => tb.group === 'Group E')!;
    expect(e.rows.map((r) => `${r.team} ${r.points}`)).toEqual(['Spain 4', 'Japan 3', 'Costa Rica 3', 'Germany 1']);
    expect(e).not.toHaveProperty('live');
  });

  it('with live=true: the provisional table, position changes, and the stored shape kept', async () => {
    const body = await load({ league: 'world-cup', season: '2022', live: 'true' });
    StandingsResponseSchema.parse(body); // every stored field is still there
    const [a, e] = body.data as any[];
    expect([a.group, e.group]).toEqual(['Group A', 'Group E']);
    expect(e).toMatchObject({ live: true, live_fixtures: [...finalDay].sort((x, y) => x - y) });
    expect(e.rows.map((r: any) => [r.team, r.points, r.live_position_change, r.live])).toEqual([
      ['Japan', 6, 1, true],
      ['Costa Rica', 6, 1, true],
      ['Spain', 4, -2, true],
      ['Germany', 1, 0, true],
    ]);
    expect(a.live).toBe(false);
    expect(a.rows.every((r: any) => r.live === false && r.live_position_change === 0)).toBe(true);
    expect(a.rows.map((r: any) => `${r.team} ${r.points}`)).toEqual([
      'Netherlands 7',
      'Senegal 6',
      'Ecuador 4',
      'Qatar 0',
    ]);
  });

  it('live=false (and no live parameter) answer the stored tables; other values are rejected', async () => {
    expect(await load({ league: 'world-cup', live: 'false' })).toEqual(await load({ league: 'world-cup' }));
    expect(() => StandingsQuery.parse({ live: 'yes' })).toThrow();
  });

  it('once the matches are over the live view equals the stored one again', async () => {
    await store.db.update(t.fixtures).set({ status: 'finished' }).where(inArray(t.fixtures.id, finalDay));
    await store.db
      .update(t.fixtures)
      .set({ homeScore: 2, awayScore: 4 })
      .where(inArray(t.fixtures.id, finalDay.slice(1)));
    const [comp] = await store.db.select().from(t.competitions);
    await recomputeStandings(store.db, comp.id);
    const body = await load({ league: 'world-cup', live: 'true' });
    const e = (body.data as any[]).find((tb) => tb.group === 'Group E');
    expect(e.live).toBe(false);
    expect(e.rows.map((r: any) => `${r.team} ${r.points} ${r.live_position_change}`)).toEqual([
      'Japan 6 0',
      'Spain 4 0',
      'Germany 4 0',
      'Costa Rica 3 0',
    ]);
  });
});
