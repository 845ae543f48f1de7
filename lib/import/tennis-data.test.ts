import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { IMPORT_FORMATS } from './index';
import { parseSackmannAtp } from './sackmann';
import { attachTennisData, parseTennisDataSheet, samePlayer, TENNIS_DATA_BOOKMAKERS } from './tennis-data';

const DATA = fileURLToPath(new URL('../../datasets/tennis/', import.meta.url));
const WORKBOOK = `${DATA}tennis-data.co.uk/2024/2024.xlsx`;
const ATP_CSV = `${DATA}jeffsackmann-tennis_atp/atp_matches_2024.csv`;
const sheet = (await readSheet(readFileSync(WORKBOOK))) as unknown[][];
const header = sheet[0].map(String);
const cell = (r: unknown[], name: string) => r[header.indexOf(name)];
const rows = parseTennisDataSheet(sheet);
const results = parseSackmannAtp(readFileSync(ATP_CSV, 'utf8'));
const merged = attachTennisData(results, rows);
const tournament = (m: (typeof results)[number]) =>
  (m.result!.detail as { tournament: { name: string; date: string } }).tournament;

describe('parseTennisDataSheet (tennis-data.co.uk 2024.xlsx, as published)', () => {
  it('reads every match row of the sheet with its date, location and odds columns', () => {
    const data = sheet.slice(1).filter((r) => cell(r, 'Winner'));
    expect(rows).toHaveLength(data.length);
    for (const [i, r] of data.entries()) {
      expect(rows[i].date).toBe((cell(r, 'Date') as Date).toISOString().slice(0, 10));
      expect(rows[i].location).toBe(cell(r, 'Location'));
      const b365 = rows[i].odds.find((o) => o.bookmaker === 'bet365');
      if (typeof cell(r, 'B365W') === 'number' && typeof cell(r, 'B365L') === 'number')
        expect(b365).toEqual({ bookmaker: 'bet365', winner: cell(r, 'B365W'), loser: cell(r, 'B365L') });
      else expect(b365).toBeUndefined();
    }
  });

  it('names every bookmaker column pair the workbook has', () => {
    const present = Object.keys(TENNIS_DATA_BOOKMAKERS).filter((p) => header.includes(`${p}W`));
    expect(present).toEqual(['B365', 'PS', 'Max', 'Avg']);
  });

  it('refuses a sheet without the columns it matches on', () => {
    expect(() => parseTennisDataSheet([['ATP', 'Date', 'Winner']])).toThrow(/lacks column\(s\) Location/);
    const bad = [header, sheet[1].map((v, i) => (header[i] === 'Date' ? 'soon' : v))];
    expect(() => parseTennisDataSheet(bad)).toThrow(/row 2: Date "soon" is not a date cell/);
  });
});

describe('samePlayer: workbook "Surname I." against Sackmann full names', () => {
  it.each([
    ['Sinner J.', 'Jannik Sinner', true],
    ['De Minaur A.', 'Alex de Minaur', true],
    ['O Connell C.', "Christopher O'Connell", true],
    ['Auger-Aliassime F.', 'Felix Auger Aliassime', true],
    ['Varillas J. P.', 'Juan Pablo Varillas', true],
    ['Mpetshi G.', 'Giovanni Mpetshi Perricard', true],
    ['Zhang Zh.', 'Zhizhen Zhang', true],
    ['Sinner J.', 'Daniil Medvedev', false],
    ['Zverev A.', 'Mischa Zverev', false],
  ])('%s ~ %s → %s', (w, full, same) => expect(samePlayer(w, full)).toBe(same));

  it('surname only when asked: "Barrios M." is Tomas Barrios Vera', () => {
    expect(samePlayer('Barrios M.', 'Tomas Barrios Vera')).toBe(false);
    expect(samePlayer('Barrios M.', 'Tomas Barrios Vera', false)).toBe(true);
  });
});

