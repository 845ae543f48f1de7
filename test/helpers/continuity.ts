/**
 * Stored-log ground truth for live-stream tests: the seqs of every stored football event of the
 * given fixtures plus every replayed (non-scheduled) fixture of the replay's leagues, read over
 * REST with the Node client. A stream delivered "exactly once, in order" when its update seqs
 * after its snapshot equal these.
 */
import { ScorelineRest } from '@/clients/node/src/index';

/** Leagues the football replay plays (docs/replay.md). */
export const REPLAY_LEAGUES = ['world-cup', 'euro', 'laliga'];

/** Sorted seqs of stored football events with fromExclusive < seq <= toInclusive over `fixtureIds` and every played replay fixture. */
export async function storedFootballSeqs(
  baseUrl: string,
  apiKey: string,
  fixtureIds: Iterable<number>,
  fromExclusive: number,
  toInclusive: number,
): Promise<number[]> {
  const api = new ScorelineRest({ baseUrl, apiKey });
  const ids = new Set(fixtureIds);
  for (const league of REPLAY_LEAGUES) {
    for await (const fx of api.paginate<{ fixture_id: number; status: string; season: string }>(
      '/v1/football/fixtures',
      { league, from: '2000-01-01', limit: 200 },
    )) {
      if (fx.status !== 'scheduled' && fx.season.endsWith('-replay')) ids.add(fx.fixture_id);
    }
  }
  const stored: number[] = [];
  for (const id of ids) {
    const d = await api.get<{ events: { seq: number }[] }>(`/v1/football/matches/${id}`);
    stored.push(...d.events.map((e) => e.seq).filter((q) => q > fromExclusive && q <= toInclusive));
  }
  return stored.sort((a, b) => a - b);
}
