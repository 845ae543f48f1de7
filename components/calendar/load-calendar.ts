/**
 * Server-side data of the fixture calendar, read through the same functions as the /v1 API:
 * every fixture (any status) with kickoff in the viewer's local day or ISO week, the live copy of
 * those in play, the teams for the team picker, and — for an empty range — the nearest days
 * before and after that have matches.
 */
import { loadFixtures, FixturesQuery } from '@/server/api/handlers/fixtures';
import { loadLive } from '@/server/api/handlers/live';
import { loadResults, ResultsQuery } from '@/server/api/handlers/results';
import { loadStandings, StandingsQuery } from '@/server/api/handlers/standings';
import type { Services } from '@/server/services';
import type { Fixture, LiveMatch } from '@/lib/wire/schemas';
import { dayKey, formatInZone, zonedRange } from '@/client/time/format';
import type { CalendarState } from './calendar-range';

/** Most fixtures one calendar page lists (pages of 200 through the API's `next_cursor`). */
export const MAX_FIXTURES = 500;

/** A fixture as the calendar row gets it: kickoff already formatted in the viewer's zone. */
export interface CalendarFixture extends Fixture {
  /** Kickoff time in the viewer's zone, "HH:mm". */
  local_time: string;
  /** The live shape (with `seq`) when the match is in play at render time. */
  live?: LiveMatch;
}

export interface CalendarDay {
  /** YYYY-MM-DD in the viewer's zone. */
  day: string;
  /** "Sunday 19 May 2024". */
  label: string;
  fixtures: CalendarFixture[];
}

export interface CalendarData {
  days: CalendarDay[];
  total: number;
  /** More than MAX_FIXTURES matched: the list is cut. */
  truncated: boolean;
  /** For an empty range: the nearest local days with a fixture after / a result before it. */
  nextDay: string | null;
  prevDay: string | null;
}

/** Label of a local calendar day (YYYY-MM-DD): "Sunday 19 May 2024". */
export function dayLabel(day: string): string {
  return formatInZone(`${day}T12:00:00Z`, 'UTC', 'EEEE d MMMM yyyy');
}

/**
 * Loads the calendar's range. `tz` is the viewer's IANA zone.
 * Errors: ApiError league_not_found (unknown `s.league`); store errors propagate.
 */
export async function loadCalendar(services: Services, sport: string, s: CalendarState, tz: string): Promise<CalendarData> {
  const range = zonedRange(s.date, tz, s.view);
  const lastMs = new Date(Date.parse(range.to) - 1).toISOString(); // `to` is inclusive in the API; the range is [from, to)
  const filter = { league: s.league, team: s.team };
  const fixtures: Fixture[] = [];
  let cursor: string | undefined;
  do {
    const page = await loadFixtures(services, sport, FixturesQuery.parse({ ...filter, from: range.from, to: lastMs, limit: '200', cursor }));
    fixtures.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && fixtures.length < MAX_FIXTURES);

  const live = new Map(loadLive(services, sport, s.league).map((m) => [m.fixture_id, m]));
  const byDay = new Map<string, CalendarFixture[]>(range.days.map((d) => [d, []]));
  for (const f of fixtures.slice(0, MAX_FIXTURES)) {
    const day = dayKey(f.kickoff, tz);
    const list = byDay.get(day) ?? [];
    byDay.set(day, list);
    list.push({ ...f, local_time: formatInZone(f.kickoff, tz, 'HH:mm'), ...(live.has(f.fixture_id) ? { live: live.get(f.fixture_id) } : {}) });
  }

  let nextDay: string | null = null;
  let prevDay: string | null = null;
  if (!fixtures.length) {
    const [after, before] = await Promise.all([
      loadFixtures(services, sport, FixturesQuery.parse({ ...filter, from: range.to, limit: '1' })),
      loadResults(services, sport, ResultsQuery.parse({ ...filter, to: new Date(Date.parse(range.from) - 1).toISOString(), limit: '1' })),
    ]);
    nextDay = after.data[0] ? dayKey(after.data[0].kickoff, tz) : null;
    prevDay = before.data[0] ? dayKey(before.data[0].kickoff, tz) : null;
  }

  return {
    days: [...byDay].map(([day, list]) => ({ day, label: dayLabel(day), fixtures: list })),
    total: fixtures.length,
    truncated: fixtures.length > MAX_FIXTURES || !!cursor,
    nextDay,
    prevDay,
  };
}

/**
 * Teams of a league for the team picker: every team in any of its seasons' tables (the live
 * view, so a tournament whose first match is in play lists all its groups), sorted by name.
 * Empty when no table exists yet (or another sport's tables cannot be read).
 */
export async function loadLeagueTeams(services: Services, sport: string, league: string, seasons: string[]): Promise<string[]> {
  const load = (season: string) =>
    loadStandings(services, sport, StandingsQuery.parse({ league, season, live: 'true' })).catch((e) => {
      if (sport === 'football') throw e;
      console.error(`team picker ${sport}/${league}/${season}:`, e); // the picker falls back to the free-text box
      return { data: [] };
    });
  const bodies = await Promise.all(seasons.map(load));
  const teams = new Set<string>();
  for (const b of bodies) for (const t of b.data) for (const r of t.rows as { team?: unknown }[]) if (typeof r.team === 'string') teams.add(r.team);
  return [...teams].sort((a, b) => a.localeCompare(b));
}
