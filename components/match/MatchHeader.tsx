'use client';
/**
 * Match header: league and round, both sides, the headline score (cricket "138/5", tennis sets
 * won…), the sport's clock and period, its notes (half-time score, chase, server…) and kickoff
 * in the viewer's zone; under it the sport's board (line score, innings, sets, leaderboard,
 * rounds, maps; components/live/sport-lines). Golf shows the tournament and its leaderboard.
 */
import Link from 'next/link';
import { LocalTime } from '@/components/shell/LocalTime';
import { TeamBadge } from '@/components/shell/TeamBadge';
import { teamHref } from '@/components/team/team-href';
import { ClockText } from '@/components/live/ClockText';
import { sportLine } from '@/components/live/sport-lines';
import { clockLabel, LIVE_STATUSES, periodLabel } from '@/browser/live/display';
import type { Fixture, LiveMatch } from '@/lib/wire/schemas';
import { featuresOf } from '@/lib/sport-features';
import { useTranslations } from 'next-intl';
import { useDisplayWords } from '@/components/i18n/display-words';

/** Sports whose clock label is a minute, so the period is printed under it. */
/** Sports whose clock is a minute of play (lib/sport-features.ts): a kickoff, and the minute shown in play. */
const minuteClock = (sport: string) => featuresOf(sport).clock.includes('minute');

/** The `match` message naming the start: "kickoff" for football and rugby; otherwise "starts" before the start, "started" once under way, "played" after the finish. */
export function kickoffWord(sport: string, status: LiveMatch['status']): 'kickoff' | 'starts' | 'started' | 'played' {
  if (minuteClock(sport)) return 'kickoff';
  if (status === 'finished') return 'played';
  return status === 'scheduled' || status === 'postponed' ? 'starts' : 'started';
}

export function MatchHeader({
  match: m,
  fixture: f,
  kickoffLocal,
  now,
}: {
  match: LiveMatch;
  fixture: Fixture;
  kickoffLocal: string;
  now: number;
}) {
  const t = useTranslations('match');
  const w = useDisplayWords();
  const line = sportLine(m.sport);
  const live = LIVE_STATUSES.has(m.status);
  const started = m.status !== 'scheduled' && m.status !== 'postponed';
  const head = (side: 'home' | 'away') => (line.headline ? line.headline(m, side, w) : String(m.score[side]));
  // A sport with no running score (MMA) names the round or the result instead of "0 – 0".
  const centre = started ? (line.centre?.(m, w) ?? null) : null;
  const long = centre !== null || head('home').length + head('away').length > 6;
  const clock = (
    <>
      <p
        className={`mt-1 text-sm font-semibold tabular ${live ? 'text-live' : 'text-muted'}`}
        data-testid="match-clock"
      >
        <ClockText label={clockLabel(m, now, w)} />
      </p>
      {m.status === 'in_play' && minuteClock(m.sport) && (
        <p className="text-xs text-muted">{periodLabel(m.sport, m.period, w)}</p>
      )}
      {line.notes?.(m, w)}
    </>
  );
  const board = started ? line.board?.(m, now, w) : null;
  return (
    <header
      className="rounded-xl border border-line bg-card p-4"
      data-testid="match-header"
      data-fixture-id={m.fixture_id}
      data-sport={m.sport}
      data-status={m.status}
    >
      <p className="mb-3 text-center text-sm text-muted">
        <Link prefetch={false} href={`/${f.sport}/standings?league=${f.league_slug}&season=${f.season}`}>
          {f.league}
        </Link>
        {f.round ? ` · ${f.round}` : ''}
        {f.group ? ` · ${f.group}` : ''}
      </p>
      {line.rows ? (
        <div className="text-center">
          <h1 className="text-xl font-bold" data-testid="home-team">
            {m.home_team}
          </h1>
          {clock}
        </div>
      ) : (
        <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
          <div className="flex min-w-0 flex-col items-center gap-2 text-center">
            <TeamBadge name={m.home_team} size="lg" />
            <h1 className="max-w-full text-base font-bold [overflow-wrap:anywhere] sm:text-xl" data-testid="home-team">
              <Link prefetch={false} href={teamHref(m.sport, m.home_team)} className="no-underline hover:underline">
                {m.home_team}
              </Link>
            </h1>
          </div>
          <div className="min-w-[7rem] max-w-[14rem] text-center">
            <p
              className={`${centre !== null ? 'text-xl' : long ? 'text-2xl' : 'text-4xl'} font-extrabold tabular`}
              data-testid="match-score"
              aria-label={
                centre ?? (started ? t('scoreAria', { home: head('home'), away: head('away') }) : t('notStartedAria'))
              }
            >
              {centre ?? (started ? `${head('home')} – ${head('away')}` : t('versus'))}
            </p>
            {clock}
          </div>
          <div className="flex min-w-0 flex-col items-center gap-2 text-center">
            <TeamBadge name={m.away_team} size="lg" />
            <h2 className="max-w-full text-base font-bold [overflow-wrap:anywhere] sm:text-xl" data-testid="away-team">
              <Link prefetch={false} href={teamHref(m.sport, m.away_team)} className="no-underline hover:underline">
                {m.away_team}
              </Link>
            </h2>
          </div>
        </div>
      )}
      {board && (
        <div className="mt-3 border-t border-line pt-3" data-testid="match-board">
          {board}
        </div>
      )}
      <p className="mt-3 text-center text-xs text-muted">
        {t(kickoffWord(m.sport, m.status))} <LocalTime iso={f.kickoff} text={kickoffLocal} style="long" />
        {f.venue ? ` · ${f.venue}` : ''}
      </p>
    </header>
  );
}
