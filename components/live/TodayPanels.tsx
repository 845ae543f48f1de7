'use client';
/**
 * Beside the in-play list: today's upcoming kickoffs (in the viewer's zone) and recent full-time
 * results. A fixture that kicks off leaves "Upcoming"; one that finishes joins "Results" at once,
 * from the live store, without a reload.
 */
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useDisplayWords } from '@/components/i18n/display-words';
import type { Fixture, Result } from '@/lib/wire/schemas';
import { useLive } from './LiveProvider';
import { LocalTime } from '@/components/shell/LocalTime';
import type { TimeStyle } from '@/browser/live/viewer-zone';

function Row({
  href,
  left,
  league,
  home,
  away,
  right,
  testid,
  id,
}: {
  href: string;
  left: ReactNode;
  league: string;
  home: string;
  away: string;
  right: string;
  testid: string;
  id: number;
}) {
  return (
    <li>
      <Link
        href={href}
        prefetch={false}
        data-testid={testid}
        data-fixture-id={id}
        data-league={league}
        className="grid grid-cols-[3.25rem_1fr_2.5rem] items-center gap-2 rounded px-2 py-1.5 text-sm no-underline hover:bg-bg"
      >
        <span className="text-muted tabular">{left}</span>
        <span className="min-w-0">
          <span className="block truncate text-xs text-muted">{league}</span>
          <span className="block truncate">{home}</span>
          <span className="block truncate">{away}</span>
        </span>
        <span className="self-end text-right font-semibold tabular whitespace-pre-line">{right}</span>
      </Link>
    </li>
  );
}

/** Both scores, one a line; none for golf, whose headline score is always 0–0. */
const scoreText = (m: { sport: string; score: { home: number; away: number } }) =>
  m.sport === 'golf' ? '' : `${m.score.home}\n${m.score.away}`;

/** A list entry with its kickoff already formatted in the viewer's zone by the server (keeps date code out of the page's JS). */
export type Local<T> = T & { local: string };

const when = (x: { kickoff: string; local: string }, style: TimeStyle) => (
  <LocalTime iso={x.kickoff} text={x.local} style={style} />
);

export function TodayPanels({ upcoming, results }: { upcoming: Local<Fixture>[]; results: Local<Result>[] }) {
  const t = useTranslations('home');
  const w = useDisplayWords();
  const store = useLive((s) => s.matches);
  const stillUpcoming = upcoming.filter((f) => {
    const m = store[f.fixture_id];
    return !m || m.status === 'scheduled';
  });
  const justFinished = Object.values(store)
    .filter((m) => m.status === 'finished' && !results.some((r) => r.fixture_id === m.fixture_id))
    .sort((a, b) => b.kickoff.localeCompare(a.kickoff));
  return (
    <aside className="grid gap-4">
      <section aria-labelledby="upcoming" className="rounded-lg border border-line bg-card p-3">
        <h2 id="upcoming" className="mb-2 font-bold">
          {t('upcomingToday')}
        </h2>
        {stillUpcoming.length === 0 ? (
          <p className="text-sm text-muted">{t('noMoreKickoffs')}</p>
        ) : (
          <ul>
            {stillUpcoming.map((f) => (
              <Row
                key={f.fixture_id}
                id={f.fixture_id}
                testid="upcoming-fixture"
                href={`/matches/${f.fixture_id}`}
                left={when(f, 'time')}
                league={f.league}
                home={f.home_team}
                away={f.away_team}
                right=""
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recent" className="rounded-lg border border-line bg-card p-3">
        <h2 id="recent" className="mb-2 font-bold">
          {t('recentResults')}
        </h2>
        <ul>
          {justFinished.map((m) => (
            <Row
              key={m.fixture_id}
              id={m.fixture_id}
              testid="recent-result"
              href={`/matches/${m.fixture_id}`}
              left={w.t('finished.ft')}
              league={m.league}
              home={m.home_team}
              away={m.away_team}
              right={scoreText(m)}
            />
          ))}
          {results.map((r) => (
            <Row
              key={r.fixture_id}
              id={r.fixture_id}
              testid="recent-result"
              href={`/matches/${r.fixture_id}`}
              left={when(r, 'day')}
              league={r.league}
              home={r.home_team}
              away={r.away_team}
              right={scoreText(r)}
            />
          ))}
        </ul>
      </section>
    </aside>
  );
}
