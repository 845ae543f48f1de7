'use client';
/**
 * One match on the scoreboard: the sport's clock or status, both sides with the sport's score
 * cell (components/live/sport-lines: cricket innings, tennis sets/games/points, baseball R H E…)
 * or golf's top five, and one line with the sport's situation or the latest event beside the
 * pre-match win probability and, in play, the latest point of the in-play series ("now …", kept
 * current by the scoreboard from the `<sport>.win-probability` channel; figures, and words for
 * screen readers). Fixed row
 * heights and tabular digits, so a changing score never shifts the layout; in goal-like sports
 * the card flashes for 3 s when the score changes (keyed on the store's scoredAt).
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { TeamBadge } from '@/components/shell/TeamBadge';
import { clockLabel, LIVE_STATUSES } from '@/browser/live/display';
import type { LiveMatch, RowWinProbability as P } from '@/lib/wire/schemas';
import type { InPlayWinProbability } from '@/lib/wire/live-row';
import { RowWinProbability, useRowProbabilityWords } from '@/components/shell/RowWinProbability';
import { ClockText } from './ClockText';
import { useLive } from './LiveProvider';
import { sportLine } from './sport-lines';
import { lastEventText } from './sport-lines/last-event';
import { useDisplayWords } from '@/components/i18n/display-words';

function TeamLine({ team, marker, cell }: { team: string; marker: ReactNode; cell: ReactNode }) {
  return (
    <span className="flex h-7 items-center justify-between gap-2">
      <span className="flex min-w-0 items-center gap-2">
        <TeamBadge name={team} size="sm" />
        <span className="truncate">{team}</span>
        {marker}
      </span>
      {cell}
    </span>
  );
}

export function MatchCard({
  match: m,
  now,
  prematch,
  inPlay,
}: {
  match: LiveMatch;
  now: number;
  prematch?: P;
  /** The latest in-play point (GET /v1/{sport}/live `win_probability_in_play`, then `win_probability` messages). */
  inPlay?: InPlayWinProbability;
}) {
  const w = useDisplayWords();
  const probabilityWords = useRowProbabilityWords()(prematch ?? undefined, m.home_team, m.away_team);
  const inPlayWords = useRowProbabilityWords('in-play')(inPlay ?? undefined, m.home_team, m.away_team);
  const scoredAt = useLive((s) => s.scoredAt[m.fixture_id]);
  const line = sportLine(m.sport);
  const live = LIVE_STATUSES.has(m.status);
  const flashing = !!line.flash && scoredAt != null && now - scoredAt < 3000;
  const cell = (side: 'home' | 'away') =>
    line.side ? (
      line.side(m, side, w)
    ) : (
      <span className="text-right text-lg font-bold tabular" data-testid={`score-${side}`}>
        {m.score[side]}
      </span>
    );
  const summary = (line.summary ? line.summary(m, now, w) : lastEventText(m, w)) || '\u00a0';
  return (
    <li>
      <Link
        href={`/matches/${m.fixture_id}`}
        prefetch={false}
        key={line.flash ? (scoredAt ?? 0) : 0}
        data-testid="match-card"
        data-fixture-id={m.fixture_id}
        data-sport={m.sport}
        data-score={`${m.score.home}-${m.score.away}`}
        data-status={m.status}
        data-period={m.period}
        className={`grid grid-cols-[4rem_1fr] items-center gap-x-3 rounded-lg border border-line bg-card px-3 py-2 no-underline hover:border-accent ${flashing ? 'goal-flash' : ''}`}
      >
        <span
          className={`text-center text-sm leading-tight font-semibold tabular ${live ? 'text-live' : 'text-muted'}`}
          data-testid="clock"
        >
          <ClockText label={clockLabel(m, now, w)} stacked />
        </span>
        <span className="grid min-w-0 gap-0.5">
          {line.rows ? (
            line.rows(m, w)
          ) : (
            <>
              <TeamLine team={m.home_team} marker={line.marker?.(m, 'home', w)} cell={cell('home')} />
              <TeamLine team={m.away_team} marker={line.marker?.(m, 'away', w)} cell={cell('away')} />
            </>
          )}
        </span>
        <span className="col-span-2 mt-1 flex h-5 items-baseline justify-between gap-2">
          <span className="min-w-0 truncate text-xs text-muted" data-testid="last-event">
            {summary}
          </span>
          <span className="flex shrink-0 items-baseline gap-2">
            <RowWinProbability p={inPlay ?? undefined} kind="in-play" />
            <RowWinProbability p={prematch} />
          </span>
          {inPlayWords ? <span className="sr-only">{inPlayWords}</span> : null}
          {probabilityWords ? <span className="sr-only">{probabilityWords}</span> : null}
        </span>
      </Link>
    </li>
  );
}
