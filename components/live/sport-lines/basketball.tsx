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

function fouls(m: LiveMatch): string | null {
  const s = stateOf(m);
  const f = pairText(s.team_fouls);
  if (!f || m.status !== 'in_play') return null;
  const pen = obj(s.in_penalty);
  const bonus = (['home', 'away'] as const).filter((x) => pen?.[x] === true).map((x) => teamOf(m, x));
  return `Fouls ${f}${bonus.length ? ` · bonus: ${bonus.join(', ')}` : ''}`;
}

function shooting(m: LiveMatch, side: Side): string | null {
  const x = obj(obj(stateOf(m).shooting)?.[side]);
  if (!x || !x.fga) return null;
  const pct = (made: unknown, att: unknown) => `${made ?? 0}/${att ?? 0}`;
  return `${teamOf(m, side)}: FG ${pct(x.fgm, x.fga)}, 3P ${pct(x.tpm, x.tpa)}, FT ${pct(x.ftm, x.fta)}`;
}

export const basketball: SportLine = {
  summary: (m) => [lastEventText(m), fouls(m)].filter(Boolean).join(' · ') || null,
  notes: (m) => <p className="text-xs text-muted tabular">{fouls(m) ?? ''}</p>,
  board(m) {
    const s = stateOf(m);
    const { columns, cells, played } = periodLines(m, 4, (i) => ({ label: `Q${i + 1}`, title: `Quarter ${i + 1}` }));
    if (!played) return null; // a result without play-by-play: nothing to add to the score
    const rows = (['home', 'away'] as const).map((side) => ({
      team: teamOf(m, side),
      cells: cells[side],
      totals: [m.score[side]],
    }));
    const to = pairText(s.timeouts_remaining);
    const shots = [shooting(m, 'home'), shooting(m, 'away')].filter(Boolean);
    return (
      <div className="grid gap-2">
        <LineScoreTable
          caption="Points by quarter"
          testid="basketball-line-score"
          columns={columns}
          totals={[{ label: 'T', title: 'Total' }]}
          rows={rows}
        />
        <p className="text-center text-xs text-muted">
          {[
            to && `Timeouts left ${to}`,
            perSide(s.team_fouls, 'home') != null && `Team fouls ${pairText(s.team_fouls)}`,
            ...shots,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    );
  },
};
