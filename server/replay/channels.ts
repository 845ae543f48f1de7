/**
 * The replay programme: real recorded matches played as live, one channel per competition
 * (all channels run side by side). Each channel plays its matches round by round — a round
 * is one recorded match day, all its matches kicking off together — and starts a new cycle,
 * with a new season label, when its last round ends. Files are the bundled copies in datasets/.
 * Football, cricket, baseball and tennis have event-level data and are replayed; the other sports'
 * bundled data is results only.
 */
import type { AnyImportedMatch } from '@/lib/import/types';
import type { Sport } from '@/lib/sports';
import { REPLAYED_IMPORTS } from '../bundled-data';
import { readBundled } from '../bundled-matches';

export interface ReplayChannel {
  channel: string;
  sport: Sport;
  /** Reads the channel's recorded matches (competition and season as recorded). */
  load(): Promise<AnyImportedMatch[]>;
}

/** One channel per recorded competition of server/bundled-data.ts REPLAYED_IMPORTS (also imported finished). */
export const REPLAY_CHANNELS: ReplayChannel[] = Object.entries(REPLAYED_IMPORTS).map(([channel, imports]) => ({
  channel,
  sport: imports[0].sport,
  load: () => readBundled(imports),
}));
