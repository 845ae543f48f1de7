'use client';
/** Match header: league and round, both teams, the score, clock/period and kickoff (viewer's zone). */
import Link from 'next/link';
import { TeamBadge } from '@/components/app/TeamBadge';
import { clockLabel, LIVE_STATUSES, periodLabel } from '@/lib/live/display';
import type { Fixture, LiveMatch } from '@/lib/wire/schemas';

export function MatchHeader({ match: m, fixture: f, kickoffLocal, now }: { match: LiveMatch; fixture: Fixture; kickoffLocal: string; now: number }) {
  const live = LIVE_STATUSES.has(m.status);
  const started = m.status !== 'scheduled' && m.status !== 'postponed';
  return (
    <header className="rounded-xl border border-line bg-card p-4" data-testid="match-header" data-fixture-id={m.fixture_id} data-status={m.status}>
      <p className="mb-3 text-center text-sm text-muted">
        <Link href={`/${f.sport}/standings?league=${f.league_slug}&season=${f.season}`}>{f.league}</Link>
        {f.round ? ` · ${f.round}` : ''}
        {f.group ? ` · ${f.group}` : ''}
      </p>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
        <div className="flex flex-col items-center gap-2 text-center">
          <TeamBadge name={m.home_team} size="lg" />
          <h1 className="text-base font-bold sm:text-xl" data-testid="home-team">{m.home_team}</h1>
        </div>
        <div className="min-w-[7rem] text-center">
          <p className="text-4xl font-extrabold tabular" data-testid="match-score" aria-label={started ? `Score ${m.score.home} to ${m.score.away}` : 'Not started'}>
            {started ? `${m.score.home} – ${m.score.away}` : 'v'}
          </p>
          <p className={`mt-1 text-sm font-semibold tabular ${live ? 'text-live' : 'text-muted'}`} data-testid="match-clock">
            {clockLabel(m, now)}
          </p>
          {m.status === 'in_play' && <p className="text-xs text-muted">{periodLabel(m.period)}</p>}
          {m.halftime_score && started && <p className="text-xs text-muted tabular">HT {m.halftime_score.home}–{m.halftime_score.away}</p>}
          {m.penalties && <p className="text-xs text-muted tabular">Pens {m.penalties.home}–{m.penalties.away}</p>}
        </div>
        <div className="flex flex-col items-center gap-2 text-center">
          <TeamBadge name={m.away_team} size="lg" />
          <h2 className="text-base font-bold sm:text-xl" data-testid="away-team">{m.away_team}</h2>
        </div>
      </div>
      <p className="mt-3 text-center text-xs text-muted">
        Kickoff {kickoffLocal}
        {f.venue ? ` · ${f.venue}` : ''}
      </p>
    </header>
  );
}
