'use client';
/**
 * One fixture in the calendar: kickoff time (formatted by the server in the viewer's zone), the
 * teams, the score once the match has started, and the pre-match win probability (the row's
 * `win_probability`, as figures and in the row's label). A match in play takes its score and clock
 * from the live store (the newer copy by `seq` wins over the server's), so it moves without a
 * reload; the row keeps its size whatever the status.
 */
import { useTranslations } from 'next-intl';
import { useDisplayWords } from '@/components/i18n/display-words';
import { useLocalText } from '@/components/shell/LocalTime';
import Link from 'next/link';
import { hasHeadlineScore } from '@/components/shell/headline-score';
import { RoundCell, TeamCell } from '@/components/shell/MatchRowParts';
import { RowWinProbability, useRowProbabilityWords } from '@/components/shell/RowWinProbability';
import { ClockText } from '@/components/live/ClockText';
import { useLive } from '@/components/live/LiveProvider';
import { newer } from '@/components/live/live-store';
import { useNow } from '@/components/live/use-now';
import { clockLabel, LIVE_STATUSES } from '@/browser/live/display';
import type { LiveMatch } from '@/lib/wire/schemas';
import type { CalendarFixture } from './load-calendar';

/** Statuses whose word shows under the score (`display.status` messages); finished shows FT, scheduled nothing. */
const STATUS_WORD = new Set(['delayed', 'postponed', 'abandoned', 'suspended']);

function LiveClock({ match, renderedAt }: { match: LiveMatch; renderedAt: number }) {
  const now = useNow(renderedAt);
  return <ClockText label={clockLabel(match, now, useDisplayWords())} />;
}

export function FixtureRow({ fixture: f, renderedAt }: { fixture: CalendarFixture; renderedAt: number }) {
  const t = useTranslations('fixtures.row');
  const w = useDisplayWords();
  const probabilityWords = useRowProbabilityWords();
  const time = useLocalText(f.kickoff, f.local_time, 'time');
  const fromStore = useLive((s) => s.matches[f.fixture_id]);
  const m = newer(f.live, fromStore);
  const status = m?.status ?? f.status;
  // Golf's and MMA's headline score is always 0–0 (headline-score.ts): show none.
  const score = !hasHeadlineScore(f.sport) ? null : m && m.status !== 'scheduled' ? m.score : f.score;
  const live = LIVE_STATUSES.has(status);
  const word = live
    ? t('live')
    : status === 'finished'
      ? w.t('finished.ft')
      : STATUS_WORD.has(status)
        ? w.t(`status.${status}`)
        : status === 'scheduled'
          ? ''
          : status;
  const label = [
    score
      ? t('score', { home: f.home_team, homeScore: score.home, away: f.away_team, awayScore: score.away })
      : t('versus', { home: f.home_team, away: f.away_team }),
    live ? t('inPlay') : status === 'finished' ? t('fullTime') : word || null,
    t('kickoff', { time }),
    probabilityWords(f.win_probability ?? undefined, f.home_team, f.away_team),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li>
      <Link
        prefetch={false}
        href={`/matches/${f.fixture_id}`}
        data-testid="calendar-fixture"
        data-fixture-id={f.fixture_id}
        data-home={f.home_team}
        data-away={f.away_team}
        data-status={status}
        data-score={score ? `${score.home}-${score.away}` : undefined}
        className="grid grid-cols-[3rem_1fr_4rem_1fr] items-center gap-x-2 px-3 py-2 text-sm no-underline hover:bg-bg sm:grid-cols-[3.5rem_1fr_4.5rem_1fr_10rem]"
      >
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" className="text-muted tabular">
          {time}
        </span>
        <TeamCell name={f.home_team} side="home" />
        <span aria-hidden="true" className="flex flex-col items-center leading-tight">
          <span className={`text-base font-bold tabular ${live ? 'text-live' : ''}`} data-testid="calendar-score">
            {score ? `${score.home}–${score.away}` : <span className="text-muted font-normal">{t('v')}</span>}
          </span>
          <span className={`h-4 text-[11px] tabular ${live ? 'font-semibold text-live' : 'text-muted'}`}>
            {live && m ? <LiveClock match={m} renderedAt={renderedAt} /> : word || '\u00a0'}
          </span>
          <RowWinProbability p={f.win_probability ?? undefined} className="h-4 whitespace-nowrap" />
        </span>
        <TeamCell name={f.away_team} side="away" />
        <RoundCell group={f.group} round={f.round} />
      </Link>
    </li>
  );
}
