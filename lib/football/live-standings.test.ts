import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getCompetition, pointsAdjustments } from '../catalogue/competitions';
import { computeStandings, type StandingsTable } from './standings';
import { computeLiveTables, type TableFixture, type TableRules } from './live-standings';

const DATA = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const readJson = (rel: string): any => JSON.parse(readFileSync(DATA + rel, 'utf8'));

function rules(slug: string, season: string): TableRules {
  const def = getCompetition(slug)!;
  return {
    format: def.format,
    tie_breakers: def.tie_breakers,
    points: def.points,
    adjustments: pointsAdjustments(slug, season),
  };
}

/** The stored tables as the engine computes them: finished fixtures only (server/engine/standings.ts). */
function storedTables(fixtures: TableFixture[], r: TableRules): StandingsTable[] {
  const tournament = r.format === 'tournament';
  const groups = [...new Set(fixtures.filter((f) => !tournament || f.group).map((f) => (tournament ? f.group : null)))];
  return groups.flatMap((g) => {
    const mine = fixtures.filter((f) => (tournament ? f.group === g : true));
    const [t] = computeStandings({
      results: mine
        .filter((f) => f.status === 'finished')
        .map((f) => ({ ...f, group: null, home_goals: f.home_goals!, away_goals: f.away_goals! })),
      teams: mine.flatMap((f) => [f.home, f.away]),
      tie_breakers: r.tie_breakers,
      points: r.points,
      adjustments: r.adjustments,
    });
    return [{ group: g, rows: t.rows }];
  });
}

const line = (t: { rows: { position: number; team: string; points: number; live_position_change: number }[] }) =>
  t.rows.map(
    (r) => `${r.position} ${r.team} ${r.points} ${r.live_position_change > 0 ? '+' : ''}${r.live_position_change}`,
  );

// ---------- Premier League 2023/24, final day (Sunday 19 May 2024, ten matches at once) ----------

const canonicalEnglish = (name: string): string =>
  name === 'AFC Bournemouth' ? 'Bournemouth' : name.replace(/ FC$/, '');
const pl = readJson('openfootball-football.json/2023-24/en.1.json').matches as any[];
const plFixtures: TableFixture[] = pl.map((m, i) => ({
  fixture_id: i + 1,
  kickoff: `${m.date}T${m.time}:00Z`,
  group: null,
  home: canonicalEnglish(m.team1),
  away: canonicalEnglish(m.team2),
  status: 'finished',
  home_goals: m.score.ft[0],
  away_goals: m.score.ft[1],
}));
const isFinalDay = (i: number) => pl[i].round === 'Matchday 38';
/** The season with the final day's ten matches in play at `score` (half-time or full-time). */
const plAtFinalDay = (score: 'ht' | 'ft' | null): TableFixture[] =>
  plFixtures.map((f, i) =>
    !isFinalDay(i)
      ? f
      : score
        ? { ...f, status: 'in_play', home_goals: pl[i].score[score][0], away_goals: pl[i].score[score][1] }
        : { ...f, status: 'scheduled', home_goals: null, away_goals: null },
  );

