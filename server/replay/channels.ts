/**
 * The replay programme: real recorded matches played as live, one channel per competition
 * (all channels run side by side). Each channel plays its matches round by round — a round
 * is one recorded match day, all its matches kicking off together — and starts a new cycle,
 * with a new season label, when its last round ends. Files are the bundled copies in datasets/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { ImportedMatch } from '@/lib/import/types';

export const DATASETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../datasets');

export interface ReplayChannel {
  channel: string;
  /** Reads the channel's recorded matches (competition and season as recorded). */
  load(): Promise<ImportedMatch[]>;
}

const football = (p: string) => path.join(DATASETS, 'football', p);

export const REPLAY_CHANNELS: ReplayChannel[] = [
  { channel: 'world-cup-2022', load: () => IMPORT_FORMATS.openfootball([football('openfootball-worldcup.json/2022/worldcup.json')], {}) },
  { channel: 'world-cup-2018', load: () => IMPORT_FORMATS.openfootball([football('openfootball-worldcup.json/2018/worldcup.json')], {}) },
  { channel: 'euro-2024', load: () => IMPORT_FORMATS.openfootball([football('openfootball-euro.json/2024/euro.json')], {}) },
  {
    channel: 'statsbomb',
    load: async () => [
      // Euro 2020 opener, Stadio Olimpico, Rome, 21:00 CEST.
      ...(await IMPORT_FORMATS.statsbomb([football('statsbomb/events/3788741.json'), football('statsbomb/lineups/3788741.json')], { league: 'euro', season: '2020', kickoff: '2021-06-11T19:00:00Z' })),
      // La Liga 2018/19 matchday 5, Camp Nou, 16:45 CEST.
      ...(await IMPORT_FORMATS.statsbomb([football('statsbomb/events/15986.json'), football('statsbomb/lineups/15986.json')], { league: 'laliga', season: '2018-19', kickoff: '2018-09-23T14:45:00Z' })),
    ],
  },
];
