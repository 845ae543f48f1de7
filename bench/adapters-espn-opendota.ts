/**
 * Bench rows of the `espn` and `opendota` sources for bench/adapters.ts (its `ADAPTERS` table;
 * docs/adapters.md, bench/README.md "Source adapters"), on the recordings the integration test
 * follows (test/helpers/espn-cuts.ts):
 *
 * - `espn`: the ZOZO Championship 2022 scoreboard (golf/pga, ESPN composite event 401465500, 78
 *   players) in its five states — after rounds 1, 2, 3, as recorded, declared final — one cut each;
 * - `opendota`: the TI 2018 grand-final game 4080856812, cut at a game second (kills_log and
 *   objectives up to it; the whole file from its duration on).
 *
 * Each row: the recorded file, its cut function, the pure mapper (parse + map one response), the
 * local upstream's route at a cut and the server settings that point the source at it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeedEvent } from '@/lib/match/state';
import { mapGolf } from '@/server/adapters/espn/espn-golf';
import { espnLeague } from '@/server/adapters/espn/espn-leagues';
import { EspnEventSchema, EspnScoreboardSchema, parseEach } from '@/server/adapters/espn/espn-schemas';
import { mapOpenDotaMatch, OpenDotaMatchSchema } from '@/server/adapters/opendota/opendota-mapping';
import { compositeEvent, golfAfterRound, golfFinal, openDotaAt, openDotaMatch } from '@/test/helpers/espn-cuts';
import { ROOT } from '@/test/helpers/server';
import type { AdapterBench } from './adapters';

const FIXTURES = path.join(ROOT, 'test/fixtures/upstream');

/** `espn` on golf/pga: cut k (1–5) = the k-th state of the ZOZO scoreboard. */
function espn(): AdapterBench {
  const golf = compositeEvent('401465500');
  const states = [golfAfterRound(golf, 1), golfAfterRound(golf, 2), golfAfterRound(golf, 3), golf, golfFinal(golf)];
  const league = espnLeague('golf/pga');
  const at = (cut: number) => ({ events: [states[Math.min(states.length, Math.max(1, cut)) - 1]] });
  return {
    name: 'espn',
    file: path.join(FIXTURES, 'espn/teamtracker_all_COMPOSITE.EXCERPT.json'),
    length: states.length,
    at,
    map: (body) =>
      parseEach(EspnScoreboardSchema.parse(body).events, EspnEventSchema).ok.flatMap(
        ({ value }) => mapGolf(value, league)?.events ?? [],
      ),
    route: (cut) => (p) =>
      p.startsWith('/apis/site/v2/sports/golf/pga/scoreboard?dates=') ? { body: at(cut()) } : undefined,
    env: (url, s) => ({
      SOURCES: 'espn',
      ESPN_API_URL: url,
      ESPN_LEAGUES: 'golf/pga',
      ESPN_INTERVAL_SECONDS: String(s),
      ESPN_IDLE_INTERVAL_SECONDS: String(s),
      ESPN_REQUESTS_PER_MINUTE: '600',
    }),
    channel: 'golf.live',
  };
}

/** `opendota`: cut t = the recorded game as it stood t seconds in. */
function opendota(): AdapterBench {
  const m = openDotaMatch();
  return {
    name: 'opendota',
    file: path.join(FIXTURES, 'opendota/matches_4080856812.json'),
    length: m.duration,
    at: (t) => openDotaAt(m, t),
    map: (body) => mapOpenDotaMatch(OpenDotaMatchSchema.parse(body)).events,
    route: (cut) => (p) => (p === `/api/matches/${m.match_id}` ? { body: openDotaAt(m, cut()) } : undefined),
    env: (url, s) => ({
      SOURCES: 'opendota',
      OPENDOTA_API_URL: url,
      OPENDOTA_MATCH_IDS: String(m.match_id),
      OPENDOTA_INTERVAL_SECONDS: String(s),
      OPENDOTA_IDLE_INTERVAL_SECONDS: String(s),
      OPENDOTA_REQUESTS_PER_MINUTE: '600',
    }),
    channel: 'esports.live',
  };
}

/** The rows bench/adapters.ts adds to its ADAPTERS table, by adapter name. Errors: throws when a recording is missing. */
export function espnOpenDotaBenchRows(): Record<string, () => AdapterBench> {
  if (!fs.existsSync(FIXTURES)) throw new Error(`${FIXTURES} missing`);
  return { espn, opendota };
}