describe('computeLiveTables — Premier League 2023/24 final day (real data)', () => {
  const r = rules('premier-league', '2023-24');
  const stored = storedTables(plAtFinalDay(null), r);

  it('the stored table before the final day has everyone on 37 games', () => {
    expect(pl.filter((_, i) => isFinalDay(i))).toHaveLength(10);
    expect(stored).toHaveLength(1);
    expect(stored[0].rows.every((row) => row.played === 37)).toBe(true);
    expect(stored[0].rows.slice(0, 2).map((row) => `${row.team} ${row.points}`)).toEqual([
      'Manchester City 88',
      'Arsenal 86',
    ]);
  });

  it('with the full-time scores still "in play", the live table is the published final table', () => {
    const [t] = computeLiveTables(stored, plAtFinalDay('ft'), r);
    expect(t.live).toBe(true);
    expect(t.live_fixtures).toHaveLength(10);
    const final = computeStandings({
      results: plFixtures.map((f) => ({ ...f, home_goals: f.home_goals!, away_goals: f.away_goals! })),
      tie_breakers: r.tie_breakers,
      points: r.points,
      adjustments: r.adjustments,
    })[0];
    expect(t.rows.map(({ live: _l, live_position_change: _c, ...row }) => row)).toEqual(final.rows);
    expect(t.rows.map((row) => row.points)).toEqual([
      91, 89, 82, 68, 66, 63, 60, 60, 52, 49, 48, 48, 47, 46, 40, 39, 32, 26, 24, 16,
    ]);
    // Crystal Palace beat Aston Villa 5–0 and climbed from 12th to 10th; Fulham won at Luton (14th → 13th).
    expect(line(t).slice(9, 14)).toEqual([
      '10 Crystal Palace 49 +2',
      '11 Brighton & Hove Albion 48 -1',
      '12 Bournemouth 48 -1',
      '13 Fulham 47 +1',
      '14 Wolverhampton Wanderers 46 -1',
    ]);
    expect(t.rows.every((row) => row.live)).toBe(true); // all twenty clubs played at once
    expect(t.rows.find((row) => row.team === 'Everton')).toMatchObject({
      position: 15,
      points: 40,
      points_adjustment: -8,
    });
    expect(t.rows.find((row) => row.team === 'Nottingham Forest')).toMatchObject({
      position: 17,
      points: 32,
      points_adjustment: -4,
    });
  });

  it('at half-time the provisional table counts the half-time scores (form included)', () => {
    const [t] = computeLiveTables(stored, plAtFinalDay('ht'), r);
    const arsenal = t.rows.find((row) => row.team === 'Arsenal')!; // 1–1 with Everton at the break
    expect(arsenal).toMatchObject({ position: 2, played: 38, points: 87, live: true, live_position_change: 0 });
    expect(arsenal.form.at(-1)).toBe('D');
    expect(t.rows.find((row) => row.team === 'Manchester City')).toMatchObject({ points: 91, live_position_change: 0 }); // 2–0 up v West Ham
  });

  it('without matches in play the stored table comes back unchanged', () => {
    const t = computeLiveTables(stored, plAtFinalDay(null), r);
    expect(t).toEqual([
      {
        group: null,
        live: false,
        live_fixtures: [],
        rows: stored[0].rows.map((row) => ({ ...row, live: false, live_position_change: 0 })),
      },
    ]);
  });

  it('only the teams of in-play matches are marked live', () => {
    const one = plAtFinalDay(null).map((f, i) =>
      i === pl.length - 1 ? { ...f, status: 'break', home_goals: 0, away_goals: 1 } : f,
    );
    const [t] = computeLiveTables(stored, one, r);
    expect(
      t.rows
        .filter((row) => row.live)
        .map((row) => row.team)
        .sort(),
    ).toEqual(['Sheffield United', 'Tottenham Hotspur']);
    expect(t.live_fixtures).toEqual([pl.length]);
  });
});

// ---------- FIFA World Cup 2022 Group E, final matchday (1 December 2022) ----------

const wc = readJson('openfootball-worldcup.json/2022/worldcup.json').matches as any[];
const wcFixtures: TableFixture[] = wc.map((m, i) => ({
  fixture_id: i + 1,
  kickoff: `${m.date}T${m.time}:00Z`,
  group: m.group ?? null,
  home: m.team1,
  away: m.team2,
  status: 'finished',
  home_goals: m.score.ft[0],
  away_goals: m.score.ft[1],
}));
const groupEFinal = new Set(
  wcFixtures.filter((f) => f.group === 'Group E' && f.kickoff.startsWith('2022-12-01')).map((f) => f.fixture_id),
);
/** Everything before the group's last two matches finished; those two in play at the given scores. */
function wcAt(scores: Record<string, [number, number]> | null): TableFixture[] {
  return wcFixtures
    .filter((f) => f.kickoff < '2022-12-02')
    .map((f) => {
      if (!groupEFinal.has(f.fixture_id)) return f;
      const s = scores?.[`${f.home}-${f.away}`];
      return s
        ? { ...f, status: 'in_play', home_goals: s[0], away_goals: s[1] }
        : { ...f, status: 'scheduled', home_goals: null, away_goals: null };
    });
}

