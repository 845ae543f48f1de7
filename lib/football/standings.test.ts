import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getCompetition, pointsAdjustments, type CompetitionDef } from '../catalogue/competitions';
import { computeStandings, type StandingsResult, type StandingsTable } from './standings';

const DATA = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const readJson = (rel: string): any => JSON.parse(readFileSync(DATA + rel, 'utf8'));

/** openfootball times are local; labelled Z here only to get a sortable instant (order is all the form needs). */
const kickoff = (date: string, time: string): string => `${date}T${time}:00Z`;

const comp = (slug: string): CompetitionDef => getCompetition(slug)!;

function tables(slug: string, season: string, results: StandingsResult[], teams?: string[]): StandingsTable[] {
  const def = comp(slug);
  return computeStandings({
    results,
    teams,
    tie_breakers: def.tie_breakers,
    points: def.points,
    adjustments: pointsAdjustments(slug, season),
  });
}

/** "W-D-L GF:GA pts" per row, for compact comparison with published tables. */
const summary = (t: StandingsTable): string[] =>
  t.rows.map((r) => `${r.team} ${r.won}-${r.drawn}-${r.lost} ${r.goals_for}:${r.goals_against} ${r.points}`);

// ---------- Premier League 2023/24 (openfootball en.1) ----------

const canonicalEnglish = (name: string): string =>
  name === 'AFC Bournemouth' ? 'Bournemouth' : name.replace(/ FC$/, '');

function premierLeague2324(): StandingsResult[] {
  const file = readJson('openfootball-football.json/2023-24/en.1.json');
  return file.matches.map((m: any, i: number) => ({
    fixture_id: i + 1,
    kickoff: kickoff(m.date, m.time),
    group: null,
    home: canonicalEnglish(m.team1),
    away: canonicalEnglish(m.team2),
    home_goals: m.score.ft[0],
    away_goals: m.score.ft[1],
  }));
}

