import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { playerStatistics } from './players';
import type { PlayerStatistics, StatsMatch } from './types';
import * as data from './__fixtures__/datasets';

const cat = (s: PlayerStatistics, name: string) => {
  const c = s.categories.find((x) => x.name === name);
  if (!c) throw new Error(`no category ${name}`);
  return c;
};
const line = (s: PlayerStatistics, name: string, player: string) => cat(s, name).rows.find((r) => r.player === player);

describe('cricket — T20 World Cup 2022 semi-final and final (lib/cricket/statistics.ts reused)', () => {
  const stats = playerStatistics('cricket', data.t20());
  it('Stokes 52* off 49 in the final, as summed from the Cricsheet deliveries; Buttler 26 + 80 over both', () => {
    const raw = JSON.parse(data.readDataset('cricket/cricsheet/t20s_json/1298179.json')) as {
      innings: {
        overs: { deliveries: { batter: string; runs: { batter: number }; extras?: { wides?: number } }[] }[];
      }[];
    };
    const balls = raw.innings
      .flatMap((i) => i.overs.flatMap((o) => o.deliveries))
      .filter((d) => d.batter === 'BA Stokes');
    const runs = balls.reduce((n, d) => n + d.runs.batter, 0);
    expect([runs, balls.filter((d) => !d.extras?.wides).length]).toEqual([52, 49]);
    expect(line(stats, 'batting', 'BA Stokes')).toMatchObject({
      team: 'England',
      innings: 1,
      runs,
      balls: 49,
      dismissals: 0,
      not_outs: 1,
      strike_rate: 106.12,
      average: null,
    });
    expect(line(stats, 'batting', 'JC Buttler')).toMatchObject({ innings: 2, runs: 106, rank: 1 });
  });
  it('bowling: Curran 3/12 in the final + 0/42 in the semi; bowlers carry their own team', () => {
    expect(line(stats, 'bowling', 'SM Curran')).toMatchObject({
      team: 'England',
      wickets: 3,
      legal_balls: 48,
      overs: '8',
    });
    expect(line(stats, 'bowling', 'Shaheen Shah Afridi')).toMatchObject({
      team: 'Pakistan',
      overs: '2.1',
      runs_conceded: 13,
      wickets: 1,
    });
    const ranks = cat(stats, 'bowling').rows.map((r) => r.rank);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
  });
});

describe('baseball — Cubs 2016 home games (lib/baseball/statistics.ts reused)', () => {
  const stats = playerStatistics('baseball', data.cubs2016());
  it('HR leader = the batter with most `HR` plays in 2016CHN.EVN (Bryant, 17)', () => {
    const hr = new Map<string, number>();
    for (const l of data.readDataset('baseball/retrosheet/2016/2016CHN.EVN').split(/\r?\n/)) {
      const f = l.split(',');
      if (f[0] === 'play' && /^HR/.test(f[6] ?? '')) hr.set(f[3], (hr.get(f[3]) ?? 0) + 1);
    }
    const [id, n] = [...hr].sort((a, b) => b[1] - a[1])[0];
    expect(cat(stats, 'batting').rows[0]).toMatchObject({
      rank: 1,
      player_id: id,
      hr: n,
      player: 'Kris Bryant',
      team: 'Chicago Cubs',
    });
    expect(n).toBe(17);
  });
  it('AVG = H/AB (3 dp), ERA = 9·ER/IP (2 dp): Lester 103.1 IP, 20 ER → 1.74', () => {
    const b = line(stats, 'batting', 'Anthony Rizzo')!;
    expect(b.avg).toBe(Math.round(((b.h as number) / (b.ab as number)) * 1000) / 1000);
    expect(line(stats, 'pitching', 'Jon Lester')).toMatchObject({ ip: '103.1', outs: 310, er: 20, era: 1.74 });
  });
  it('games without the scorer’s earned runs (live-scored): batting unchanged, ER and ERA null, not 0', () => {
    const live = playerStatistics(
      'baseball',
      data.cubs2016().map((m) => ({ ...m, result_detail: null, stats: null })),
    );
    expect(cat(live, 'batting')).toEqual(cat(stats, 'batting'));
    expect(line(live, 'pitching', 'Jon Lester')).toMatchObject({ ip: '103.1', er: null, era: null });
  });
});

