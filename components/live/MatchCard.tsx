'use client';
/**
 * One match on the scoreboard: teams, score, running clock or status, latest event. Fixed row
 * heights and tabular digits, so a changing score never shifts the layout; the card flashes for
 * 3 s when the score changes (keyed on the store's scoredAt).
 */
import Link from 'next/link';
import { TeamBadge } from '@/components/app/TeamBadge';
import { clockLabel, LIVE_STATUSES, minuteLabel } from '@/lib/live/display';
import type { LiveMatch } from '@/lib/wire/schemas';
import { useLive } from './LiveProvider';

function TeamLine({ team, reds, score, side }: { team: string; reds: number; score: number; side: 'home' | 'away' }) {
  return (
    <>
      <span className="flex min-w-0 items-center gap-2">
        <TeamBadge name={team} size="sm" />
        <span className="truncate">{team}</span>
        {reds > 0 && <span className="inline-block h-3 w-2 rounded-sm bg-live" title={`${reds} red card${reds > 1 ? 's' : ''}`} />}
      </span>
      <span className="text-right text-lg font-bold tabular" data-testid={`score-${side}`}>
        {score}
      </span>
    </>
  );
}

export function MatchCard({ match: m, now }: { match: LiveMatch; now: number }) {
  const scoredAt = useLive((s) => s.scoredAt[m.fixture_id]);
  const live = LIVE_STATUSES.has(m.status);
  const flashing = scoredAt != null && now - scoredAt < 3000;
  const ev = m.last_event;
  return (
    <li>
      <Link
        href={`/matches/${m.fixture_id}`}
        prefetch={false}
        key={scoredAt ?? 0}
        data-testid="match-card"
        data-fixture-id={m.fixture_id}
        data-score={`${m.score.home}-${m.score.away}`}
        data-status={m.status}
        className={`grid grid-cols-[3.5rem_1fr_auto] items-center gap-x-3 rounded-lg border border-line bg-card px-3 py-2 no-underline hover:border-accent ${flashing ? 'goal-flash' : ''}`}
      >
        <span className={`row-span-2 text-center text-sm font-semibold tabular ${live ? 'text-live' : 'text-muted'}`} data-testid="clock">
          {clockLabel(m, now)}
        </span>
        <TeamLine team={m.home_team} reds={m.red_cards.home} score={m.score.home} side="home" />
        <TeamLine team={m.away_team} reds={m.red_cards.away} score={m.score.away} side="away" />
        <span className="col-span-3 mt-1 h-5 truncate text-xs text-muted" data-testid="last-event">
          {ev ? `${ev.type.replace(/_/g, ' ')} · ${ev.player || ev.team} ${minuteLabel(ev.minute, ev.stoppage_time)}` : m.penalties ? `Penalties ${m.penalties.home}–${m.penalties.away}` : '\u00a0'}
        </span>
      </Link>
    </li>
  );
}
