/**
 * Golf on the scoreboard: the tournament (home_team; away_team is "Field") and the top five of
 * the leaderboard with score to par and holes played ("F" = round finished); the header shows
 * the whole leaderboard with every round.
 */
import { resultDetail, toPar } from '@/components/results/result-detail';
import { arr, num, obj, stateOf, str } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

interface Line {
  position: string;
  player: string;
  to_par: number | null;
  thru: number | null;
  strokes: number | null;
  rounds: number[];
  status: string;
}

function leaderboard(m: LiveMatch): Line[] {
  return arr(stateOf(m).leaderboard)
    .map(obj)
    .filter((x) => !!x && typeof x.player === 'string')
    .map((x) => ({
      position: str(x!.position) ?? '',
      player: x!.player as string,
      to_par: num(x!.to_par),
      thru: num(x!.thru),
      strokes: num(x!.strokes),
      rounds: arr(x!.rounds)
        .map(num)
        .filter((r): r is number => r != null),
      status: str(x!.status) ?? 'active',
    }));
}

const thruText = (l: Line, w: Words) =>
  l.status !== 'active' ? '' : l.thru === 18 ? w.t('board.golf.finished') : l.thru ? `${l.thru}` : '–';

function summary(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const result = resultDetail('golf', s.result, m);
  if (result) return result;
  const cut = num(s.cut_line);
  const playoff = arr(s.playoff).filter((p): p is string => typeof p === 'string');
  return (
    [
      playoff.length ? w.t('board.golf.playoff', { list: playoff.join(', ') }) : null,
      cut != null ? w.t('board.golf.cut', { par: toPar(cut) }) : null,
    ]
      .filter(Boolean)
      .join(' · ') || null
  );
}

export const golf: SportLine = {
  summary: (m, _now, w) => summary(m, w),
  rows(m, w = ENGLISH) {
    const top = leaderboard(m).slice(0, 5);
    return (
      <span className="grid gap-0.5 text-sm" data-testid="golf-leaderboard">
        <span className="truncate font-semibold">{m.home_team}</span>
        {top.length === 0 && <span className="text-muted">{w.t('board.golf.afterFirstHole')}</span>}
        {top.map((l) => (
          <span
            key={l.player}
            className="grid grid-cols-[2.25rem_1fr_2.5rem_1.75rem] items-baseline gap-1 tabular"
            data-testid="golf-line"
            data-player={l.player}
            data-to-par={l.to_par ?? ''}
          >
            <span className="text-muted">{l.position}</span>
            <span className="truncate">{l.player}</span>
            <span className="text-right font-bold">{l.to_par != null ? toPar(l.to_par) : '–'}</span>
            <span className="text-right text-xs text-muted">
              <span className="sr-only">
                {l.thru === 18 ? w.t('board.golf.roundFinished') : w.t('board.golf.holesPlayed')}
              </span>
              {thruText(l, w)}
            </span>
          </span>
        ))}
      </span>
    );
  },
  notes: (m, w) => <p className="text-xs text-muted">{summary(m, w) ?? ''}</p>,
  board(m, _now, w = ENGLISH) {
    const lines = leaderboard(m);
    const rounds = Math.max(0, ...lines.map((l) => l.rounds.length));
    if (!lines.length) return null;
    return (
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={w.t('board.golf.leaderboard')}>
        <table className="mx-auto w-full max-w-2xl border-collapse text-sm tabular" data-testid="golf-full-leaderboard">
          <caption className="sr-only">{w.t('board.golf.leaderboard')}</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-medium">
                {w.t('board.golf.pos')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-medium">
                {w.t('board.golf.player')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {w.t('board.golf.toPar')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {w.t('board.golf.thru')}
              </th>
              {Array.from({ length: rounds }, (_, i) => (
                <th key={i} scope="col" className="px-2 py-1 text-right font-medium">
                  <abbr title={w.t('golfRound', { n: i + 1 })} className="no-underline">
                    {w.t('board.golf.roundShort', { n: i + 1 })}
                  </abbr>
                </th>
              ))}
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {w.t('board.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr
                key={l.player}
                className="border-t border-line"
                data-testid="golf-row"
                data-player={l.player}
                data-position={l.position}
                data-to-par={l.to_par ?? ''}
                data-thru={l.thru ?? ''}
              >
                <td className="px-2 py-1 text-muted">{l.position}</td>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {l.player}
                </th>
                <td className="px-2 py-1 text-right font-bold">{l.to_par != null ? toPar(l.to_par) : '–'}</td>
                <td className="px-2 py-1 text-right">{thruText(l, w)}</td>
                {Array.from({ length: rounds }, (_, i) => (
                  <td key={i} className="px-2 py-1 text-right">
                    {l.rounds[i] ?? ''}
                  </td>
                ))}
                <td className="px-2 py-1 text-right">{l.strokes ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  },
};