describe('computeStandings — Premier League 2023/24 (real data)', () => {
  const results = premierLeague2324();

  it("home and away tables (venue) split every team's record: 19 matches each, figures add up to the overall table", () => {
    const def = comp('premier-league');
    const at = (venue?: 'home' | 'away') =>
      computeStandings({
        results,
        tie_breakers: def.tie_breakers,
        points: def.points,
        adjustments: venue ? [] : pointsAdjustments('premier-league', '2023-24'),
        venue,
      })[0].rows;
    const overall = at();
    const home = new Map(at('home').map((r) => [r.team, r]));
    const away = new Map(at('away').map((r) => [r.team, r]));
    for (const o of overall) {
      const h = home.get(o.team)!;
      const a = away.get(o.team)!;
      expect([h.played, a.played]).toEqual([19, 19]);
      for (const k of ['won', 'drawn', 'lost', 'goals_for', 'goals_against'] as const) expect(h[k] + a[k]).toBe(o[k]);
      expect(h.points + a.points + o.points_adjustment).toBe(o.points);
    }
    // Home form is home results only: Arsenal lost at home to West Ham and Aston Villa, and no other home match.
    expect(home.get('Arsenal')!.lost).toBe(2);
  });

  it('reproduces the published final table exactly', () => {
    const published = [
      'Manchester City 28-7-3 96:34 91',
      'Arsenal 28-5-5 91:29 89',
      'Liverpool 24-10-4 86:41 82',
      'Aston Villa 20-8-10 76:61 68',
      'Tottenham Hotspur 20-6-12 74:61 66',
      'Chelsea 18-9-11 77:63 63',
      'Newcastle United 18-6-14 85:62 60',
      'Manchester United 18-6-14 57:58 60',
      'West Ham United 14-10-14 60:74 52',
      'Crystal Palace 13-10-15 57:58 49',
      'Brighton & Hove Albion 12-12-14 55:62 48',
      'Bournemouth 13-9-16 54:67 48',
      'Fulham 13-8-17 55:61 47',
      'Wolverhampton Wanderers 13-7-18 50:65 46',
      'Everton 13-9-16 40:51 40',
      'Brentford 10-9-19 56:65 39',
      'Nottingham Forest 9-9-20 49:67 32',
      'Luton Town 6-8-24 52:85 26',
      'Burnley 5-9-24 41:78 24',
      'Sheffield United 3-7-28 35:104 16',
    ];
    const out = tables('premier-league', '2023-24', results);
    expect(out).toHaveLength(1);
    expect(out[0].group).toBeNull();
    expect(summary(out[0])).toEqual(published);
    expect(out[0].rows.map((r) => r.position)).toEqual(published.map((_, i) => i + 1));
    expect(out[0].rows.every((r) => r.played === 38)).toBe(true);
  });

  it('applies the points deductions and exposes them per row', () => {
    const rows = tables('premier-league', '2023-24', results)[0].rows;
    const by = new Map(rows.map((r) => [r.team, r]));
    expect(by.get('Everton')!.points_adjustment).toBe(-8);
    expect(by.get('Nottingham Forest')!.points_adjustment).toBe(-4);
    expect(by.get('Arsenal')!.points_adjustment).toBe(0);
    expect(by.get('Everton')!.goal_difference).toBe(-11);
  });

  it('gives the last-five form, most recent last', () => {
    const rows = tables('premier-league', '2023-24', results)[0].rows;
    const by = new Map(rows.map((r) => [r.team, r]));
    // Everton's run-in: beat Liverpool 2-0, Brentford 1-0, drew 1-1 at Luton, beat Sheffield United 1-0, lost 1-2 at Arsenal.
    expect(by.get('Everton')!.form).toEqual(['W', 'W', 'D', 'W', 'L']);
    expect(by.get('Manchester City')!.form).toEqual(['W', 'W', 'W', 'W', 'W']);
    expect(by.get('Sheffield United')!.form).toEqual(['L', 'L', 'L', 'L', 'L']);
  });

  it('computes a 380-match season well under 50 ms', () => {
    const timings: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      tables('premier-league', '2023-24', results);
      timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    expect(timings[3]).toBeLessThan(50);
  });
});

// ---------- Tournaments (group stage only) ----------

function worldCup2022(): StandingsResult[] {
  const file = readJson('openfootball-worldcup.json/2022/worldcup.json');
  return file.matches
    .map((m: any, i: number) => ({ m, i }))
    .filter(({ m }: any) => m.group)
    .map(({ m, i }: any) => ({
      fixture_id: i + 1,
      kickoff: kickoff(m.date, m.time),
      group: m.group,
      home: m.team1,
      away: m.team2,
      home_goals: m.score.ft[0],
      away_goals: m.score.ft[1],
    }));
}

function euro2024(): StandingsResult[] {
  const file = readJson('openfootball-euro.json/2024/euro.json');
  return file.rounds
    .flatMap((r: any) => r.matches)
    .filter((m: any) => m.group)
    .map((m: any) => ({
      fixture_id: m.num,
      kickoff: kickoff(m.date, m.time),
      group: m.group,
      home: m.team1.name,
      away: m.team2.name,
      home_goals: m.score.ft[0],
      away_goals: m.score.ft[1],
    }));
}

const orderWithPoints = (t: StandingsTable): string => t.rows.map((r) => `${r.team} ${r.points}`).join(', ');