describe('tennis — serve statistics (lib/tennis/statistics.ts reused)', () => {
  it('ATP 2024: aces leader and his aces as summed from the CSV (w_ace / l_ace)', () => {
    const stats = playerStatistics('tennis', data.atp2024());
    const top = cat(stats, 'serve').rows[0];
    const src = parse(data.readDataset('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv'), {
      columns: true,
    }) as Record<string, string>[];
    const aces = src.reduce(
      (n, r) => n + (r.winner_name === top.player ? +r.w_ace || 0 : r.loser_name === top.player ? +r.l_ace || 0 : 0),
      0,
    );
    expect(top).toMatchObject({ rank: 1, player: 'Alexander Zverev', team: null, aces });
  });
  it('point-by-point matches without stored stats: rebuilt from the points, equal to the importer’s stats', () => {
    const pbp = data.atpPbp(40);
    const stored = playerStatistics('tennis', pbp);
    const live = playerStatistics(
      'tennis',
      pbp.map((m) => ({ ...m, stats: null })),
    );
    expect(live).toEqual(stored);
    expect(cat(stored, 'serve').rows.length).toBeGreaterThan(10);
  });
});

describe('football', () => {
  it('World Cup 2022 (openfootball): Messi 7 (4 pens), Mbappé 8 — "Mbappé" in one match merged into "Kylian Mbappé"', () => {
    const s = playerStatistics('football', data.openfootball('openfootball-worldcup.json/2022/worldcup.json'));
    const top = cat(s, 'scorers').rows.slice(0, 2);
    expect(top).toEqual([
      { rank: 1, player: 'Kylian Mbappé', team: 'France', goals: 8, penalties: 2, own_goals: 0 },
      { rank: 2, player: 'Lionel Messi', team: 'Argentina', goals: 7, penalties: 4, own_goals: 0 },
    ]);
    expect(line(s, 'scorers', 'Mbappé')).toBeUndefined();
    expect(cat(s, 'cards').rows).toEqual([]); // openfootball records goals only
  });
  it('World Cup 2018: Kane 6 (3 pens) from "Kane" ×5 + "Harry Kane" ×1', () => {
    const s = playerStatistics('football', data.openfootball('openfootball-worldcup.json/2018/worldcup.json'));
    expect(cat(s, 'scorers').rows[0]).toMatchObject({ player: 'Harry Kane', team: 'England', goals: 6, penalties: 3 });
  });
  it('StatsBomb: Stuani 2, own goal by Demiral listed under Turkey, Lenglet’s red, 2 Girona yellows', () => {
    const s = playerStatistics('football', data.statsbomb());
    expect(cat(s, 'scorers').rows[0]).toMatchObject({
      rank: 1,
      player: 'Cristhian Ricardo Stuani Curbelo',
      team: 'Girona',
      goals: 2,
    });
    expect(line(s, 'scorers', 'Merih Demiral')).toMatchObject({ team: 'Turkey', goals: 0, own_goals: 1 });
    expect(line(s, 'cards', 'Clément Lenglet')).toMatchObject({ team: 'Barcelona', red: 1, yellow: 0 });
    const cards = cat(s, 'cards').rows;
    expect(cards.reduce((n, r) => n + (r.yellow as number), 0)).toBe(10);
  });
});

/** Synthetic logs for the sports whose bundled datasets are results only (no player events). */
const match = (
  sport: StatsMatch['sport'],
  events: [string, 'home' | 'away' | null, string | null, Record<string, unknown>?][],
  id = 1,
): StatsMatch => ({
  fixture_id: id,
  sport,
  competition: 'x',
  season: '2024',
  home_team: 'Home',
  away_team: 'Away',
  kickoff: '2024-01-01T00:00:00Z',
  status: 'finished',
  score: { home: 0, away: 0 },
  winner: null,
  result_detail: null,
  stats: null,
  events: events.map(([type, side, player, detail], i) => ({
    event_id: `${id}/${i}`,
    type,
    side,
    player,
    minute: null,
    period: null,
    clock_seconds: null,
    detail: detail ?? {},
  })),
});

