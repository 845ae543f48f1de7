/**
 * First start: an empty store gets the bundled real data of every sport (datasets/README.md):
 * football seasons with pre-match and closing odds, NBA and NHL 2022/23, Super Rugby 2011–2015,
 * the ATP tour 2024, the Cubs' 2016 home games play by play, five cricket matches ball by ball, and
 * the replayed competitions finished as themselves (World Cups 2022 and 2018, Euro 2024, the
 * StatsBomb matches, the first ATP matches of 2017) — and an API key. Idempotent: re-running changes nothing.
 */
import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Sport } from '@/lib/sports';
import { generateApiKey, storeApiKey } from './auth/keys';
import type { FeedEngine } from './engine/engine';
import { BUNDLED_IMPORTS } from './bundled-data';
import { readBundled } from './bundled-matches';
import * as t from './store/schema';

/**
 * Imports the bundled seasons of `sports` (default all) when the store has no competitions yet.
 * Returns whether it imported.
 */
export async function importBundledData(engine: FeedEngine, log: Logger, sports?: readonly Sport[]): Promise<boolean> {
  const [{ n }] = await engine.store.db.select({ n: count() }).from(t.competitions);
  if (Number(n) > 0) return false;
  for (const b of BUNDLED_IMPORTS) {
    if (sports && !sports.includes(b.sport)) continue;
    const t0 = Date.now();
    const note = (message: string, fields: Record<string, unknown>) =>
      log.info({ file: b.files[0], ...fields }, message);
    const s = await engine.importMatches(await readBundled([b], note));
    log.info(
      {
        file: b.files[0],
        matches: s.matches,
        fixtures_created: s.fixtures_created,
        events: s.events_stored,
        ms: Date.now() - t0,
      },
      'imported bundled data',
    );
  }
  return true;
}

/**
 * Makes sure a key can use the API: stores INITIAL_API_KEY (on `plan`, default enterprise: the
 * operator's own key) when given, else creates a random key
 * when none exists and prints it once (it is stored only as a hash).
 */
export async function ensureApiKey(
  engine: FeedEngine,
  initialKey: string | undefined,
  log: Logger,
  plan = 'enterprise',
  operatorKey?: string,
): Promise<void> {
  const db = engine.store.db;
  if (operatorKey)
    await storeApiKey(db, operatorKey, { name: 'operator (OPERATOR_API_KEY)', plan: 'enterprise', role: 'operator' });
  if (initialKey) {
    await storeApiKey(db, initialKey, { name: 'initial (INITIAL_API_KEY)', plan });
    return;
  }
  const [{ n }] = await db.select({ n: count() }).from(t.apiKeys);
  if (Number(n) > 0) return;
  const key = generateApiKey();
  await storeApiKey(db, key, { name: 'first start', plan });
  log.info('created the first API key (shown once, stored only as a hash)');
  process.stdout.write(
    `\n  Your API key (shown once): ${key}\n  Try: curl -H "Authorization: Bearer ${key}" http://localhost:${process.env.PORT ?? 3000}/v1/football/live\n\n`,
  );
}
