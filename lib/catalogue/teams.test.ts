import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFootballData } from '../import/football-data';
import { TEAM_ALIASES } from './team-aliases';
import { canonicalTeamName, knownCanonicalTeams, normalizeTeamKey } from './teams';

const DATA = new URL('../../datasets/football/', import.meta.url);
const read = (p: string) => readFileSync(new URL(p, DATA), 'utf8');

function openfootballFixtures(path: string): [string, string][] {
  const json = JSON.parse(read(path)) as { matches: { team1: string; team2: string }[] };
  return json.matches.map((m) => [m.team1, m.team2]);
}
function footballDataFixtures(path: string): [string, string][] {
  return parseFootballData(read(path)).map((m) => [m.home_team, m.away_team]);
}

describe('normalizeTeamKey', () => {
  it.each([
    ['Manchester United FC', 'manchester united'],
    ['1. FC Heidenheim 1846', 'heidenheim'],
    ['AFC Bournemouth', 'bournemouth'],
    ['Brighton & Hove Albion FC', 'brighton and hove albion'],
    ["Nott'm Forest", 'nottm forest'],
    ['FC Bayern München', 'bayern munchen'],
    ['FC St. Pauli 1910', 'st pauli'],
    ['TSG 1899 Hoffenheim', 'hoffenheim'],
    ['1. FSV Mainz 05', 'mainz'],
    ['Bayer 04 Leverkusen', 'bayer leverkusen'],
    ['FC', 'fc'],
  ])('%s → %s', (name, key) => expect(normalizeTeamKey(name)).toBe(key));
});

describe('canonicalTeamName', () => {
  it.each([
    ['Manchester United FC', 'Manchester United'],
    ['Man United', 'Manchester United'],
    ['Man City', 'Manchester City'],
    ['FC Bayern München', 'Bayern Munich'],
    ['Bayern Munich', 'Bayern Munich'],
    ['1. FC Heidenheim 1846', 'Heidenheim'],
    ['Heidenheim', 'Heidenheim'],
    ['AFC Bournemouth', 'Bournemouth'],
    ['Brighton & Hove Albion FC', 'Brighton & Hove Albion'],
    ['Brighton', 'Brighton & Hove Albion'],
    ['Wolverhampton Wanderers FC', 'Wolverhampton Wanderers'],
    ['Wolves', 'Wolverhampton Wanderers'],
    ["Nott'm Forest", 'Nottingham Forest'],
    ["M'gladbach", 'Borussia Mönchengladbach'],
    ['Ein Frankfurt', 'Eintracht Frankfurt'],
    ['St Pauli', 'St. Pauli'],
    ['FC St. Pauli 1910', 'St. Pauli'],
    ['Sheffield United', 'Sheffield United'],
    ['Luton', 'Luton Town'],
    ['Tottenham', 'Tottenham Hotspur'],
  ])('%s → %s', (name, canonical) => expect(canonicalTeamName(name)).toBe(canonical));

  it('passes national teams and StatsBomb names through unchanged', () => {
    const names = new Set<string>(['Barcelona', 'Girona', 'Turkey', 'Italy']);
    for (const p of [
      'openfootball-worldcup.json/2018/worldcup.json',
      'openfootball-worldcup.json/2022/worldcup.json',
    ]) {
      for (const [a, b] of openfootballFixtures(p)) names.add(a).add(b);
    }
    const euro = JSON.parse(read('openfootball-euro.json/2024/euro.json')) as {
      rounds: { matches: { team1: { name: string }; team2: { name: string } }[] }[];
    };
    for (const m of euro.rounds.flatMap((r) => r.matches)) names.add(m.team1.name).add(m.team2.name);
    for (const n of names) expect(canonicalTeamName(n)).toBe(n);
    expect(canonicalTeamName('  Unknown Town  ')).toBe('Unknown Town');
  });

  it('alias table has no duplicate canonical names and every canonical maps to itself', () => {
    expect(new Set(knownCanonicalTeams().map(normalizeTeamKey)).size).toBe(Object.keys(TEAM_ALIASES).length);
    for (const c of knownCanonicalTeams()) expect(canonicalTeamName(c)).toBe(c);
  });
});

describe('openfootball ↔ football-data reconciliation', () => {
  it.each([
    ['openfootball-football.json/2023-24/en.1.json', 'football-data.co.uk/2324/E0.csv', 20, 380],
    ['openfootball-football.json/2024-25/en.1.json', 'football-data.co.uk/2425/E0.csv', 20, 380],
    ['openfootball-football.json/2024-25/de.1.json', 'football-data.co.uk/2425/D1.csv', 18, 306],
  ])('%s ↔ %s', (ofPath, fdPath, teams, fixtures) => {
    const canon = (f: [string, string][]) => f.map(([h, a]) => `${canonicalTeamName(h)} v ${canonicalTeamName(a)}`);
    const of = openfootballFixtures(ofPath);
    const fd = footballDataFixtures(fdPath);
    const ofTeams = new Set(of.flat().map(canonicalTeamName));
    const fdTeams = new Set(fd.flat().map(canonicalTeamName));
    expect(ofTeams.size).toBe(teams);
    expect([...fdTeams].sort()).toEqual([...ofTeams].sort());
    // every team goes through the alias table (none passed through by accident)
    for (const t of ofTeams) expect(knownCanonicalTeams()).toContain(t);
    const ofPairs = new Set(canon(of));
    const fdPairs = new Set(canon(fd));
    expect(ofPairs.size).toBe(fixtures);
    expect(fdPairs.size).toBe(fixtures);
    for (const p of ofPairs) expect(fdPairs.has(p), p).toBe(true);
    for (const p of fdPairs) expect(ofPairs.has(p), p).toBe(true);
  });
});