describe('computeStandings — FIFA World Cup 2022 groups (real data)', () => {
  const out = tables('world-cup', '2022', worldCup2022());
  const byGroup = new Map(out.map((t) => [t.group, t]));

  it('has eight groups A–H of four teams, three games each', () => {
    expect(out.map((t) => t.group)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((g) => `Group ${g}`));
    for (const t of out) {
      expect(t.rows).toHaveLength(4);
      expect(t.rows.every((r) => r.played === 3)).toBe(true);
    }
  });

  it.each([
    ['Group A', 'Netherlands 7, Senegal 6, Ecuador 4, Qatar 0'],
    ['Group B', 'England 7, USA 5, Iran 3, Wales 1'],
    ['Group C', 'Argentina 6, Poland 4, Mexico 4, Saudi Arabia 3'],
    ['Group D', 'France 6, Australia 6, Tunisia 4, Denmark 1'],
    ['Group E', 'Japan 6, Spain 4, Germany 4, Costa Rica 3'],
    ['Group F', 'Morocco 7, Croatia 5, Belgium 4, Canada 0'],
    ['Group G', 'Brazil 6, Switzerland 6, Cameroon 4, Serbia 1'],
    ['Group H', 'Portugal 6, South Korea 4, Uruguay 4, Ghana 3'],
  ])('%s matches the published order', (group, expected) => {
    expect(orderWithPoints(byGroup.get(group)!)).toBe(expected);
  });

  it('separates the tied teams by the published figures', () => {
    expect(summary(byGroup.get('Group E')!)).toEqual([
      'Japan 2-0-1 4:3 6',
      'Spain 1-1-1 9:3 4', // ahead of Germany on goal difference (+6 vs +1)
      'Germany 1-1-1 6:5 4',
      'Costa Rica 1-0-2 3:11 3',
    ]);
    expect(summary(byGroup.get('Group C')!)).toEqual([
      'Argentina 2-0-1 5:2 6',
      'Poland 1-1-1 2:2 4', // goal difference 0 vs −1
      'Mexico 1-1-1 2:3 4',
      'Saudi Arabia 1-0-2 3:5 3',
    ]);
    expect(summary(byGroup.get('Group H')!)).toEqual([
      'Portugal 2-0-1 6:4 6',
      'South Korea 1-1-1 4:4 4', // same goal difference as Uruguay, more goals scored
      'Uruguay 1-1-1 2:2 4',
      'Ghana 1-0-2 5:7 3',
    ]);
  });
});

describe('computeStandings — UEFA Euro 2024 groups (real data)', () => {
  const out = tables('euro', '2024', euro2024());
  const byGroup = new Map(out.map((t) => [t.group, t]));

  it.each([
    ['Group A', 'Germany 7, Switzerland 5, Hungary 3, Scotland 1'],
    ['Group B', 'Spain 9, Italy 4, Croatia 2, Albania 1'],
    // Denmark and Slovenia are level on every modelled criterion; UEFA split them on
    // disciplinary points (Denmark 2nd). The alphabetical fallback happens to agree.
    ['Group C', 'England 5, Denmark 3, Slovenia 3, Serbia 2'],
    ['Group D', 'Austria 6, France 5, Netherlands 4, Poland 1'],
    ['Group E', 'Romania 4, Belgium 4, Slovakia 4, Ukraine 4'],
    // Portugal beat Turkey 3-0: head-to-head comes before goal difference at the Euro.
    ['Group F', 'Portugal 6, Turkey 6, Georgia 4, Czech Republic 1'],
  ])('%s matches the published order', (group, expected) => {
    expect(orderWithPoints(byGroup.get(group)!)).toBe(expected);
  });

  it('ranks the four-way tie of Group E with the h2h block applied to all four first', () => {
    // All four on 4 points, so the mini-league is the whole group. h2h goal difference puts
    // Romania and Belgium (+1) above Slovakia (0) and Ukraine (−2); h2h goals scored among
    // all four (4 vs 2) then puts Romania above Belgium, although Belgium won 2-0 between them.
    expect(summary(byGroup.get('Group E')!)).toEqual([
      'Romania 1-1-1 4:3 4',
      'Belgium 1-1-1 2:1 4',
      'Slovakia 1-1-1 3:3 4',
      'Ukraine 1-1-1 2:4 4',
    ]);
  });
});
