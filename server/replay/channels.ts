/**
 * The replay programme: real recorded matches played as live, one channel per competition
 * (all channels run side by side). Each channel plays its matches round by round — a round
 * is one recorded match day, all its matches kicking off together — and starts a new cycle,
 * with a new season label, when its last round ends. Files are the bundled copies in datasets/.
 * Football, cricket, baseball and tennis have event-level data and are replayed; the other sports'
 * bundled data is results only.
 */
import path from 'node:path';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { AnyImportedMatch } from '@/lib/import/types';
import type { Sport } from '@/lib/sports';
import { DATASETS } from '../bundled-data';

export interface ReplayChannel {
  channel: string;
  sport: Sport;
  /** Reads the channel's recorded matches (competition and season as recorded). */
  load(): Promise<AnyImportedMatch[]>;
}

const football = (p: string) => path.join(DATASETS, 'football', p);
const data = (p: string) => path.join(DATASETS, p);

export const REPLAY_CHANNELS: ReplayChannel[] = [
  {
    channel: 'world-cup-2022',
    sport: 'football',
    load: () => IMPORT_FORMATS.openfootball([football('openfootball-worldcup.json/2022/worldcup.json')], {}),
  },
  {
    channel: 'world-cup-2018',
    sport: 'football',
    load: () => IMPORT_FORMATS.openfootball([football('openfootball-worldcup.json/2018/worldcup.json')], {}),
  },
  {
    channel: 'euro-2024',
    sport: 'football',
    load: () => IMPORT_FORMATS.openfootball([football('openfootball-euro.json/2024/euro.json')], {}),
  },
  {
    channel: 'statsbomb',
    sport: 'football',
    load: async () => [
      // Euro 2020 opener, Stadio Olimpico, Rome, 21:00 CEST.
      ...(await IMPORT_FORMATS.statsbomb(
        [football('statsbomb/events/3788741.json'), football('statsbomb/lineups/3788741.json')],
        { league: 'euro', season: '2020', kickoff: '2021-06-11T19:00:00Z' },
      )),
      // La Liga 2018/19 matchday 5, Camp Nou, 16:45 CEST.
      ...(await IMPORT_FORMATS.statsbomb(
        [football('statsbomb/events/15986.json'), football('statsbomb/lineups/15986.json')],
        { league: 'laliga', season: '2018-19', kickoff: '2018-09-23T14:45:00Z' },
      )),
    ],
  },
  // Ball by ball: the T20 World Cup 2022 semi-final and final, one a day.
  {
    channel: 'cricket-t20-world-cup-2022',
    sport: 'cricket',
    load: () =>
      IMPORT_FORMATS.cricsheet(
        [data('cricket/cricsheet/t20s_json/1298178.json'), data('cricket/cricsheet/t20s_json/1298179.json')],
        {},
      ),
  },
  // Play by play: the Cubs' first seven home games of 2016.
  {
    channel: 'baseball-cubs-2016',
    sport: 'baseball',
    load: async () =>
      (await IMPORT_FORMATS.retrosheet([data('baseball/retrosheet/2016/2016CHN.EVN')], {}))
        .sort((a, b) => a.kickoff.localeCompare(b.kickoff))
        .slice(0, 7),
  },
  // Point by point: the first twelve recorded ATP matches of 2017.
  {
    channel: 'tennis-atp-2017',
    sport: 'tennis',
    load: async () =>
      (
        await IMPORT_FORMATS['sackmann-pbp'](
          [data('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv')],
          {},
        )
      )
        .sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.source_key.localeCompare(b.source_key))
        .slice(0, 12),
  },
];
