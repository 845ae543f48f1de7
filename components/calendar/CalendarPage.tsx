/**
 * Fixture calendar (/{sport}/fixtures?view=day|week&date=YYYY-MM-DD&league=&team=): every match
 * of a local day or ISO week (Mon–Sun) in the viewer's time zone — scheduled, in play, finished —
 * grouped by day and league. Rendered on the server from readFixtures (server/read, as /v1 fixtures);
 * rows of matches in play follow the live store.
 */
import { ZoneName } from '@/components/shell/LocalTime';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SportEmpty } from '@/components/shell/SportEmpty';
import { SportTabs } from '@/components/shell/SportTabs';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { param, slugParam, teamParam, type SearchParams } from '@/components/results/page-params';
import { dayKey } from '@/browser/time/format';
import { formatLocal } from '@/browser/time/local-format';
import { getLocale, getTranslations } from 'next-intl/server';
import { useTranslations } from 'next-intl';
import type { Sport } from '@/lib/sports';
import { DateStrip, passes, statusFilter } from './DateStrip';
import { listLeagues } from '@/server/read/list-leagues';
import { processReadDeps } from '@/server/read/process-deps';
import { isNotFound } from '@/server/read/result';
import { calendarHref, calendarState, neighbours, type CalendarState } from './calendar-range';
import { CalendarFilters } from './CalendarFilters';
import { FixtureRow } from './FixtureRow';
import { dayLabel, loadCalendar, loadLeagueTeams, MAX_FIXTURES, type CalendarDay } from './load-calendar';

const pill = 'rounded-full border px-3 py-1 no-underline';
const on = 'border-accent bg-accent text-accent-fg';
const off = 'border-line hover:bg-card';

function byLeague(day: CalendarDay) {
  const out: { league: string; fixtures: CalendarDay['fixtures'] }[] = [];
  for (const f of day.fixtures) {
    const g = out.find((x) => x.league === f.league);
    if (g) g.fixtures.push(f);
    else out.push({ league: f.league, fixtures: [f] });
  }
  return out;
}

function CalendarNav({ sport, s, rangeLabel }: { sport: string; s: CalendarState; rangeLabel: string }) {
  const t = useTranslations('fixtures');
  const { prev, next } = neighbours(s);
  const unit = s.view === 'week' ? 'week' : 'day';
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <nav aria-label={t('view')} className="flex gap-1">
        {(['day', 'week'] as const).map((v) => (
          <Link
            prefetch={false}
            key={v}
            href={calendarHref(sport, s, { view: v })}
            aria-current={s.view === v ? 'true' : undefined}
            className={`${pill} ${s.view === v ? on : off}`}
          >
            {t(v)}
          </Link>
        ))}
      </nav>
      <nav aria-label={t('dates')} className="flex items-center gap-1">
        <Link prefetch={false} href={calendarHref(sport, s, { date: prev })} className={`${pill} ${off}`} rel="prev">
          <span aria-hidden="true">←</span> {t('previous', { unit })}
        </Link>
        <Link
          prefetch={false}
          href={calendarHref(sport, s, { date: null })}
          aria-current={s.isToday ? 'date' : undefined}
          className={`${pill} ${s.isToday ? on : off}`}
        >
          {t('today')}
        </Link>
        <Link prefetch={false} href={calendarHref(sport, s, { date: next })} className={`${pill} ${off}`} rel="next">
          {t('next', { unit })} <span aria-hidden="true">→</span>
        </Link>
      </nav>
      <p
        className={`font-semibold ${s.view === 'day' ? 'sr-only' : ''}`}
        data-testid="calendar-range"
        aria-live="polite"
      >
        {rangeLabel}
      </p>
    </div>
  );
}