describe('event-derived categories', () => {
  it('football: shoot-out kicks (goals in period `penalties`) are not goals', () => {
    const m = match('football', [['goal', 'home', 'Dybala', { penalty: true }]]);
    m.events[0].period = 'penalties';
    m.events.push({ ...m.events[0], event_id: 'x', period: '2nd_half', player: 'Di María', detail: {} });
    expect(cat(playerStatistics('football', [m]), 'scorers').rows).toEqual([
      { rank: 1, player: 'Di María', team: 'Home', goals: 1, penalties: 0, own_goals: 0 },
    ]);
  });
  const noBox = { minutes: null, rebounds: null, assists: null, steals: null, blocks: null, turnovers: null };
  it('basketball: points from made field goals (2/3) and free throws', () => {
    const s = playerStatistics('basketball', [
      match('basketball', [
        ['field_goal', 'home', 'Curry', { points: 3 }],
        ['field_goal', 'home', 'Curry', { points: 3, made: false }],
        ['free_throw', 'home', 'Curry', { made: true }],
        ['foul', 'away', 'James', {}],
      ]),
    ]);
    expect(cat(s, 'scoring').rows).toEqual([
      {
        rank: 1,
        player: 'Curry',
        team: 'Home',
        points: 4,
        fgm: 1,
        fga: 2,
        tpm: 1,
        tpa: 2,
        ftm: 1,
        fta: 1,
        fouls: 0,
        ...noBox,
      },
      {
        rank: 2,
        player: 'James',
        team: 'Away',
        points: 0,
        fgm: 0,
        fga: 0,
        tpm: 0,
        tpa: 0,
        ftm: 0,
        fta: 0,
        fouls: 1,
        ...noBox,
      },
    ]);
  });
  it("basketball: a game's latest box_score replaces its events; MIN, REB, AST, STL, BLK, TO from it", () => {
    const line = (player: string, side: string, points: number, seconds: number) => ({
      player,
      side,
      seconds,
      points,
      rebounds: 5,
      assists: 3,
      steals: 1,
      blocks: 0,
      turnovers: 2,
      fgm: 4,
      fga: 9,
      tpm: 1,
      tpa: 3,
      ftm: 1,
      fta: 2,
      fouls: 2,
    });
    const s = playerStatistics('basketball', [
      match('basketball', [
        ['field_goal', 'home', 'Curry', { points: 3 }],
        ['box_score', null, null, { players: [line('Curry', 'home', 8, 600)] }],
        ['box_score', null, null, { players: [line('Curry', 'home', 10, 1230)] }],
      ]),
      match('basketball', [['field_goal', 'home', 'Curry', { points: 2 }]], 2),
    ]);
    expect(cat(s, 'scoring').rows).toEqual([
      {
        rank: 1,
        player: 'Curry',
        team: 'Home',
        points: 12,
        fgm: 5,
        fga: 10,
        tpm: 1,
        tpa: 3,
        ftm: 1,
        fta: 2,
        fouls: 2,
        minutes: 20.5,
        rebounds: 5,
        assists: 3,
        steals: 1,
        blocks: 0,
        turnovers: 2,
      },
    ]);
  });
  it('ice hockey: goals, assists, PPG, shots, PIM', () => {
    const s = playerStatistics('ice-hockey', [
      match('ice-hockey', [
        ['goal', 'home', 'Pastrnak', { assists: ['Marchand', 'McAvoy'], strength: 'power_play' }],
        ['shot', 'home', 'Marchand', {}],
        ['penalty', 'away', 'Tkachuk', { kind: 'double_minor' }],
        ['penalty', 'away', 'Tkachuk', { minutes: 10 }],
      ]),
    ]);
    expect(line(s, 'scorers', 'Pastrnak')).toMatchObject({ goals: 1, assists: 0, points: 1, power_play_goals: 1 });
    expect(line(s, 'scorers', 'Marchand')).toMatchObject({ goals: 0, assists: 1, points: 1, shots: 1, team: 'Home' });
    expect(line(s, 'scorers', 'Tkachuk')).toMatchObject({ penalty_minutes: 14, team: 'Away' });
  });
  it('ice hockey without a box score: goalies from the shots (a goal is its own shot event) and goals naming them; TOI null', () => {
    const s = playerStatistics('ice-hockey', [
      match('ice-hockey', [
        ['shot', 'home', 'Pastrnak', { on_goal: true, goalie: 'Vasilevskiy' }],
        ['goal', 'home', 'Pastrnak', { goalie: 'Vasilevskiy' }],
        ['shot', 'home', 'Marchand', { on_goal: true, goalie: 'Vasilevskiy' }],
        ['shot', 'away', 'Point', { on_goal: true, goalie: 'Swayman' }],
        ['shot', 'away', 'Point', { on_goal: false, goalie: 'Swayman' }],
      ]),
    ]);
    expect(cat(s, 'goalies').rows).toEqual([
      {
        rank: 1,
        player: 'Swayman',
        team: 'Home',
        games: 1,
        shots_against: 1,
        saves: 1,
        goals_against: 0,
        save_pct: 1,
        toi_minutes: null,
      },
      {
        rank: 2,
        player: 'Vasilevskiy',
        team: 'Away',
        games: 1,
        shots_against: 2,
        saves: 1,
        goals_against: 1,
        save_pct: 0.5,
        toi_minutes: null,
      },
    ]);
    expect(line(s, 'scorers', 'Pastrnak')).toMatchObject({ goals: 1, shots: 1, toi_minutes: null });
  });
  it("ice hockey: a game's latest box_score replaces its events (skaters' TOI, goalies' saves); other games count events", () => {
    const skater = (player: string, side: string, goals: number, toi: number) => ({
      player,
      side,
      position: 'C',
      goals,
      assists: 1,
      points: goals + 1,
      power_play_goals: 0,
      shots: 3,
      pim: 2,
      toi_seconds: toi,
    });
    const goalie = {
      player: 'Swayman',
      side: 'home',
      position: 'G',
      goals: 0,
      assists: 0,
      points: 0,
      power_play_goals: 0,
      shots: 0,
      pim: 0,
      toi_seconds: 3600,
      shots_against: 30,
      saves: 28,
      goals_against: 2,
    };
    const s = playerStatistics('ice-hockey', [
      match('ice-hockey', [
        ['goal', 'home', 'Pastrnak', { goalie: 'X' }],
        ['box_score', null, null, { players: [skater('Pastrnak', 'home', 0, 600)] }],
        ['box_score', null, null, { players: [skater('Pastrnak', 'home', 2, 1230), goalie] }],
      ]),
      match('ice-hockey', [['goal', 'home', 'Pastrnak', {}]], 2),
    ]);
    expect(line(s, 'scorers', 'Pastrnak')).toMatchObject({
      goals: 3,
      assists: 1,
      points: 4,
      shots: 3,
      penalty_minutes: 2,
      toi_minutes: 20.5,
    });
    expect(cat(s, 'scorers').rows.some((r) => r.player === 'Swayman')).toBe(false);
    expect(cat(s, 'goalies').rows).toEqual([
      {
        rank: 1,
        player: 'Swayman',
        team: 'Home',
        games: 1,
        shots_against: 30,
        saves: 28,
        goals_against: 2,
        save_pct: 0.933,
        toi_minutes: 60,
      },
    ]);
  });
  it('rugby: points 5/2/3/3, kick success, cards', () => {
    const s = playerStatistics('rugby', [
      match('rugby', [
        ['try', 'home', 'Smith'],
        ['conversion', 'home', 'Barrett'],
        ['conversion', 'home', 'Barrett'],
        ['penalty_goal', 'home', 'Barrett', { made: false }],
        ['drop_goal', 'home', 'Barrett'],
        ['penalty_try', 'away', null],
        ['card', 'away', 'Jones', { card: 'yellow' }],
      ]),
    ]);
    expect(cat(s, 'scorers').rows[0]).toEqual({
      rank: 1,
      player: 'Barrett',
      team: 'Home',
      points: 7,
      tries: 0,
      conversions: 2,
      penalty_goals: 0,
      drop_goals: 1,
      kicks_attempted: 4,
      kick_success_pct: 0.75,
    });
    expect(line(s, 'scorers', 'Smith')).toMatchObject({ points: 5, tries: 1, kick_success_pct: null });
    expect(cat(s, 'cards').rows).toEqual([{ rank: 1, player: 'Jones', team: 'Away', yellow: 1, red: 0 }]);
  });
  it('golf / mma / esports: events per player and type; unfinished matches ignored', () => {
    // MMA: the sides are the fighters, so side-only events (docs/sports/mma.md) belong to them; detail.count sums
    const m1 = {
      ...match('mma', [
        ['significant_strike', 'home', null, { count: 12 }],
        ['takedown', 'home', null],
        ['knockdown', 'away', null],
      ]),
      home_team: 'Jones',
      away_team: 'Miocic',
    };
    const m2 = { ...match('mma', [['takedown', 'home', null]], 2), home_team: 'Jones', status: 'in_play' };
    expect(cat(playerStatistics('mma', [m1, m2]), 'events').rows).toEqual([
      { rank: 1, player: 'Jones', team: null, matches: 1, events: 2, by_type: { significant_strike: 12, takedown: 1 } },
      { rank: 2, player: 'Miocic', team: null, matches: 1, events: 1, by_type: { knockdown: 1 } },
    ]);
    const golf = match('golf', [
      ['hole_completed', null, 'Scheffler', { hole: 1, strokes: 3, par: 4 }],
      ['hole_completed', null, 'Scheffler', { hole: 2, strokes: 4, par: 4 }],
    ]);
    expect(cat(playerStatistics('golf', [golf]), 'events').rows).toEqual([
      { rank: 1, player: 'Scheffler', team: null, matches: 1, events: 2, by_type: { hole_completed: 2 } },
    ]);
  });
  it('results-only data: every category is listed with no rows; a stray sport throws', () => {
    const s = playerStatistics('ice-hockey', data.nhl().slice(0, 50));
    expect(s.categories.map((c) => [c.name, c.rows.length])).toEqual([
      ['scorers', 0],
      ['goalies', 0],
    ]);
    expect(() => playerStatistics('golf', [match('mma', [])])).toThrow(/is mma/);
  });
});
