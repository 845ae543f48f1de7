/**
 * The bundled datasets (datasets/, whose README gives formats, provenance and licences): where they
 * are, and the seasons a first start imports. Data only — no importer is loaded from here, so the
 * store seed's version (server/seed) and the test helpers read this list without loading them.
 */
import path from 'node:path';
import type { ImportFormat } from '@/lib/import/index';
import type { AnyImportedMatch } from '@/lib/import/types';
import type { Sport } from '@/lib/sports';
import { ROOT } from './root';

/** The bundled datasets' folder (absolute). */
export const DATASETS = path.join(ROOT, 'datasets');

/** Bundled historical seasons, imported in this order (football: openfootball first, football-data merges onto the same fixtures). */
export const BUNDLED_IMPORTS: {
  sport: Sport;
  format: ImportFormat;
  file: string;
  keep?: (m: AnyImportedMatch) => boolean;
}[] = [
  { sport: 'football', format: 'openfootball', file: 'football/openfootball-football.json/2023-24/en.1.json' },
  { sport: 'football', format: 'football-data', file: 'football/football-data.co.uk/2324/E0.csv' },
  { sport: 'football', format: 'openfootball', file: 'football/openfootball-football.json/2024-25/en.1.json' },
  { sport: 'football', format: 'football-data', file: 'football/football-data.co.uk/2425/E0.csv' },
  { sport: 'football', format: 'openfootball', file: 'football/openfootball-football.json/2024-25/de.1.json' },
  { sport: 'football', format: 'football-data', file: 'football/football-data.co.uk/2425/D1.csv' },
  { sport: 'basketball', format: 'fivethirtyeight-nba', file: 'basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv' },
  { sport: 'ice-hockey', format: 'fivethirtyeight-nhl', file: 'ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv' },
  // The Super Rugby file spans 1996–2015; the embedded default keeps the 15-team era (2011–2015).
  {
    sport: 'rugby',
    format: 'superrugby',
    file: 'rugby/superrugby/superrugby_raw.csv',
    keep: (m) => m.season >= '2011',
  },
  { sport: 'tennis', format: 'sackmann-atp', file: 'tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv' },
  { sport: 'baseball', format: 'retrosheet', file: 'baseball/retrosheet/2016/2016CHN.EVN' },
  { sport: 'cricket', format: 'cricsheet', file: 'cricket/cricsheet/t20s_json/1298178.json' },
  { sport: 'cricket', format: 'cricsheet', file: 'cricket/cricsheet/t20s_json/1298179.json' },
  { sport: 'cricket', format: 'cricsheet', file: 'cricket/cricsheet/odis_json/1384428.json' },
  { sport: 'cricket', format: 'cricsheet', file: 'cricket/cricsheet/odis_json/1384430.json' },
  { sport: 'cricket', format: 'cricsheet', file: 'cricket/cricsheet/ipl_json/1370353.json' },
];
