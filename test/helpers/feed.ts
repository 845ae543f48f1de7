/** Reading the stored feed back over REST, to check deliveries against it. */
import { getJson, type TestServer } from './server';

/**
 * Seqs of every stored football event of the replayed leagues (world-cup, euro, laliga) with
 * from < seq ≤ to, read from the match timelines of /v1/football/matches/{id}, ascending.
 */
export async function storedEventSeqs(
  server: Pick<TestServer, 'baseUrl' | 'apiKey'>,
  from: number,
  to: number,
): Promise<number[]> {
  const seqs: number[] = [];
  for (const league of ['world-cup', 'euro', 'laliga']) {
    const f = await getJson(server, `/v1/football/fixtures?league=${league}&from=2000-01-01&limit=200`);
    if (f.status !== 200) throw new Error(`fixtures ${league}: ${f.status}`);
    for (const fx of f.body.data.filter(
      (x: { status: string; season: string }) => x.status !== 'scheduled' && x.season.endsWith('-replay'),
    )) {
      const d = await getJson(server, `/v1/football/matches/${fx.fixture_id}`);
      seqs.push(...d.body.events.map((e: { seq: number }) => e.seq).filter((q: number) => q > from && q <= to));
    }
  }
  return seqs.sort((a, b) => a - b);
}
