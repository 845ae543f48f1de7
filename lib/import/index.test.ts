import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IMPORT_FORMAT_SPORTS,
  IMPORT_FORMATS,
  ImportError,
  inferOpenfootballOptions,
  isFootballImportFormat,
  isImportFormat,
} from './index';

const D = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const DS = fileURLToPath(new URL('../../datasets/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'scoreline-import-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('IMPORT_FORMATS registry', () => {
  it('lists the ten formats with their sports', () => {
    expect(Object.keys(IMPORT_FORMATS).sort()).toEqual([
      'cricsheet',
      'fivethirtyeight-nba',
      'fivethirtyeight-nhl',
      'football-data',
      'openfootball',
      'retrosheet',
      'sackmann-atp',
      'sackmann-pbp',
      'statsbomb',
      'superrugby',
    ]);
    expect(Object.keys(IMPORT_FORMAT_SPORTS).sort()).toEqual(Object.keys(IMPORT_FORMATS).sort());
    expect(isImportFormat('statsbomb')).toBe(true);
    expect(isImportFormat('retrosheet')).toBe(true);
    expect(isImportFormat('toString')).toBe(false);
    expect([
      isFootballImportFormat('football-data'),
      isFootballImportFormat('cricsheet'),
      isFootballImportFormat('valueOf'),
    ]).toEqual([true, false, false]);
  });

  it('openfootball: infers competition, season and zone per file', async () => {
    const ms = await IMPORT_FORMATS.openfootball(
      [
        `${D}openfootball-football.json/2023-24/en.1.json`,
        `${D}openfootball-football.json/2024-25/de.1.json`,
        `${D}openfootball-worldcup.json/2018/worldcup.json`,
        `${D}openfootball-worldcup.json/2022/worldcup.json`,
        `${D}openfootball-euro.json/2024/euro.json`,
      ],
      {},
    );
    const count = (c: string, s: string) => ms.filter((m) => m.competition === c && m.season === s).length;
    expect([
      count('premier-league', '2023-24'),
      count('bundesliga', '2024-25'),
      count('world-cup', '2018'),
      count('world-cup', '2022'),
      count('euro', '2024'),
    ]).toEqual([380, 306, 64, 64, 51]);
    const first = (c: string, s: string) => ms.find((m) => m.competition === c && m.season === s)!;
    expect(first('premier-league', '2023-24').kickoff).toBe('2023-08-11T19:00:00Z');
    expect(first('bundesliga', '2024-25').kickoff).toBe('2024-08-23T18:30:00Z');
    expect(first('world-cup', '2018').kickoff).toBe('2018-06-14T15:00:00Z');
    expect(first('world-cup', '2022').kickoff).toBe('2022-11-20T16:00:00Z');
    expect(first('euro', '2024').kickoff).toBe('2024-06-14T19:00:00Z');
  });

  it('openfootball inference helpers and overrides', () => {
    expect(inferOpenfootballOptions('/x/2023-24/en.1.json', { name: 'English Premier League 2023/24' }, {})).toEqual({
      competition: 'premier-league',
      season: '2023-24',
      timezone: 'Europe/London',
      sourceName: 'en.1',
    });
    expect(inferOpenfootballOptions('/x/2024-25/es.1.json', {}, {})).toMatchObject({
      competition: 'laliga',
      season: '2024-25',
      timezone: 'Europe/Madrid',
    });
    expect(inferOpenfootballOptions('/x/worldcup.json', { name: 'World Cup 2022' }, {})).toMatchObject({
      competition: 'world-cup',
      season: '2022',
      timezone: 'Asia/Qatar',
    });
    expect(inferOpenfootballOptions('/x/worldcup.json', { name: 'World Cup 2018' }, {}).timezone).toBe('Europe/Moscow');
    expect(
      inferOpenfootballOptions('/x/euro.json', { name: 'Euro 2024' }, { league: 'euros', season: '2024' }),
    ).toMatchObject({ competition: 'euros', season: '2024', timezone: 'Europe/Berlin' });
    expect(() => inferOpenfootballOptions('/x/at.1.json', { name: '2023/24' }, {})).toThrow(/--league/);
    expect(() => inferOpenfootballOptions('/x/en.1.json', { name: 'EPL' }, {})).toThrow(/--season/);
  });

  it('statsbomb: files in either order, options required', async () => {
    const opts = { league: 'euro', season: '2020', kickoff: '2021-06-11T19:00:00Z' };
    const ev = `${D}statsbomb/events/3788741.json`;
    const lu = `${D}statsbomb/lineups/3788741.json`;
    const [a] = await IMPORT_FORMATS.statsbomb([lu, ev], opts);
    const [b] = await IMPORT_FORMATS.statsbomb([ev, lu], opts);
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      source_key: 'statsbomb/3788741',
      competition: 'euro',
      home_team: 'Turkey',
      result: { ft: [0, 3] },
    });
    await expect(IMPORT_FORMATS.statsbomb([ev, lu], { season: '2020' })).rejects.toThrow(
      'statsbomb import needs --league, --kickoff',
    );
    await expect(IMPORT_FORMATS.statsbomb([ev], opts)).rejects.toThrow(/exactly two files/);
    await expect(IMPORT_FORMATS.statsbomb([ev, ev], opts)).rejects.toThrow(/one lineups file/);
    const [h] = await IMPORT_FORMATS.statsbomb([ev, lu], { ...opts, home: 'Italy' });
    expect([h.home_team, h.result?.ft]).toEqual(['Italy', [3, 0]]);
  });

  it('football-data: several files, --league/--season override', async () => {
    const ms = await IMPORT_FORMATS['football-data'](
      [`${D}football-data.co.uk/2324/E0.csv`, `${D}football-data.co.uk/2425/D1.csv`],
      {},
    );
    expect(ms).toHaveLength(686);
    const [m] = await IMPORT_FORMATS['football-data']([`${D}football-data.co.uk/2425/E0.csv`], {
      league: 'epl',
      season: '2024',
    });
    expect([m.competition, m.season]).toEqual(['epl', '2024']);
  });

  it('rejects unreadable and invalid input with ImportError naming the file', async () => {
    const missing = join(tmp, 'nope.json');
    await expect(IMPORT_FORMATS.openfootball([missing], {})).rejects.toThrow(ImportError);
    await expect(IMPORT_FORMATS.openfootball([missing], {})).rejects.toThrow(/cannot read .*nope\.json: ENOENT/);
    const bad = join(tmp, 'en.1.json');
    writeFileSync(bad, '{"name": ');
    await expect(IMPORT_FORMATS.openfootball([bad], {})).rejects.toThrow(/en\.1\.json is not valid JSON/);
    writeFileSync(bad, '{"name": "x 2023/24", "teams": []}');
    await expect(IMPORT_FORMATS.openfootball([bad], {})).rejects.toThrow(/en\.1\.json: not an openfootball JSON file/);
    const csv = join(tmp, 'E0.csv');
    writeFileSync(csv, 'Div,Date,HomeTeam,AwayTeam\nE0,2024-01-01,A,B\n');
    await expect(IMPORT_FORMATS['football-data']([csv], {})).rejects.toThrow(/E0\.csv: invalid Date/);
  });
});