describe('computeLiveTables — World Cup 2022 Group E (real data, tournament groups)', () => {
  const r = rules('world-cup', '2022');
  const before = wcAt(null);
  const stored = storedTables(before, r);

  it('stores the table after two matchdays: Spain 4, Japan 3, Costa Rica 3, Germany 1', () => {
    const e = stored.find((t) => t.group === 'Group E')!;
    expect(e.rows.map((row) => `${row.team} ${row.points}`)).toEqual([
      'Spain 4',
      'Japan 3',
      'Costa Rica 3',
      'Germany 1',
    ]);
  });

  it('at 70 minutes (Japan 2–1 Spain, Costa Rica 2–1 Germany) Spain and Germany are out', () => {
    const tables = computeLiveTables(stored, wcAt({ 'Japan-Spain': [2, 1], 'Costa Rica-Germany': [2, 1] }), r);
    expect(tables.map((t) => t.group)).toEqual(stored.map((t) => t.group)); // one table per group, in group order
    const e = tables.find((t) => t.group === 'Group E')!;
    expect(e.live).toBe(true);
    expect(line(e)).toEqual(['1 Japan 6 +1', '2 Costa Rica 6 +1', '3 Spain 4 -2', '4 Germany 1 0']);
    expect(e.rows.every((row) => row.live)).toBe(true);
    // other groups: not live, stored rows unchanged
    const a = tables.find((t) => t.group === 'Group A')!;
    expect(a.live).toBe(false);
    expect(a.rows.map(({ live: _l, live_position_change: _c, ...row }) => row)).toEqual(
      stored.find((t) => t.group === 'Group A')!.rows,
    );
  });

  it('at full time (Japan 2–1 Spain, Costa Rica 2–4 Germany) Spain stay above Germany on goal difference', () => {
    const e = computeLiveTables(stored, wcAt({ 'Japan-Spain': [2, 1], 'Costa Rica-Germany': [2, 4] }), r).find(
      (t) => t.group === 'Group E',
    )!;
    expect(line(e)).toEqual(['1 Japan 6 +1', '2 Spain 4 -1', '3 Germany 4 +1', '4 Costa Rica 3 -1']);
  });

  it('an in-play match without a score yet counts as 0–0; knockout matches never count', () => {
    const kickoffOnly = before.map((f) => (groupEFinal.has(f.fixture_id) ? { ...f, status: 'in_play' } : f));
    const knockout: TableFixture = {
      fixture_id: 999,
      kickoff: '2022-12-03T15:00:00Z',
      group: null,
      home: 'Netherlands',
      away: 'USA',
      status: 'in_play',
      home_goals: 3,
      away_goals: 1,
    };
    const tables = computeLiveTables(stored, [...kickoffOnly, knockout], r);
    expect(tables.some((t) => t.group === null)).toBe(false);
    const e = tables.find((t) => t.group === 'Group E')!;
    expect(line(e)).toEqual(['1 Spain 5 0', '2 Japan 4 0', '3 Costa Rica 4 0', '4 Germany 2 0']);
    expect(e.rows.every((row) => row.played === 3)).toBe(true);
  });

  it('while the opening match is in play (no stored table yet) every group is listed, only Group A live', () => {
    const unplayed = wcFixtures.map((f) => ({ ...f, status: 'scheduled', home_goals: null, away_goals: null }));
    const opener: TableFixture = { ...wcFixtures[0], status: 'in_play', home_goals: 0, away_goals: 1 }; // Qatar v Ecuador
    const tables = computeLiveTables([], [opener, ...unplayed.slice(1)], r);
    expect(tables.map((x) => x.group)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((g) => `Group ${g}`));
    expect(tables.map((x) => x.live)).toEqual([true, false, false, false, false, false, false, false]);
    expect(tables[1].rows.map((row) => `${row.team} ${row.played}`)).toEqual([
      'England 0',
      'Iran 0',
      'USA 0',
      'Wales 0',
    ]);
    const t = tables[0];
    expect(t.group).toBe('Group A');
    expect(t.rows.map((row) => `${row.team} ${row.points} ${row.live}`)).toEqual([
      'Ecuador 3 true',
      'Netherlands 0 false',
      'Senegal 0 false',
      'Qatar 0 true',
    ]);
    expect(t.rows.every((row) => row.live_position_change === 0)).toBe(true);
  });
});
