import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeNbaStandings } from '../basketball/standings';
import { computeCricketStandings } from '../cricket/standings';
import { computeGolfStandings } from '../golf/standings';
import { computeNhlStandings, type HockeyGameResult } from '../ice-hockey/standings';
import { parseCricsheet } from '../import/cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from '../import/fivethirtyeight';
import { parseSackmannAtp } from '../import/sackmann';
import { parseSuperRugby } from '../import/superrugby';
import { computeMmaStandings } from '../mma/standings';
import { computeRugbyStandings } from '../rugby/standings';
import { sampleGolfMatches } from '../sample/golf';
import { sampleMmaMatches } from '../sample/mma';
import type { Sport } from '../sports';
import { computeTennisStandings } from '../tennis/standings';
import { StandingsRowSchema } from './schemas';
import {
  AnyStandingsRowSchema,
  CricketStandingsRowSchema,
  GolfStandingsRowSchema,
  MmaStandingsRowSchema,
  NbaStandingsRowSchema,
  NhlStandingsRowSchema,
  RugbyStandingsRowSchema,
  standingsRowSchemaFor,
  TennisRankingRowSchema,
  toWireStandingsRow,
} from './standings';

const DATA = fileURLToPath(new URL('../../datasets/', import.meta.url));
const text = (p: string) => readFileSync(DATA + p, 'utf8');

/**
 * Validates every row of one table against the sport's schema (and the union), and checks that
 * parsing keeps the row exactly (no field the schema does not document), positions 1..n, and
 * that the wire mapper leaves rows that already have position/team unchanged. Returns problems.
 */
function check(sport: Sport, rows: readonly object[], label: string): string[] {
  const problems: string[] = [];
  const schema = standingsRowSchemaFor(sport);
  rows.forEach((raw, i) => {
    const row = toWireStandingsRow(sport, raw, i);
    const r = schema.safeParse(row);
    if (!r.success) problems.push(`${label} row ${i + 1}: ${z.prettifyError(r.error)}`);
    else if (JSON.stringify(Object.entries(r.data).sort()) !== JSON.stringify(Object.entries(row).sort()))
      problems.push(`${label} row ${i + 1}: fields the schema does not document`);
    if (!AnyStandingsRowSchema.safeParse(row).success) problems.push(`${label} row ${i + 1}: not an AnyStandingsRow`);
    if (row.position !== i + 1) problems.push(`${label} row ${i + 1}: position ${row.position}`);
  });
  return problems.slice(0, 10);
}

describe('standings rows computed from the real datasets validate against standingsRowSchemaFor', () => {
  it('basketball: NBA 2022-23 (538 results) by conference, division and league', () => {
    const games = parseFiveThirtyEightNba(text('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'))
      .filter((m) => m.status === 'finished' && m.round === null)
      .map((m) => ({ home: m.home_team, away: m.away_team, home_points: m.result!.home, away_points: m.result!.away }));
    const tables = (['conference', 'division', 'league'] as const).flatMap((group) =>
      computeNbaStandings(games, { group }),
    );
    expect(tables.map((t) => t.rows.length).reduce((a, b) => a + b)).toBe(90);
    expect(tables.flatMap((t) => check('basketball', t.rows, t.group))).toEqual([]);
    expect(standingsRowSchemaFor('basketball')).toBe(NbaStandingsRowSchema);
  });

  it('ice hockey: NHL 2022-23 (538 results) by division, conference and league', () => {
    const games: HockeyGameResult[] = parseFiveThirtyEightNhl(
      text('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'),
    )
      .filter((m) => m.status === 'finished' && m.round === null)
      .map((m) => ({
        home: m.home_team,
        away: m.away_team,
        home_goals: m.result!.home,
        away_goals: m.result!.away,
        decision: (m.result!.detail as { decision: HockeyGameResult['decision'] }).decision,
      }));
    const tables = (['division', 'conference', 'league'] as const).flatMap((group) =>
      computeNhlStandings(games, { group }),
    );
    expect(tables.map((t) => t.rows.length).reduce((a, b) => a + b)).toBe(96);
    expect(tables.flatMap((t) => check('ice-hockey', t.rows, t.group))).toEqual([]);
    expect(standingsRowSchemaFor('ice-hockey')).toBe(NhlStandingsRowSchema);
  });

  it('rugby: every Super Rugby regular season 1996–2015, and one with a bye adjustment', () => {
    const matches = parseSuperRugby(text('rugby/superrugby/superrugby_raw.csv'));
    const seasons = [...new Set(matches.map((m) => m.season))];
    expect(seasons.length).toBe(20);
    const problems = seasons.flatMap((season) => {
      const results = matches
        .filter((m) => m.season === season && m.round!.startsWith('Round '))
        .map((m) => {
          const tries = (m.result!.detail as { tries: { home: number; away: number } }).tries;
          return {
            home: m.home_team,
            away: m.away_team,
            home_score: m.result!.home,
            away_score: m.result!.away,
            home_tries: tries.home,
            away_tries: tries.away,
          };
        });
      const byes =
        season === '2015'
          ? [
              { team: results[0].home, points: 8 },
              { team: results[0].away, points: -2 },
            ]
          : [];
      return check('rugby', computeRugbyStandings(results, { adjustments: byes }), season);
    });
    expect(problems).toEqual([]);
    expect(standingsRowSchemaFor('rugby')).toBe(RugbyStandingsRowSchema);
  });

  it('cricket: every Cricsheet match (T20 World Cup, ODI World Cup, IPL final with D/L)', () => {
    const files = ['t20s_json', 'odis_json', 'ipl_json'].flatMap((d) =>
      readdirSync(`${DATA}cricket/cricsheet/${d}`).map((f) => `${d}/${f}`),
    );
    const matches = files.map(
      (f) =>
        parseCricsheet(JSON.parse(text(`cricket/cricsheet/${f}`)), {
          matchId: f.split('/')[1].replace('.json', ''),
        })[0],
    );
    const table = computeCricketStandings(matches);
    expect(table.length).toBeGreaterThan(4);
    expect(check('cricket', table, 'cricsheet')).toEqual([]);
    expect(check('cricket', computeCricketStandings([]), 'empty')).toEqual([]);
    expect(standingsRowSchemaFor('cricket')).toBe(CricketStandingsRowSchema);
  });

  it('tennis: ATP 2024 win–loss table; rows get team = player through toWireStandingsRow', () => {
    const table = computeTennisStandings(parseSackmannAtp(text('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv')));
    expect(table.length).toBeGreaterThan(300);
    expect(check('tennis', table, 'atp-2024')).toEqual([]);
    expect(toWireStandingsRow('tennis', table[0], 0)).toMatchObject({
      position: 1,
      team: 'Jannik Sinner',
      player: 'Jannik Sinner',
    });
    expect(Object.keys(toWireStandingsRow('tennis', table[0], 0)).slice(0, 3)).toEqual(['position', 'team', 'player']);
    // The lib row alone lacks `team`: it is not a wire row.
    expect(TennisRankingRowSchema.safeParse(table[0]).success).toBe(false);
    expect(standingsRowSchemaFor('tennis')).toBe(TennisRankingRowSchema);
  });
});