export async function CalendarPage({ sport, searchParams }: { sport: string; searchParams: SearchParams }) {
  const deps = processReadDeps();
  const [tz, locale, t, sportName] = await Promise.all([
    viewerTimeZone(),
    getLocale(),
    getTranslations('fixtures'),
    getTranslations('sports'),
  ]);
  const renderedAt = Date.now();
  const leagues = await listLeagues(deps, sport);
  const wanted = slugParam(searchParams, 'league');
  const league = leagues.find((l) => l.slug === wanted);
  if (wanted && !league) notFound();
  const s = calendarState(
    {
      view: param(searchParams, 'view'),
      date: param(searchParams, 'date'),
      league: league?.slug,
      team: teamParam(searchParams),
    },
    tz,
    renderedAt,
  );

  const [read, teams] = await Promise.all([
    loadCalendar(deps, sport, s, tz, locale),
    league ? loadLeagueTeams(deps, sport, league.slug, league.seasons) : Promise.resolve([]),
  ]);
  if (isNotFound(read) || isNotFound(teams)) notFound();
  let data = read;
  // Live / Finished / Scheduled filter (the strip's chips): applied to the days' fixtures.
  const status = statusFilter(param(searchParams, 'status'));
  if (status) {
    data = { ...data, days: data.days.map((d) => ({ ...d, fixtures: d.fixtures.filter((f) => passes(f, status)) })) };
    data.total = data.days.reduce((n, d) => n + d.fixtures.length, 0);
  }
  const today = dayKey(renderedAt, tz);
  const first = data.days[0].day;
  const last = data.days.at(-1)!.day;
  const noon = (d: string) => `${d}T12:00:00Z`;
  const rangeLabel =
    s.view === 'day'
      ? dayLabel(first, locale)
      : `${formatLocal(noon(first), 'UTC', 'short', locale).replace(/,? \d\d:\d\d$/, '')} – ${formatLocal(noon(last), 'UTC', 'fullDay', locale)}`;

  return (
    <div className="max-w-4xl">
      <h1 className="mb-3 text-2xl font-bold">{t('title', { sport: sportName(sport as Sport) })}</h1>
      <SportTabs current={sport} hrefFor={(x) => `/${x}/fixtures`} />
      <CalendarFilters
        key={`${s.league ?? ''}/${s.team ?? ''}`}
        action={`/${sport}/fixtures`}
        leagues={leagues}
        league={s.league}
        teams={teams}
        team={s.team}
        keep={{ ...(s.view === 'week' ? { view: 'week' } : {}), ...(s.isToday ? {} : { date: s.date }) }}
      />
      <CalendarNav sport={sport} s={s} rangeLabel={rangeLabel} />
      <DateStrip sport={sport} s={s} today={today} status={status} />
      <p className="mb-3 text-xs text-muted">
        {t('count', { n: data.total })}
        {s.team ? ` · ${s.team}` : ''} · {t('timesIn')} <ZoneName />
        {data.truncated ? ` · ${t('truncated', { n: MAX_FIXTURES })}` : ''}
      </p>

      {leagues.length === 0 ? (
        <SportEmpty sport={sport} page="fixtures" />
      ) : data.total === 0 ? (
        <div className="rounded-lg border border-line bg-card p-4" data-testid="calendar-empty">
          <p className="mb-2">
            {t('none', { status: status ?? 'all', view: s.view })}
            {s.league ? ` · ${league!.name}` : ''}
            {s.team ? ` · ${s.team}` : ''}
          </p>
          <p className="flex flex-wrap gap-3 text-sm">
            {data.prevDay && (
              <Link
                prefetch={false}
                href={calendarHref(sport, s, { view: 'day', date: data.prevDay })}
                className="text-accent underline"
              >
                ← {t('prevMatchday', { day: dayLabel(data.prevDay, locale) })}
              </Link>
            )}
            {data.nextDay ? (
              <Link
                prefetch={false}
                href={calendarHref(sport, s, { view: 'day', date: data.nextDay })}
                className="text-accent underline"
                data-testid="calendar-next-day"
              >
                {t('nextMatchday', { day: dayLabel(data.nextDay, locale) })} →
              </Link>
            ) : (
              <span className="text-muted">{t('noLater')}</span>
            )}
          </p>
        </div>
      ) : (
        data.days.map((d) => (
          <section
            key={d.day}
            aria-labelledby={`day-${d.day}`}
            className="mb-5"
            data-testid="calendar-day"
            data-day={d.day}
          >
            <h2 id={`day-${d.day}`} className="mb-1 font-bold">
              {d.label}
            </h2>
            {d.fixtures.length === 0 ? (
              <p className="text-sm text-muted">{t('noFixtures')}</p>
            ) : (
              byLeague(d).map((g) => (
                <div key={g.league} className="mb-2">
                  {!s.league && (
                    <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{g.league}</h3>
                  )}
                  <ul className="divide-y divide-line rounded-lg border border-line bg-card">
                    {g.fixtures.map((f) => (
                      <FixtureRow key={f.fixture_id} fixture={f} renderedAt={renderedAt} />
                    ))}
                  </ul>
                </div>
              ))
            )}
          </section>
        ))
      )}
    </div>
  );
}
