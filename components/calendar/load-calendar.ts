/**
 * Server-side data of the fixture calendar, read through server/read as the /v1 API:
 * every fixture (any status) with kickoff in the viewer's local day or ISO week, the live copy of
 * those in play, the teams for the team picker, and — for an empty range — the nearest days
 * before and after that have matches.
 */
import type { ReadDeps } from '@/server/read/deps';
import { readFixtures } from '@/server/read/read-fixtures';
import { readLiveMatches } from '@/server/read/read-live';
import { readResults } from '@/server/read/read-results';
import { readStandings } from '@/server/read/read-standings';
import { isNotFound, unwrapRead, type NotFound } from '@/server/read/result';
import type { ListedFixture, LiveMatch } from '@/lib/wire/schemas';
import { dayKey, zonedRange } from '@/browser/time/format';
import { formatLocal } from '@/browser/time/local-format';
import type { Locale } from '@/lib/i18n/locales';
import type { CalendarState } from './calendar-range';

/** Most fixtures one calendar page lists (pages of 200 through the API's `next_cursor`). */
export const MAX_FIXTURES = 500;

/** A fixture as the calendar row gets it: kickoff already formatted in the viewer's zone. */
export interface CalendarFixture extends Omit<ListedFixture, 'win_probability'> {
  /** Pre-match win probability (GET /v1/{sport}/fixtures rows); absent where the row came from elsewhere. */
  win_probability?: ListedFixture['win_probability'];
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

/** Label of a local calendar day (YYYY-MM-DD) in `locale`: "Sunday 19 May 2024", "Sonntag, 19. Mai 2024". */
export function dayLabel(day: string, locale: Locale = 'en'): string {
  return formatLocal(`${day}T12:00:00Z`, 'UTC', 'fullDay', locale);
}

/**
 * Loads the calendar's range. `tz` is the viewer's IANA zone. NotFound league_not_found for an
 * unknown `s.league`. Errors: store errors propagate.
 */
export async function loadCalendar(
  deps: ReadDeps,
  sport: string,
  s: CalendarState,
  tz: string,
  locale: Locale = 'en',
): Promise<CalendarData | NotFound> {
  const range = zonedRange(s.date, tz, s.view);
  const lastMs = new Date(Date.parse(range.to) - 1).toISOString(); // `to` is inclusive in the API; the range is [from, to)
  const filter = { league: s.league, team: s.team };
  const fixtures: ListedFixture[] = [];
  let cursor: string | undefined;
  do {
    const read = await readFixtures(deps, sport, { ...filter, from: range.from, to: lastMs, limit: 200, cursor });
    if (isNotFound(read)) return read;
    const page = unwrapRead(read);
    fixtures.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && fixtures.length < MAX_FIXTURES);

  const live = new Map(readLiveMatches(deps, sport, s.league).map((m) => [m.fixture_id, m]));
  const byDay = new Map<string, CalendarFixture[]>(range.days.map((d) => [d, []]));
  for (const f of fixtures.slice(0, MAX_FIXTURES)) {
    const day = dayKey(f.kickoff, tz);
    const list = byDay.get(day) ?? [];
    byDay.set(day, list);
    list.push({
      ...f,
      local_time: formatLocal(f.kickoff, tz, 'time', locale),
      ...(live.has(f.fixture_id) ? { live: live.get(f.fixture_id) } : {}),
    });
  }

  let nextDay: string | null = null;
  let prevDay: string | null = null;
  if (!fixtures.length) {
    const [afterRead, beforeRead] = await Promise.all([
      readFixtures(deps, sport, { ...filter, from: range.to, limit: 1 }),
      readResults(deps, sport, { ...filter, to: new Date(Date.parse(range.from) - 1).toISOString(), limit: 1 }),
    ]);
    if (isNotFound(afterRead)) return afterRead;
    if (isNotFound(beforeRead)) return beforeRead;
    const [after, before] = [unwrapRead(afterRead), unwrapRead(beforeRead)];
    nextDay = after.data[0] ? dayKey(after.data[0].kickoff, tz) : null;
    prevDay = before.data[0] ? dayKey(before.data[0].kickoff, tz) : null;
  }

  return {
    days: [...byDay].map(([day, list]) => ({ day, label: dayLabel(day, locale), fixtures: list })),
    total: fixtures.length,
    truncated: fixtures.length > MAX_FIXTURES || !!cursor,
    nextDay,
    prevDay,
  };
}

/**
 * Teams of a league for the team picker: every team in any of its seasons' tables (the live
 * view, so a tournament whose first match is in play lists all its groups), sorted by name.
 * Empty when no table exists yet (or another sport's tables cannot be read). Football: NotFound
 * league_not_found / season_not_found when the league or a season is not in the store.
 */
export async function loadLeagueTeams(
  deps: ReadDeps,
  sport: string,
  league: string,
  seasons: string[],
): Promise<string[] | NotFound> {
  const load = async (season: string) => {
    try {
      const read = await readStandings(deps, sport, { league, season, live: 'true' });
      if (isNotFound(read)) return read;
      return unwrapRead(read);
    } catch (e) {
      console.error(`team picker ${sport}/${league}/${season}:`, e); // the picker falls back to the free-text box
      return { data: [] };
    }
  };
  const bodies = [];
  for (const b of await Promise.all(seasons.map(load))) {
    if (isNotFound(b)) return b;
    bodies.push(b);
  }
  const teams = new Set<string>();
  for (const b of bodies)
    for (const t of b.data)
      for (const r of t.rows as { team?: unknown }[]) if (typeof r.team === 'string') teams.add(r.team);
  return [...teams].sort((a, b) => a.localeCompare(b));
}