describe('IMPORT_FORMATS: other sports on the bundled files', () => {
  const CRICSHEET = [
    't20s_json/1298179',
    't20s_json/1298178',
    'odis_json/1384430',
    'odis_json/1384428',
    'ipl_json/1370353',
  ].map((f) => `${DS}cricket/cricsheet/${f}.json`);
  const EVN = `${DS}baseball/retrosheet/2016/2016CHN.EVN`;
  const ATP = `${DS}tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv`;
  const PBP = `${DS}tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv`;
  const NBA = `${DS}basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv`;
  const NHL = `${DS}ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv`;
  const RUGBY = `${DS}rugby/superrugby/superrugby_raw.csv`;

  it('cricsheet: any number of <match_id>.json files; T20 World Cup 2022 final England won by 5 wickets', async () => {
    const ms = await IMPORT_FORMATS.cricsheet(CRICSHEET, {});
    expect(ms.map((m) => [m.source_key, m.competition, m.season])).toEqual([
      ['cricsheet/1298179', 't20-world-cup', '2022-23'],
      ['cricsheet/1298178', 't20-world-cup', '2022-23'],
      ['cricsheet/1384430', 'cricket-world-cup', '2023-24'],
      ['cricsheet/1384428', 'cricket-world-cup', '2023-24'],
      ['cricsheet/1370353', 'ipl', '2023'],
    ]);
    expect(ms[0]).toMatchObject({
      sport: 'cricket',
      round: 'Final',
      home_team: 'Pakistan',
      away_team: 'England',
      status: 'finished',
      result: {
        home: 137,
        away: 138,
        winner: 'away',
        detail: { kind: 'win', by: { wickets: 5 }, text: 'England won by 5 wickets' },
      },
    });
    const [o] = await IMPORT_FORMATS.cricsheet([CRICSHEET[0]], { league: 'wc-t20', season: '2022' });
    expect([o.competition, o.season]).toEqual(['wc-t20', '2022']);
  });

  it('retrosheet: event files (rosters skipped); 81 Cubs 2016 home games, the opener Cubs 5–3 Reds', async () => {
    const ros = join(tmp, 'CHN2016.ROS');
    writeFileSync(ros, 'rizza001,Rizzo,Anthony,L,L,CHN,1B\n');
    const ms = await IMPORT_FORMATS.retrosheet([EVN, ros, join(tmp, 'TEAM2016')], {});
    expect(ms).toHaveLength(81);
    expect(ms[0]).toMatchObject({
      sport: 'baseball',
      source_key: 'retrosheet/CHN201604110',
      competition: 'mlb',
      season: '2016',
      venue: 'Wrigley Field',
      home_team: 'Chicago Cubs',
      away_team: 'Cincinnati Reds',
      kickoff: '2016-04-12T00:06:00Z',
      result: { home: 5, away: 3, winner: 'home' },
    });
    const [o] = await IMPORT_FORMATS.retrosheet([EVN], { league: 'mlb-nl', season: '2016-reg' });
    expect([o.competition, o.season]).toEqual(['mlb-nl', '2016-reg']);
    await expect(IMPORT_FORMATS.retrosheet([ATP], {})).rejects.toThrow(
      /atp_matches_2024\.csv: not a Retrosheet event file/,
    );
  });

  it('sackmann-atp and sackmann-pbp: CSV files; Brisbane 2024 final, 2017 first pbp row', async () => {
    const atp = await IMPORT_FORMATS['sackmann-atp']([ATP], {});
    expect(atp).toHaveLength(3076);
    expect(atp.find((m) => m.source_key === 'sackmann-atp/2024-0339/300')).toMatchObject({
      home_team: 'Grigor Dimitrov',
      away_team: 'Holger Rune',
      round: 'F',
      result: { home: 2, away: 0, winner: 'home', detail: { score: '7-6(5) 6-4' } },
    });
    const pbp = await IMPORT_FORMATS['sackmann-pbp']([PBP], { season: '2017-atp' });
    expect(pbp).toHaveLength(2148);
    expect(pbp[0]).toMatchObject({
      source_key: 'sackmann-pbp/10434613',
      season: '2017-atp',
      home_team: 'Elias Ymer',
      away_team: 'Jordan Thompson',
      result: { home: 0, away: 2, detail: { score: '6-3 6-2' } },
    });
    await expect(IMPORT_FORMATS['sackmann-atp']([PBP], {})).rejects.toThrow(
      /pbp_matches_atp_main_current\.csv: ATP matches CSV lacks column/,
    );
  });

  it('fivethirtyeight-nba / -nhl: 2022-23 opening games, a 2OT playoff game', async () => {
    const nba = await IMPORT_FORMATS['fivethirtyeight-nba']([NBA], {});
    expect([nba.length, nba.filter((m) => m.status === 'finished').length]).toEqual([1322, 1315]);
    expect(nba.find((m) => m.source_key === 'fivethirtyeight-nba/2022-10-18/GSW/LAL')).toMatchObject({
      home_team: 'Golden State Warriors',
      away_team: 'Los Angeles Lakers',
      result: { home: 123, away: 109, winner: 'home' },
    });
    const nhl = await IMPORT_FORMATS['fivethirtyeight-nhl']([NHL], {});
    expect(nhl).toHaveLength(1400);
    expect(nhl[0]).toMatchObject({
      home_team: 'Nashville Predators',
      away_team: 'San Jose Sharks',
      result: { home: 4, away: 1, detail: { decision: 'REG', neutral: true } },
    });
    // 2023 first round game 1: Wild won 3–2 in double overtime in Dallas.
    expect(nhl.find((m) => m.source_key === 'fivethirtyeight-nhl/2023-04-17/DAL/MIN')).toMatchObject({
      round: 'Playoffs',
      result: { home: 2, away: 3, winner: 'away', detail: { decision: 'OT', overtimes: 2 } },
    });
  });

  it('superrugby: the CSV as published; 1996 final Blues 45–21 Natal', async () => {
    const ms = await IMPORT_FORMATS.superrugby([RUGBY], {});
    expect(ms).toHaveLength(1785);
    expect(ms[0]).toMatchObject({
      sport: 'rugby',
      round: 'Final',
      home_team: 'Blues',
      away_team: 'Natal',
      result: { home: 45, away: 21, detail: { tries: { home: 6, away: 2 } } },
    });
  });

  it.each([
    ['cricsheet', 'nope.json'],
    ['retrosheet', '2016NOPE.EVN'],
    ['sackmann-atp', 'nope.csv'],
    ['sackmann-pbp', 'nope.csv'],
    ['fivethirtyeight-nba', 'nope.csv'],
    ['fivethirtyeight-nhl', 'nope.csv'],
    ['superrugby', 'nope.csv'],
  ] as const)('%s: a missing file → ImportError naming it', async (format, name) => {
    const missing = join(tmp, name);
    await expect(IMPORT_FORMATS[format]([missing], {})).rejects.toThrow(ImportError);
    await expect(IMPORT_FORMATS[format]([missing], {})).rejects.toThrow(`cannot read ${missing}: ENOENT`);
  });

  it('invalid content → ImportError naming the file', async () => {
    const notCricsheet = join(tmp, '999.json');
    writeFileSync(notCricsheet, '{"meta": {}}');
    await expect(IMPORT_FORMATS.cricsheet([notCricsheet], {})).rejects.toThrow(/999\.json: not a Cricsheet JSON match/);
    await expect(IMPORT_FORMATS.cricsheet([EVN], {})).rejects.toThrow(/2016CHN\.EVN: not a Cricsheet match file/);
    const evn = join(tmp, '2016XXX.EVN');
    writeFileSync(evn, 'id,XXX201604110\ninfo,visteam,CIN\ninfo,hometeam,XXX\n');
    await expect(IMPORT_FORMATS.retrosheet([evn], {})).rejects.toThrow(
      /2016XXX\.EVN: game XXX201604110 \(line 1\): unknown team code XXX/,
    );
    const csv = join(tmp, 'rugby.csv');
    writeFileSync(csv, 'a,b\n1,2\n');
    await expect(IMPORT_FORMATS.superrugby([csv], {})).rejects.toThrow(/rugby\.csv: unexpected Super Rugby header/);
    await expect(IMPORT_FORMATS['fivethirtyeight-nhl']([csv], {})).rejects.toThrow(
      /rugby\.csv: 538 NHL CSV lacks column/,
    );
  });
});
