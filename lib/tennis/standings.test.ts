import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSackmannAtp } from '@/lib/import/sackmann';
import { computeTennisStandings } from './standings';
import { computeTennisPlayerStats } from './statistics';

const DATA = fileURLToPath(new URL('../../datasets/tennis/', import.meta.url));
const atp = parseSackmannAtp(readFileSync(`${DATA}jeffsackmann-tennis_atp/atp_matches_2024.csv`, 'utf8'));

describe('computeTennisStandings — ATP 2024', () => {
  const table = computeTennisStandings(atp);
  it("Sinner tops the season: 73–6, 8 titles (the ATP's official 2024 record)", () => {
    expect(table[0]).toMatchObject({
      position: 1,
      player: 'Jannik Sinner',
      matches: 79,
      wins: 73,
      losses: 6,
      win_pct: 0.924,
      titles: 8,
    });
  });
  it.each([
    ['Alexander Zverev', { wins: 69, losses: 21, titles: 2 }], // Rome, Paris; the United Cup final is a team tie, not a title
    ['Carlos Alcaraz', { wins: 54, losses: 13, titles: 4 }],
  ])('%s', (player, want) => expect(table.find((r) => r.player === player)).toMatchObject(want));
  it('walkovers are not matches; sets and games add up across the table', () => {
    const sum = (k: 'wins' | 'losses' | 'sets_won' | 'sets_lost' | 'games_won' | 'games_lost') =>
      table.reduce((a, r) => a + r[k], 0);
    expect(sum('wins')).toBe(3076 - 20);
    expect(sum('wins')).toBe(sum('losses'));
    expect(sum('sets_won')).toBe(sum('sets_lost'));
    expect(sum('games_won')).toBe(sum('games_lost'));
  });
  it('is sorted by wins, then win %', () => {
    for (let i = 1; i < table.length; i++) {
      const [a, b] = [table[i - 1], table[i]];
      expect(a.wins > b.wins || (a.wins === b.wins && (a.win_pct ?? 0) >= (b.win_pct ?? 0))).toBe(true);
    }
  });
});

describe('computeTennisPlayerStats — ATP 2024 serve statistics', () => {
  const stats = computeTennisPlayerStats(atp);
  it('sums aces, double faults and break points; service games won = games − breaks', () => {
    const sinner = stats.find((r) => r.player === 'Jannik Sinner')!;
    const rows = atp.flatMap((m) =>
      (['home', 'away'] as const)
        .filter((s) => (s === 'home' ? m.home_team : m.away_team) === 'Jannik Sinner')
        .map((s) => m.stats![s]),
    );
    const total = (k: string) => rows.reduce((a, r) => a + ((r[k] as number | null) ?? 0), 0);
    expect(sinner).toMatchObject({
      aces: total('aces'),
      double_faults: total('double_faults'),
      break_points_faced: total('break_points_faced'),
    });
    expect(sinner.service_games_won).toBe(
      total('service_games') - (total('break_points_faced') - total('break_points_saved')),
    );
    expect(sinner.bp_saved_pct).toBe(Math.round((sinner.break_points_saved / sinner.break_points_faced) * 1000) / 1000);
  });
  it('the Brisbane final alone: Dimitrov 8 aces, 3/3 break points saved, 11/11 service games', () => {
    const one = computeTennisPlayerStats(atp.filter((m) => m.source_key === 'sackmann-atp/2024-0339/300'));
    expect(one.find((r) => r.player === 'Grigor Dimitrov')).toMatchObject({
      matches: 1,
      aces: 8,
      double_faults: 2,
      service_games: 11,
      service_games_won: 11,
      break_points_faced: 3,
      break_points_saved: 3,
      bp_saved_pct: 1,
    });
    expect(one.find((r) => r.player === 'Holger Rune')).toMatchObject({
      aces: 9,
      service_games: 11,
      service_games_won: 10,
      break_points_faced: 9,
      break_points_saved: 8,
    });
  });
});
