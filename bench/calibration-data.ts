/**
 * The bundled finished matches the calibration and cost benches read, through the real importers
 * (lib/import): the same files the store is seeded with on a first start (server/bundled-data.ts)
 * plus the replayed tournaments (World Cups 2018/2022, Euro 2024) and the point-by-point tennis.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCricsheet } from '@/lib/import/cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from '@/lib/import/fivethirtyeight';
import { parseFootballData } from '@/lib/import/football-data';
import { parseOpenfootball } from '@/lib/import/openfootball';
import { parseRetrosheet } from '@/lib/import/retrosheet';
import { parseSackmannAtp, parseSackmannPbp } from '@/lib/import/sackmann';
import { parseSuperRugby } from '@/lib/import/superrugby';
import type { ImportedMatch } from '@/lib/import/types';
import type { RatedResult } from '@/lib/win-probability/types';
import { ratedFootball, ratedSport } from '@/lib/win-probability/rated-import';

export const DATA = path.join(import.meta.dirname, '..', 'datasets');
export const read = (p: string) => readFileSync(path.join(DATA, p), 'utf8');

/** Imported matches as rated results: lib/win-probability/rated-import.ts. */
export { ratedFootball, ratedSport };

export const footballLeagues = (): ImportedMatch[] => [
  ...parseFootballData(read('football/football-data.co.uk/2324/E0.csv')),
  ...parseFootballData(read('football/football-data.co.uk/2425/E0.csv')),
  ...parseFootballData(read('football/football-data.co.uk/2425/D1.csv')),
];

export function tournaments(): ImportedMatch[] {
  const wc = (y: string, tz: string) =>
    parseOpenfootball(JSON.parse(read(`football/openfootball-worldcup.json/${y}/worldcup.json`)), {
      competition: 'world-cup',
      season: y,
      timezone: tz,
      sourceName: 'worldcup',
    });
  return [
    ...wc('2018', 'Europe/Moscow'),
    ...wc('2022', 'Asia/Qatar'),
    ...parseOpenfootball(JSON.parse(read('football/openfootball-euro.json/2024/euro.json')), {
      competition: 'euro',
      season: '2024',
      timezone: 'Europe/Berlin',
      sourceName: 'euro',
    }),
  ];
}

export const sportMatches = {
  basketball: () => parseFiveThirtyEightNba(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv')),
  'ice-hockey': () => parseFiveThirtyEightNhl(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv')),
  rugby: () => parseSuperRugby(read('rugby/superrugby/superrugby_raw.csv')),
  tennis: () => parseSackmannAtp(read('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv')),
  baseball: () => parseRetrosheet(read('baseball/retrosheet/2016/2016CHN.EVN')),
  cricket: () =>
    ['t20s_json/1298178', 't20s_json/1298179', 'odis_json/1384428', 'odis_json/1384430', 'ipl_json/1370353'].flatMap(
      (f) => parseCricsheet(JSON.parse(read(`cricket/cricsheet/${f}.json`)), { matchId: f.split('/')[1] }),
    ),
  'tennis-pbp': () =>
    parseSackmannPbp(read('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv')),
};