describe('standingsRowSchemaFor and toWireStandingsRow', () => {
  it('football uses lib/wire/schemas.ts StandingsRowSchema; esports is a placeholder that accepts any row', () => {
    expect(standingsRowSchemaFor('football')).toBe(StandingsRowSchema);
    expect(standingsRowSchemaFor('esports').safeParse({ position: 1, team: 'X', anything: [1] }).success).toBe(true);
    expect(standingsRowSchemaFor('golf').safeParse({ position: 1, team: 'X', anything: [1] }).success).toBe(false);
  });

  it('golf order of merit and MMA fighter records are wire rows (team = player / fighter)', () => {
    const golf = sampleGolfMatches().filter((m) => m.status === 'finished');
    const merit = computeGolfStandings(golf).map((r, i) => toWireStandingsRow('golf', r, i));
    expect(merit.length).toBeGreaterThan(0);
    for (const r of merit) expect(GolfStandingsRowSchema.parse(r).team).toBe(r.player);
    const mma = sampleMmaMatches().filter((m) => m.status === 'finished');
    const records = computeMmaStandings(mma).map((r, i) => toWireStandingsRow('mma', r, i));
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(MmaStandingsRowSchema.parse(r).team).toBe(r.fighter);
  });

  it('rows are validated for position ≥ 1 and team', () => {
    const row = toWireStandingsRow(
      'rugby',
      computeRugbyStandings([{ home: 'A', away: 'B', home_score: 10, away_score: 3, home_tries: 1, away_tries: 0 }])[0],
      0,
    );
    expect(RugbyStandingsRowSchema.safeParse(row).success).toBe(true);
    expect(RugbyStandingsRowSchema.safeParse({ ...row, position: 0 }).success).toBe(false);
    const { team: _team, ...noTeam } = row;
    expect(RugbyStandingsRowSchema.safeParse(noTeam).success).toBe(false);
  });

  it('toWireStandingsRow: position from the index when the row has none; a row naming nobody throws', () => {
    expect(toWireStandingsRow('golf', { name: 'Scottie Scheffler', score: -20 }, 0)).toEqual({
      position: 1,
      team: 'Scottie Scheffler',
      name: 'Scottie Scheffler',
      score: -20,
    });
    expect(toWireStandingsRow('mma', { position: 0, fighter: 'X' }, 4)).toMatchObject({ position: 5, team: 'X' });
    expect(toWireStandingsRow('basketball', { position: 3, team: 'Y' }, 0)).toEqual({ position: 3, team: 'Y' });
    expect(() => toWireStandingsRow('esports', { points: 3 }, 2)).toThrow(TypeError);
  });

  it('OpenAPI: each row schema converts, and every field is described', () => {
    for (const schema of [
      NbaStandingsRowSchema,
      NhlStandingsRowSchema,
      RugbyStandingsRowSchema,
      CricketStandingsRowSchema,
      TennisRankingRowSchema,
    ]) {
      const json = z.toJSONSchema(schema) as {
        description?: string;
        properties: Record<string, { description?: string; properties?: Record<string, { description?: string }> }>;
      };
      expect(typeof json.description).toBe('string');
      const missing = Object.entries(json.properties).flatMap(([k, v]) => [
        ...(v.description ? [] : [k]),
        ...Object.entries(v.properties ?? {})
          .filter(([, w]) => !w.description)
          .map(([j]) => `${k}.${j}`),
      ]);
      expect(missing).toEqual([]);
    }
    expect(() => z.toJSONSchema(AnyStandingsRowSchema)).not.toThrow();
  });
});
