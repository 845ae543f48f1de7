/**
 * The live scoreboard (/): in-play matches of every sport, grouped by sport and league, with
 * today's upcoming kickoffs and recent results beside. First paint comes from the same server
 * functions as /v1 (live cache, fixtures, results); the live store keeps it moving.
 */
import { SportTabs } from '@/components/shell/SportTabs';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { loadFixtures, FixturesQuery } from '@/server/api/handlers/fixtures';
import { loadLive } from '@/server/api/handlers/live';
import { loadResults, ResultsQuery } from '@/server/api/handlers/results';
import { getServices } from '@/server/services';
import { listLeagues, listSportsWithLeagues } from '@/server/store/queries/list-leagues';
import { SPORTS } from '@/lib/sports';
import { formatInZone, zonedRange, dayKey } from '@/client/time/format';
import { LiveScoreboard, type LiveFilter } from './LiveScoreboard';
import { TodayPanels } from './TodayPanels';
import { LeagueOptions } from '@/components/shell/LeagueOptions';

export async function LivePage({ filter }: { filter: LiveFilter }) {
  const services = getServices();
  const tz = await viewerTimeZone();
  const now = Date.now();
  const sports = filter.sport ? [filter.sport] : [...SPORTS];
  const live = sports.flatMap((s) => loadLive(services, s, filter.sport ? filter.league : undefined));
  const today = zonedRange(dayKey(now, tz), tz, 'day');
  const league = filter.sport ? filter.league : undefined;
  const withData = new Set(await listSportsWithLeagues(services.store.db));
  const stored = sports.filter((s) => withData.has(s));
  const [upcoming, results, leagues] = await Promise.all([
    Promise.all(stored.map((s) => loadFixtures(services, s, FixturesQuery.parse({ from: new Date(now).toISOString(), to: today.to, status: 'scheduled', league, limit: '30' })).catch(() => null))),
    Promise.all(stored.map((s) => loadResults(services, s, ResultsQuery.parse({ league, limit: '8' })).catch(() => null))),
    filter.sport ? listLeagues(services.store.db, filter.sport) : Promise.resolve([]),
  ]);
  const upcomingToday = upcoming
    .flatMap((u) => u?.data ?? [])
    .filter((f) => Date.parse(f.kickoff) < Date.parse(today.to))
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff))
    .slice(0, 12)
    .map((f) => ({ ...f, local: formatInZone(f.kickoff, tz, 'HH:mm') }));
  const recent = results
    .flatMap((r) => r?.data ?? [])
    .sort((a, b) => b.kickoff.localeCompare(a.kickoff))
    .slice(0, 8)
    .map((r) => ({ ...r, local: formatInZone(r.kickoff, tz, 'd MMM') }));

  return (
    <div>
      <h1 className="mb-3 text-2xl font-bold">Live scores</h1>
      <SportTabs current={filter.sport ?? null} hrefFor={(s) => (s === filter.sport ? '/' : `/?sport=${s}`)} label="Filter by sport" />
      {filter.sport && leagues.length > 0 && (
        <form method="get" className="mb-3 flex items-center gap-2 text-sm">
          <input type="hidden" name="sport" value={filter.sport} />
          <label htmlFor="league-filter">League</label>
          <select id="league-filter" name="league" defaultValue={filter.league ?? ''} className="rounded border border-line bg-card px-2 py-1">
            <LeagueOptions leagues={leagues} all="All leagues" />
          </select>
          <button type="submit" className="rounded border border-line bg-card px-3 py-1 hover:border-accent">
            Apply
          </button>
        </form>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <LiveScoreboard initial={live} filter={filter} renderedAt={now} />
        <TodayPanels upcoming={upcomingToday} results={recent} />
      </div>
    </div>
  );
}
