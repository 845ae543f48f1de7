/**
 * The esports rows of bench/win-probability.ts: no finished Dota 2 game is in the bundled datasets,
 * so the recorded TI 2018 grand-final game 5 (OpenDota 4080856812, test/fixtures/upstream/opendota,
 * MIT) is mapped by the adapter (kills with their game time, a gold lead a minute, objectives, the
 * end) and replayed `times` times, each with a fresh context (its first call fits the per-map
 * probability, as a new fixture's would). Pre-match probabilities vary over the replays.
 */
import { readFileSync } from 'node:fs';
import type { SportEvent } from '@/lib/rules/contract';
import type { InPlayContext } from '@/lib/win-probability/inplay';
import type { LoggedEvent } from '@/lib/win-probability/series';
import { mapOpenDotaMatch, OpenDotaMatchSchema } from '@/server/adapters/opendota/opendota-mapping';

/** One replay: the sport, a fresh in-play context and the game's logged events. */
export interface DotaReplay {
  sport: 'esports';
  ctx: InPlayContext;
  events: LoggedEvent[];
}

/** `times` replays of the recorded game (pre-match P(home) from 0.2 to 0.8). */
export function dotaReplays(times: number): DotaReplay[] {
  const raw = JSON.parse(
    readFileSync(new URL('../../test/fixtures/upstream/opendota/matches_4080856812.json', import.meta.url), 'utf8'),
  );
  const at = new Date(raw.start_time * 1000).toISOString();
  const events = mapOpenDotaMatch(OpenDotaMatchSchema.parse(raw)).events.map((e) => ({
    event: { ...e, stoppage: undefined } as unknown as SportEvent,
    occurred_at: at,
  }));
  return Array.from({ length: times }, (_, i) => {
    const e = 0.2 + (0.6 * i) / Math.max(1, times - 1);
    const rating = {} as InPlayContext['prematch']['rating'];
    return {
      sport: 'esports',
      ctx: { sport: 'esports', knockout: true, prematch: { home: e, draw: null, away: 1 - e, rating } },
      events,
    };
  });
}
