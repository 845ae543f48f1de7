/**
 * Basketball on the scoreboard: points, the quarter and the clock counting down (clock column,
 * browser/live/display.ts), team fouls with the bonus and the latest play; the header adds the line
 * score by quarter, timeouts left and shooting.
 */
import { lastEventText } from './last-event';
import { LineScoreTable } from './LineScoreTable';
import { periodLines } from './period-lines';
import { obj, pairText, perSide, stateOf, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

function fouls(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const f = pairText(s.team_fouls);
  if (!f || m.status !== 'in_play') return null;
  const pen = obj(s.in_penalty);
  const bonus = (['home', 'away'] as const).filter((x) => pen?.[x] === true).map((x) => teamOf(m, x));
  return `${w.t('board.basketball.fouls', { fouls: f })}${bonus.length ? w.t('board.basketball.bonus', { teams: bonus.join(', ') }) : ''}`;
}

function shooting(m: LiveMatch, side: Side, w: Words): string | null {
  const x = obj(obj(stateOf(m).shooting)?.[side]);
  if (!x || !x.fga) return null;
  const pct = (made: unknown, att: unknown) => `${made ?? 0}/${att ?? 0}`;
  return w.t('board.basketball.shooting', {
    team: teamOf(m, side),
    fg: pct(x.fgm, x.fga),
    tp: pct(x.tpm, x.tpa),
    ft: pct(x.ftm, x.fta),
  });
}

export const basketball: SportLine = {
  summary: (m, _now, w) => [lastEventText(m, w), fouls(m, w)].filter(Boolean).join(' · ') || null,
  notes: (m, w) => <p className="text-xs text-muted tabular">{fouls(m, w) ?? ''}</p>,
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const { columns, cells, played } = periodLines(
      m,
      4,
      (i) => ({
        label: w.t('board.basketball.quarter', { n: i + 1 }),
        title: w.t('board.basketball.quarterTitle', { n: i + 1 }),
      }),
      w,
    );
    if (!played) return null; // a result without play-by-play: nothing to add to the score
    const rows = (['home', 'away'] as const).map((side) => ({
      team: teamOf(m, side),
      cells: cells[side],
      totals: [m.score[side]],
    }));
    const to = pairText(s.timeouts_remaining);
    const shots = [shooting(m, 'home', w), shooting(m, 'away', w)].filter(Boolean);
    return (
      <div className="grid gap-2">
        <LineScoreTable
          w={w}
          caption={w.t('board.basketball.caption')}
          testid="basketball-line-score"
          columns={columns}
          totals={[{ label: w.t('board.totalShort'), title: w.t('board.total') }]}
          rows={rows}
        />
        <p className="text-center text-xs text-muted">
          {[
            to && w.t('board.basketball.timeouts', { n: to }),
            perSide(s.team_fouls, 'home') != null &&
              w.t('board.basketball.teamFouls', { n: pairText(s.team_fouls) ?? '' }),
            ...shots,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    );
  },
};
