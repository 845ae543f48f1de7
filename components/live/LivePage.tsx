/**
 * The live scoreboard (/): in-play matches of every sport, grouped by sport and league, with
 * today's upcoming kickoffs and recent results beside. First paint comes from server/read, as
 * /v1 (live cache, fixtures, results); the live store keeps it moving.
 */
import { SportTabs } from '@/components/shell/SportTabs';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { listLeagues, listSports } from '@/server/read/list-leagues';
import { processReadDeps } from '@/server/read/process-deps';
import { readFixtures } from '@/server/read/read-fixtures';
import { readLiveMatches } from '@/server/read/read-live';
import { readResults } from '@/server/read/read-results';
import { sportPrematch } from '@/server/read/prematch-passes';
import type { RowWinProbability } from '@/lib/wire/schemas';
import type { InPlayWinProbability } from '@/lib/wire/live-row';
import { isReadFailure } from '@/server/read/result';
import { SPORTS } from '@/lib/sports';
import { getLocale, getTranslations } from 'next-intl/server';
import { zonedRange, dayKey } from '@/browser/time/format';
import { formatLocal } from '@/browser/time/local-format';
import { LiveScoreboard, type LiveFilter } from './LiveScoreboard';
import { TodayPanels } from './TodayPanels';
import { LeagueOptions } from '@/components/shell/LeagueOptions';

/** A read's body, or null when it failed (a league another sport does not have): that panel shows nothing of it. */
const orNull = <T,>(r: T): Exclude<T, { readFailure: unknown }> | null =>
  isReadFailure(r) ? null : (r as Exclude<T, { readFailure: unknown }>);

export async function LivePage({ filter }: { filter: LiveFilter }) {
  const deps = processReadDeps();
  const [tz, locale, t] = await Promise.all([viewerTimeZone(), getLocale(), getTranslations('home')]);
  const now = Date.now();
  const sports = filter.sport ? [filter.sport] : [...SPORTS];
  const live = sports.flatMap((s) => readLiveMatches(deps, s, filter.sport ? filter.league : undefined));
  const today = zonedRange(dayKey(now, tz), tz, 'day');
  const league = filter.sport ? filter.league : undefined;
  const withData = new Set(await listSports(deps));
  const stored = sports.filter((s) => withData.has(s));
  const [upcoming, results, leagues] = await Promise.all([
    Promise.all(
      stored.map((s) =>
        readFixtures(deps, s, {
          from: new Date(now).toISOString(),
          to: today.to,
          status: 'scheduled',
          league,
          limit: 30,
        }).then(orNull, () => null),
      ),
    ),
    Promise.all(stored.map((s) => readResults(deps, s, { league, limit: 8 }).then(orNull, () => null))),
    filter.sport ? listLeagues(deps, filter.sport) : Promise.resolve([]),
  ]);
  // Pre-match probability of the matches in play and of today's kickoffs (they may start while the page is open).
  const prematch: Record<number, NonNullable<RowWinProbability>> = {};
  const ids = new Map<string, number[]>();
  for (const m of live) (ids.get(m.sport) ?? ids.set(m.sport, []).get(m.sport)!).push(m.fixture_id);
  for (const f of upcoming.flatMap((u) => u?.data ?? []))
    (ids.get(f.sport) ?? ids.set(f.sport, []).get(f.sport)!).push(f.fixture_id);
  // The latest in-play point of each match in play (the live follower's, as GET /v1/{sport}/live rows).
  const inPlay: Record<number, NonNullable<InPlayWinProbability>> = {};
  for (const m of live) {
    const p = m.sport === 'golf' ? null : deps.points?.inPlay(m.fixture_id);
    if (p) inPlay[m.fixture_id] = p;
  }
  await Promise.all(
    [...ids].map(async ([s, list]) => {
      const pass = await sportPrematch(deps.db, s, list).catch(() => null);
      for (const id of list) {
        const p = pass?.row(id);
        if (p) prematch[id] = p;
      }
    }),
  );
  const upcomingToday = upcoming
    .flatMap((u) => u?.data ?? [])
    .filter((f) => Date.parse(f.kickoff) < Date.parse(today.to))
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff))
    .slice(0, 12)
    .map((f) => ({ ...f, local: formatLocal(f.kickoff, tz, 'time', locale) }));
  const recent = results
    .flatMap((r) => r?.data ?? [])
    .sort((a, b) => b.kickoff.localeCompare(a.kickoff))
    .slice(0, 8)
    .map((r) => ({ ...r, local: formatLocal(r.kickoff, tz, 'day', locale) }));

  return (
    <div>
      <h1 className="mb-3 text-2xl font-bold">{t('title')}</h1>
      <SportTabs
        current={filter.sport ?? null}
        hrefFor={(s) => (s === filter.sport ? '/' : `/?sport=${s}`)}
        label={t('sportFilter')}
      />
      {filter.sport && leagues.length > 0 && (
        <form method="get" className="mb-3 flex items-center gap-2 text-sm">
          <input type="hidden" name="sport" value={filter.sport} />
          <label htmlFor="league-filter">{t('league')}</label>
          <select
            id="league-filter"
            name="league"
            defaultValue={filter.league ?? ''}
            className="rounded border border-line bg-card px-2 py-1"
          >
            <LeagueOptions leagues={leagues} all={t('allLeagues')} />
          </select>
          <button type="submit" className="rounded border border-line bg-card px-3 py-1 hover:border-accent">
            {t('apply')}
          </button>
        </form>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <LiveScoreboard initial={live} filter={filter} renderedAt={now} prematch={prematch} inPlay={inPlay} />
        <TodayPanels upcoming={upcomingToday} results={recent} />
      </div>
    </div>
  );
}
