/**
 * The facts the coverage flags are decided from (lib/seasons/coverage.ts SeasonFacts), counted for
 * every league-season of a sport in six grouped queries: fixtures by status, the event types of
 * their logs (and those naming a player), lineups, match statistics, standings rows and odds ticks
 * (bookmakers: real ones, not the in-play model nor the market max / average columns).
 */
import { sql } from 'drizzle-orm';
import { AGGREGATE_BOOKMAKERS, MODEL_BOOKMAKER } from '@/lib/odds/markets';
import type { SeasonFacts } from '@/lib/seasons/coverage';
import type { Tx } from '../db';

type Rows<T> = { rows: T[] };

/** Competition id → its facts, for every competition of `sport` (one with no fixture has zero counts). Errors: the store's. */
export async function getSeasonFacts(tx: Tx, sport: string): Promise<Map<number, SeasonFacts>> {
  const notBooks = sql.param([MODEL_BOOKMAKER, ...AGGREGATE_BOOKMAKERS]);
  const q = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as Rows<T>).rows;
  const [fixtures, events, lineups, stats, tables, odds] = await Promise.all([
    q<{ id: number; n: number; finished: number }>(sql`
      SELECT c.id, count(f.id) AS n, count(f.id) FILTER (WHERE f.status = 'finished') AS finished
      FROM competitions c LEFT JOIN fixtures f ON f.competition_id = c.id
      WHERE c.sport = ${sport} GROUP BY c.id`),
    q<{ id: number; types: string[]; named: string[] | null }>(sql`
      SELECT f.competition_id AS id, array_agg(DISTINCT e.type) AS types,
             array_agg(DISTINCT e.type) FILTER (WHERE e.player IS NOT NULL) AS named
      FROM match_events e JOIN fixtures f ON f.id = e.fixture_id
      WHERE f.sport = ${sport} GROUP BY f.competition_id`),
    q<{ id: number }>(sql`
      SELECT DISTINCT f.competition_id AS id FROM lineups l JOIN fixtures f ON f.id = l.fixture_id
      WHERE f.sport = ${sport}`),
    q<{ id: number }>(sql`
      SELECT DISTINCT f.competition_id AS id FROM match_stats s JOIN fixtures f ON f.id = s.fixture_id
      WHERE f.sport = ${sport}`),
    q<{ id: number; rows: number }>(sql`
      SELECT s.competition_id AS id, sum(jsonb_array_length(s.rows)) AS rows
      FROM standings s JOIN competitions c ON c.id = s.competition_id
      WHERE c.sport = ${sport} GROUP BY s.competition_id`),
    q<{ id: number; bookmakers: number; pre: boolean; live: boolean }>(sql`
      SELECT f.competition_id AS id,
             count(DISTINCT o.bookmaker) FILTER (WHERE NOT (o.bookmaker = ANY(${notBooks}::text[]))) AS bookmakers,
             coalesce(bool_or(o.observed_at <= f.kickoff AND o.bookmaker <> ${MODEL_BOOKMAKER}), false) AS pre,
             coalesce(bool_or(o.observed_at > f.kickoff), false) AS live
      FROM odds_ticks o JOIN fixtures f ON f.id = o.fixture_id
      WHERE f.sport = ${sport} GROUP BY f.competition_id`),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.id), r]));
  const ev = byId(events);
  const lu = new Set(lineups.map((r) => Number(r.id)));
  const st = new Set(stats.map((r) => Number(r.id)));
  const tb = byId(tables);
  const od = byId(odds);
  return new Map(
    fixtures.map((r) => {
      const id = Number(r.id);
      const o = od.get(id);
      return [
        id,
        {
          fixtures: Number(r.n),
          finished: Number(r.finished),
          eventTypes: ev.get(id)?.types ?? [],
          namedEventTypes: ev.get(id)?.named ?? [],
          lineups: lu.has(id),
          matchStats: st.has(id),
          standingsRows: Number(tb.get(id)?.rows ?? 0),
          preMatchOdds: Boolean(o?.pre),
          liveOdds: Boolean(o?.live),
          bookmakers: Number(o?.bookmakers ?? 0),
        },
      ];
    }),
  );
}

/** What the facts' version adds to the last seq: the count and highest id of `sport`'s competitions. Errors: the store's. */
export async function seasonFactsVersion(tx: Tx, sport: string): Promise<string> {
  const r = (await tx.execute(
    sql`SELECT count(*) AS n, max(id) AS top FROM competitions WHERE sport = ${sport}`,
  )) as unknown as Rows<{ n: number; top: number | null }>;
  return `${r.rows[0]?.n ?? 0}.${r.rows[0]?.top ?? 0}`;
}
