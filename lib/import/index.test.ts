import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_FORMATS, ImportError, inferOpenfootballOptions, isImportFormat } from './index';

const D = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'scoreline-import-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('IMPORT_FORMATS registry', () => {
  it('lists the three formats', () => {
    expect(Object.keys(IMPORT_FORMATS).sort()).toEqual(['football-data', 'openfootball', 'statsbomb']);
    expect(isImportFormat('statsbomb')).toBe(true);
    expect(isImportFormat('toString')).toBe(false);
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
    expect([count('premier-league', '2023-24'), count('bundesliga', '2024-25'), count('world-cup', '2018'), count('world-cup', '2022'), count('euro', '2024')])
      .toEqual([380, 306, 64, 64, 51]);
    const first = (c: string, s: string) => ms.find((m) => m.competition === c && m.season === s)!;
    expect(first('premier-league', '2023-24').kickoff).toBe('2023-08-11T19:00:00Z');
    expect(first('bundesliga', '2024-25').kickoff).toBe('2024-08-23T18:30:00Z');
    expect(first('world-cup', '2018').kickoff).toBe('2018-06-14T15:00:00Z');
    expect(first('world-cup', '2022').kickoff).toBe('2022-11-20T16:00:00Z');
    expect(first('euro', '2024').kickoff).toBe('2024-06-14T19:00:00Z');
  });

  it('openfootball inference helpers and overrides', () => {
    expect(inferOpenfootballOptions('/x/2023-24/en.1.json', { name: 'English Premier League 2023/24' }, {})).toEqual({
      competition: 'premier-league', season: '2023-24', timezone: 'Europe/London', sourceName: 'en.1',
    });
    expect(inferOpenfootballOptions('/x/2024-25/es.1.json', {}, {})).toMatchObject({ competition: 'laliga', season: '2024-25', timezone: 'Europe/Madrid' });
    expect(inferOpenfootballOptions('/x/worldcup.json', { name: 'World Cup 2022' }, {})).toMatchObject({ competition: 'world-cup', season: '2022', timezone: 'Asia/Qatar' });
    expect(inferOpenfootballOptions('/x/worldcup.json', { name: 'World Cup 2018' }, {}).timezone).toBe('Europe/Moscow');
    expect(inferOpenfootballOptions('/x/euro.json', { name: 'Euro 2024' }, { league: 'euros', season: '2024' })).toMatchObject({ competition: 'euros', season: '2024', timezone: 'Europe/Berlin' });
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
    expect(a).toMatchObject({ source_key: 'statsbomb/3788741', competition: 'euro', home_team: 'Turkey', result: { ft: [0, 3] } });
    await expect(IMPORT_FORMATS.statsbomb([ev, lu], { season: '2020' })).rejects.toThrow('statsbomb import needs --league, --kickoff');
    await expect(IMPORT_FORMATS.statsbomb([ev], opts)).rejects.toThrow(/exactly two files/);
    await expect(IMPORT_FORMATS.statsbomb([ev, ev], opts)).rejects.toThrow(/one lineups file/);
    const [h] = await IMPORT_FORMATS.statsbomb([ev, lu], { ...opts, home: 'Italy' });
    expect([h.home_team, h.result?.ft]).toEqual(['Italy', [3, 0]]);
  });

  it('football-data: several files, --league/--season override', async () => {
    const ms = await IMPORT_FORMATS['football-data']([`${D}football-data.co.uk/2324/E0.csv`, `${D}football-data.co.uk/2425/D1.csv`], {});
    expect(ms).toHaveLength(686);
    const [m] = await IMPORT_FORMATS['football-data']([`${D}football-data.co.uk/2425/E0.csv`], { league: 'epl', season: '2024' });
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