describe('attachTennisData onto the bundled Sackmann ATP 2024 results', () => {
  it('matches every workbook row to exactly one result (none unmatched in 2024.xlsx)', () => {
    expect(merged.unmatched.map((r) => `${r.row} ${r.tournament} ${r.winner} d. ${r.loser}`)).toEqual([]);
    expect(merged.matched).toBe(rows.length);
    const withRow = merged.matches.filter((m) => (m.result!.detail as { tennis_data?: unknown }).tennis_data);
    expect(withRow).toHaveLength(rows.length);
  });

  it('every matched result has the row’s winner, loser, day, venue and round', () => {
    const byRow = new Map(rows.map((r) => [r.row, r]));
    for (const m of merged.matches) {
      const td = (m.result!.detail as { tennis_data?: { row: number } }).tennis_data;
      if (!td) continue;
      const r = byRow.get(td.row)!;
      const [winner, loser] = m.result!.winner === 'home' ? [m.home_team, m.away_team] : [m.away_team, m.home_team];
      expect(samePlayer(r.winner, winner, false) && samePlayer(r.loser, loser, false), `${r.row}`).toBe(true);
      expect(m.kickoff).toBe(`${r.date}T12:00:00Z`);
      expect(m.venue).toBe(r.location);
      const days = (Date.parse(r.date) - Date.parse(tournament(m).date)) / 86_400_000;
      expect(days, `${r.row} ${r.tournament}`).toBeGreaterThanOrEqual(-3);
      expect(days).toBeLessThanOrEqual(20);
    }
  });

  it('the Australian Open 2024 final: 2024-01-28 in Melbourne, Bet365 and Pinnacle moneyline from the workbook', () => {
    const row = sheet.find((r) => cell(r, 'Tournament') === 'Australian Open' && cell(r, 'Round') === 'The Final')!;
    const final = merged.matches.find((m) => tournament(m).name === 'Australian Open' && m.round === 'F')!;
    expect(final.kickoff.slice(0, 10)).toBe('2024-01-28');
    expect(final.venue).toBe(cell(row, 'Location'));
    const winnerSide = final.result!.winner!;
    const loserSide = winnerSide === 'home' ? 'away' : 'home';
    expect(winnerSide === 'home' ? final.home_team : final.away_team).toBe('Jannik Sinner');
    const price = (bookmaker: string, selection: string) =>
      final.odds!.find((o) => o.bookmaker === bookmaker && o.selection === selection)?.price;
    expect(price('bet365', winnerSide)).toBe(cell(row, 'B365W'));
    expect(price('bet365', loserSide)).toBe(cell(row, 'B365L'));
    expect(price('pinnacle', winnerSide)).toBe(cell(row, 'PSW'));
    expect(price('pinnacle', loserSide)).toBe(cell(row, 'PSL'));
    expect(final.odds!.every((o) => o.market === 'moneyline' && o.kind === 'closing')).toBe(true);
    expect(final.odds_source).toBe('tennis-data');
  });

  it('leaves results the workbook does not have as they were (Davis Cup, after 2024-08-24)', () => {
    const untouched = merged.matches.filter((m, i) => m === results[i]);
    expect(untouched.length).toBe(results.length - rows.length);
    expect(untouched.some((m) => m.competition === 'davis-cup')).toBe(true);
    expect(untouched.every((m) => m.odds === undefined && m.venue === null)).toBe(true);
  });

  it('reports a row no result agrees with, and never guesses between two', () => {
    const final = rows.find((r) => r.tournament === 'Australian Open' && r.round === 'The Final')!;
    const stranger = { ...final, row: 9001, winner: 'Nobody N.' };
    const twice = attachTennisData(results, [final, { ...final, row: 9002 }]);
    expect(twice.matched).toBe(1);
    expect(twice.unmatched.map((r) => r.row)).toEqual([9002]);
    const none = attachTennisData(results, [stranger]);
    expect(none.unmatched.map((r) => r.row)).toEqual([9001]);
  });
});

describe('IMPORT_FORMATS sackmann-atp with the workbook among the paths', () => {
  it('returns the merged results and notes the matched and unmatched rows', async () => {
    const notes: Record<string, unknown>[] = [];
    const ms = await IMPORT_FORMATS['sackmann-atp']([ATP_CSV, WORKBOOK], { note: (_m, f) => notes.push(f) });
    expect(ms).toHaveLength(results.length);
    expect(notes).toEqual([expect.objectContaining({ rows: rows.length, matched: rows.length, unmatched: 0 })]);
    expect(ms.filter((m) => m.odds?.length).length).toBe(rows.filter((r) => r.odds.length).length);
  });

  it('refuses a missing workbook and a file that is not one', async () => {
    await expect(IMPORT_FORMATS['sackmann-atp']([ATP_CSV, `${ATP_CSV}.xlsx`], {})).rejects.toThrow(/cannot read/);
    const fake = path.join(mkdtempSync(path.join(tmpdir(), 'tennis-data-')), '2024.xlsx');
    writeFileSync(fake, readFileSync(ATP_CSV, 'utf8').slice(0, 2000));
    await expect(IMPORT_FORMATS['sackmann-atp']([ATP_CSV, fake], {})).rejects.toThrow(/not a readable xlsx workbook/);
  });
});
