/**
 * The bundled datasets (datasets/, whose README gives formats, provenance and licences): where they
 * are, the seasons a first start imports, and the recorded competitions the replay plays as live.
 * Data only — no importer is loaded from here, so the store seed's version (server/seed) and the
 * test helpers read this list without loading them (server/bundled-matches.ts reads the files).
 */
import path from 'node:path';
import type { ImportFormat } from '@/lib/import/index';
import type { AnyImportedMatch, ImportOptions } from '@/lib/import/types';
import type { Sport } from '@/lib/sports';
import { ROOT } from './root';

/** The bundled datasets' folder (absolute). */
export const DATASETS = path.join(ROOT, 'datasets');

/** One bundled import: files of one format read together, and the matches kept of them. */
export interface BundledImport {
  sport: Sport;
  format: ImportFormat;
  /** Paths under datasets/, read together (StatsBomb: events then lineups). */
  files: string[];
  /** The importer's options (StatsBomb: league, season, kickoff). */
  options?: ImportOptions;
  /** The matches kept of what the files hold, in order (default all). */
  select?: (matches: AnyImportedMatch[]) => AnyImportedMatch[];
}

const one = (sport: Sport, format: ImportFormat, file: string, more: Partial<BundledImport> = {}): BundledImport => ({
  sport,
  format,
  files: [file],
  ...more,
});
const byKickoff = (a: AnyImportedMatch, b: AnyImportedMatch) =>
  a.kickoff.localeCompare(b.kickoff) || a.source_key.localeCompare(b.source_key);
const statsbomb = (id: number, options: ImportOptions): BundledImport => ({
  sport: 'football',
  format: 'statsbomb',
  files: [`football/statsbomb/events/${id}.json`, `football/statsbomb/lineups/${id}.json`],
  options,
});
const t20 = (id: number) => one('cricket', 'cricsheet', `cricket/cricsheet/t20s_json/${id}.json`);
const CUBS_2016 = 'baseball/retrosheet/2016/2016CHN.EVN';

/**
 * The recorded competitions the replay plays as live (server/replay/channels.ts), by channel. Each
 * is also imported finished as itself (`2022` beside the replay's `2022-replay`, issue 34).
 */
export const REPLAYED_IMPORTS = {
  'world-cup-2022': [one('football', 'openfootball', 'football/openfootball-worldcup.json/2022/worldcup.json')],
  'world-cup-2018': [one('football', 'openfootball', 'football/openfootball-worldcup.json/2018/worldcup.json')],
  'euro-2024': [one('football', 'openfootball', 'football/openfootball-euro.json/2024/euro.json')],
  statsbomb: [
    // Euro 2020 opener, Stadio Olimpico, Rome, 21:00 CEST.
    statsbomb(3788741, { league: 'euro', season: '2020', kickoff: '2021-06-11T19:00:00Z' }),
    // La Liga 2018/19 matchday 5, Camp Nou, 16:45 CEST.
    statsbomb(15986, { league: 'laliga', season: '2018-19', kickoff: '2018-09-23T14:45:00Z' }),
  ],
  // Ball by ball: the T20 World Cup 2022 semi-final and final.
  'cricket-t20-world-cup-2022': [t20(1298178), t20(1298179)],
  // Play by play: the Cubs' first seven home games of 2016.
  'baseball-cubs-2016': [
    one('baseball', 'retrosheet', CUBS_2016, { select: (ms) => [...ms].sort(byKickoff).slice(0, 7) }),
  ],
  // Point by point: the first twelve recorded ATP matches of 2017 (Hopman Cup, Brisbane…).
  'tennis-atp-2017': [
    one('tennis', 'sackmann-pbp', 'tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv', {
      select: (ms) => [...ms].sort(byKickoff).slice(0, 12),
    }),
  ],
} satisfies Record<string, BundledImport[]>;

/**
 * Bundled historical seasons, imported in this order (football: openfootball first, football-data
 * merges onto the same fixtures), then the finished copies of the replayed competitions that
 * these seasons do not hold already (the Cubs' 2016 and the T20 World Cup's files are here whole).
 */
export const BUNDLED_IMPORTS: BundledImport[] = [
  one('football', 'openfootball', 'football/openfootball-football.json/2023-24/en.1.json'),
  one('football', 'football-data', 'football/football-data.co.uk/2324/E0.csv'),
  one('football', 'openfootball', 'football/openfootball-football.json/2024-25/en.1.json'),
  one('football', 'football-data', 'football/football-data.co.uk/2425/E0.csv'),
  one('football', 'openfootball', 'football/openfootball-football.json/2024-25/de.1.json'),
  one('football', 'football-data', 'football/football-data.co.uk/2425/D1.csv'),
  ...REPLAYED_IMPORTS['world-cup-2022'],
  ...REPLAYED_IMPORTS['world-cup-2018'],
  ...REPLAYED_IMPORTS['euro-2024'],
  ...REPLAYED_IMPORTS.statsbomb,
  one('basketball', 'fivethirtyeight-nba', 'basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'),
  one('ice-hockey', 'fivethirtyeight-nhl', 'ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'),
  // The Super Rugby file spans 1996–2015; the embedded default keeps the 15-team era (2011–2015).
  one('rugby', 'superrugby', 'rugby/superrugby/superrugby_raw.csv', {
    select: (ms) => ms.filter((m) => m.season >= '2011'),
  }),
  // Sackmann's results with tennis-data.co.uk's workbook read onto them: match days, venues, Bet365/Pinnacle odds.
  {
    sport: 'tennis',
    format: 'sackmann-atp',
    files: ['tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv', 'tennis/tennis-data.co.uk/2024/2024.xlsx'],
  },
  ...REPLAYED_IMPORTS['tennis-atp-2017'],
  one('baseball', 'retrosheet', CUBS_2016),
  t20(1298178),
  t20(1298179),
  one('cricket', 'cricsheet', 'cricket/cricsheet/odis_json/1384428.json'),
  one('cricket', 'cricsheet', 'cricket/cricsheet/odis_json/1384430.json'),
  one('cricket', 'cricsheet', 'cricket/cricsheet/ipl_json/1370353.json'),
];
