/**
 * Test-only loaders: the bundled datasets (datasets/README.md) run through the real importers
 * and converted with statsMatchFromImported, as the server would store and load them.
 * Reads files (tests only; lib/statistics itself does no I/O). Parsed once per file; fixture
 * ids are numbered 1, 2, … across all loads. Every loader throws what readFileSync / the
 * importer throws (missing file, ImportError).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCricsheet } from '@/lib/import/cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from '@/lib/import/fivethirtyeight';
import { parseFootballData } from '@/lib/import/football-data';
import { inferOpenfootballOptions } from '@/lib/import/index';
import { parseOpenfootball } from '@/lib/import/openfootball';
import { parseRetrosheet } from '@/lib/import/retrosheet';
import { parseSackmannAtp, parseSackmannPbp } from '@/lib/import/sackmann';
import { parseStatsbomb } from '@/lib/import/statsbomb';
import { parseSuperRugby } from '@/lib/import/superrugby';
import { statsMatchFromImported, type AnyImported } from '../adapt';
import type { StatsMatch } from '../types';

/** Absolute path of a file under datasets/. */
export const dataset = (p: string): string => fileURLToPath(new URL(`../../../datasets/${p}`, import.meta.url));
/** Text of a file under datasets/. */
export const readDataset = (p: string): string => readFileSync(dataset(p), 'utf8');

let nextId = 1;
const convert = (ms: AnyImported[]): StatsMatch[] => ms.map((m) => statsMatchFromImported(m, nextId++));
const cache = new Map<string, StatsMatch[]>();
const once = (key: string, load: () => AnyImported[]) => {
  if (!cache.has(key)) cache.set(key, convert(load()));
  return cache.get(key)!;
};

/** T20 World Cup 2022 final (1298179, Pakistan v England) and semi-final (1298178, India v England). */
export const t20 = () =>
  once('t20', () =>
    ['1298179', '1298178'].flatMap((id) =>
      parseCricsheet(JSON.parse(readDataset(`cricket/cricsheet/t20s_json/${id}.json`)), { matchId: id }),
    ),
  );
/** Chicago Cubs 2016 home games (Retrosheet 2016CHN.EVN). */
export const cubs2016 = () => once('cubs', () => parseRetrosheet(readDataset('baseball/retrosheet/2016/2016CHN.EVN')));
/** ATP tour-level results 2024 with serve stats. */
export const atp2024 = () =>
  once('atp', () => parseSackmannAtp(readDataset('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv')));
/** ATP point-by-point matches (2017), first `n` rows. */
export const atpPbp = (n: number) =>
  once(`pbp${n}`, () => {
    const lines = readDataset('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv').split('\n');
    return parseSackmannPbp(lines.slice(0, n + 1).join('\n'));
  });
/** NBA 2022-23 (regular season, play-in, playoffs; the Finals rows are scheduled). */
export const nba = () =>
  once('nba', () => parseFiveThirtyEightNba(readDataset('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv')));
/** NHL 2022-23 regular season and playoffs. */
export const nhl = () =>
  once('nhl', () => parseFiveThirtyEightNhl(readDataset('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv')));
/** Super Rugby 1996–2015 results with tries. */
export const superRugby = () =>
  once('rugby', () => parseSuperRugby(readDataset('rugby/superrugby/superrugby_raw.csv')));
/** football-data.co.uk results + match stats (cards), e.g. `2324/E0.csv`. */
export const footballData = (f: string) =>
  once(`fd${f}`, () => parseFootballData(readDataset(`football/football-data.co.uk/${f}`)));

/** openfootball file, e.g. `openfootball-worldcup.json/2022/worldcup.json`. */
export const openfootball = (f: string) =>
  once(`of${f}`, () => {
    const path = dataset(`football/${f}`);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    return parseOpenfootball(json, inferOpenfootballOptions(path, json, {}));
  });

/** The two StatsBomb matches: Euro 2020 Turkey 0–3 Italy, La Liga 2018/19 Barcelona 2–2 Girona. */
export const statsbomb = () =>
  once('sb', () => {
    const load = (p: string) => JSON.parse(readDataset(`football/statsbomb/${p}`));
    return [
      parseStatsbomb(load('events/3788741.json'), load('lineups/3788741.json'), {
        matchId: '3788741',
        competition: 'euro',
        season: '2020',
        kickoff: '2021-06-11T21:00:00+02:00',
      }),
      parseStatsbomb(load('events/15986.json'), load('lineups/15986.json'), {
        matchId: '15986',
        competition: 'laliga',
        season: '2018-19',
        kickoff: '2018-09-23T18:30:00Z',
      }),
    ];
  });
