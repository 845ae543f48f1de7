'use client';
/**
 * One full-time result: teams (winner in bold), score, half-time score and shoot-out when there
 * was one, the pre-match win probability it was played at (the row's `win_probability`), and the sport's detail in a few words (cricket margin, tennis sets, OT/SO, golf
 * winner; ./result-detail.ts). Fixed column widths and tabular digits. A link to the match page.
 */
import Link from 'next/link';
import { hasHeadlineScore } from '@/components/shell/headline-score';
import { RoundCell, TeamCell } from '@/components/shell/MatchRowParts';
import { RowWinProbability, useRowProbabilityWords } from '@/components/shell/RowWinProbability';
import type { Result, RowWinProbability as P } from '@/lib/wire/schemas';
import { resultDetail } from './result-detail';

export function ResultRow({ result: r, when }: { result: Result & { win_probability?: P }; when: string }) {
  const probabilityWords = useRowProbabilityWords();
  const winner = r.winner === 'home' ? r.home_team : r.winner === 'away' ? r.away_team : null;
  const detail = resultDetail(r.sport, r.result, r);
  const showScore = hasHeadlineScore(r.sport);
  const label = [
    showScore ? `${r.home_team} ${r.score.home}, ${r.away_team} ${r.score.away}` : r.home_team,
    detail,
    r.penalties ? `${r.penalties.home}–${r.penalties.away} on penalties` : null,
    r.halftime_score ? `half time ${r.halftime_score.home}–${r.halftime_score.away}` : null,
    winner ? `${winner} won` : showScore ? 'draw' : null,
    when,
    probabilityWords(r.win_probability ?? undefined, r.home_team, r.away_team),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li>
      <Link
        prefetch={false}
        href={`/matches/${r.fixture_id}`}
        data-testid="result-row"
        data-fixture-id={r.fixture_id}
        data-home={r.home_team}
        data-away={r.away_team}
        data-score={`${r.score.home}-${r.score.away}`}
        data-winner={r.winner}
        data-sport={r.sport}
        data-detail={detail ?? undefined}
        className="grid grid-cols-[1fr_4.5rem_1fr] items-center gap-x-2 px-3 py-2 text-sm no-underline hover:bg-bg sm:grid-cols-[7rem_1fr_5rem_1fr_8rem]"
      >
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" className="hidden text-xs text-muted tabular sm:block">
          {when}
        </span>
        <TeamCell name={r.home_team} side="home" bold={r.winner === 'home'} />
        <span aria-hidden="true" className="flex flex-col items-center leading-tight">
          <span className="text-base font-bold tabular">{showScore ? `${r.score.home}–${r.score.away}` : '–'}</span>
          <span className="h-4 text-[11px] text-muted tabular">
            {r.halftime_score ? `HT ${r.halftime_score.home}–${r.halftime_score.away}` : '\u00a0'}
          </span>
          {r.penalties && (
            <span className="text-[11px] font-semibold tabular" data-testid="result-penalties">
              pens {r.penalties.home}–{r.penalties.away}
            </span>
          )}
          <RowWinProbability p={r.win_probability ?? undefined} className="whitespace-nowrap" />
        </span>
        <TeamCell name={r.away_team} side="away" bold={r.winner === 'away'} />
        <RoundCell group={r.group} round={r.round} />
        {detail && (
          <span
            aria-hidden="true"
            className="col-span-full truncate text-center text-xs text-muted tabular sm:col-start-2 sm:col-end-5"
            data-testid="result-detail"
          >
            {detail}
          </span>
        )}
      </Link>
    </li>
  );
}
