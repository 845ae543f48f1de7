/**
 * The calendar's date strip and status filter (FotMob / SofaScore style): seven days around the
 * shown day as chips (today marked), and All / Live / Finished / Scheduled chips. Plain links: the
 * filter is the `status` query parameter, kept across days.
 */
import Link from 'next/link';
import { shiftDay } from '@/browser/time/format';
import { formatLocal } from '@/browser/time/local-format';
import { useLocale, useTranslations } from 'next-intl';
import { LIVE_STATUSES } from '@/browser/live/display';
import { calendarHref, type CalendarState } from './calendar-range';
import type { CalendarFixture } from './load-calendar';

export const STATUS_FILTERS = ['live', 'finished', 'scheduled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The `status` parameter if it is one of the filters. */
export function statusFilter(raw: string | undefined): StatusFilter | undefined {
  return (STATUS_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as StatusFilter) : undefined;
}

/** Whether a calendar fixture passes the filter (live: in play now; finished; scheduled: not started). */
export function passes(f: Pick<CalendarFixture, 'status' | 'live'>, filter: StatusFilter | undefined): boolean {
  if (!filter) return true;
  const status = f.live?.status ?? f.status;
  if (filter === 'live') return LIVE_STATUSES.has(status);
  return filter === 'finished' ? status === 'finished' : status === 'scheduled';
}

const withStatus = (href: string, status: StatusFilter | undefined) =>
  status ? `${href}${href.includes('?') ? '&' : '?'}status=${status}` : href;
const chip = (on: boolean) =>
  `shrink-0 rounded-full border px-3 py-1 text-sm no-underline ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-card hover:bg-bg'}`;

export function DateStrip({
  sport,
  s,
  today,
  status,
}: {
  sport: string;
  s: CalendarState;
  today: string;
  status: StatusFilter | undefined;
}) {
  const t = useTranslations('fixtures');
  const locale = useLocale();
  const days = [-3, -2, -1, 0, 1, 2, 3].map((n) => shiftDay(s.date, n));
  const noon = (d: string) => `${d}T12:00:00Z`;
  return (
    <div className="mb-3 grid gap-2">
      <nav aria-label={t('days')} className="flex gap-1 overflow-x-auto pb-1" data-testid="date-strip">
        {days.map((d) => (
          <Link
            prefetch={false}
            key={d}
            href={withStatus(calendarHref(sport, s, { view: 'day', date: d }), status)}
            aria-current={d === s.date && s.view === 'day' ? 'date' : undefined}
            className={`${chip(d === s.date && s.view === 'day')} text-center leading-tight`}
            data-day={d}
          >
            <span className="block text-xs">
              {d === today ? t('today') : formatLocal(noon(d), 'UTC', 'weekday', locale)}
            </span>
            <span className="block font-semibold tabular">{formatLocal(noon(d), 'UTC', 'day', locale)}</span>
          </Link>
        ))}
      </nav>
      <nav aria-label={t('statusFilter')} className="flex flex-wrap gap-1" data-testid="status-filter">
        {([undefined, ...STATUS_FILTERS] as const).map((st) => (
          <Link
            prefetch={false}
            key={st ?? 'all'}
            href={withStatus(calendarHref(sport, s), st)}
            aria-current={st === status ? 'page' : undefined}
            className={chip(st === status)}
            data-status={st ?? 'all'}
          >
            {t(`status.${st ?? 'all'}`)}
          </Link>
        ))}
      </nav>
    </div>
  );
}
