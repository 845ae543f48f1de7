/**
 * MMA on the scoreboard (home = red corner, away = blue): the round and its clock counting down
 * (clock column), knockdowns and rounds won on the judges' cards per fighter, strikes and
 * takedowns or the result; the header adds the fight statistics and each judge's card.
 */
import { resultDetail } from '@/components/results/result-detail';
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, pairText, perSide, stateOf, str, teamOf } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';

function summary(m: LiveMatch): string | null {
  const s = stateOf(m);
  const result = resultDetail('mma', s.result, m);
  if (result) return result;
  const parts = [
    pairText(s.knockdowns) && `KD ${pairText(s.knockdowns)}`,
    pairText(s.significant_strikes) && `Sig. strikes ${pairText(s.significant_strikes)}`,
    pairText(s.takedowns) && `TD ${pairText(s.takedowns)}`,
  ];
  const rounds = num(s.scheduled_rounds);
  return parts.filter(Boolean).join(' · ') || (rounds ? `${rounds} rounds` : null);
}

export const mma: SportLine = {
  side(m, side) {
    const kd = perSide(stateOf(m).knockdowns, side) ?? 0;
    return (
      <span
        className="inline-flex items-baseline justify-end gap-1.5 tabular"
        data-testid={`mma-${side}`}
        data-knockdowns={kd}
      >
        <span className={`text-xs ${kd ? 'font-semibold text-live' : 'text-muted'}`} title="Knockdowns">
          <span aria-hidden="true">KD </span>
          {kd}
          <span className="sr-only"> knockdowns,</span>
        </span>
        <span className="text-lg font-bold" title="Rounds won on the judges' cards">
          {m.score[side]}
          <span className="sr-only"> rounds won</span>
        </span>
      </span>
    );
  },
  summary,
  notes: (m) => <p className="text-xs text-muted">{summary(m) ?? ''}</p>,
  board(m) {
    const s = stateOf(m);
    const rows = (['home', 'away'] as const).map((side) => ({
      team: `${teamOf(m, side)} (${side === 'home' ? 'red' : 'blue'})`,
      cells: [
        perSide(s.knockdowns, side) ?? 0,
        perSide(s.significant_strikes, side) ?? 0,
        perSide(s.takedowns, side) ?? 0,
        perSide(s.point_deductions, side) ?? 0,
      ],
      totals: [m.score[side]],
    }));
    const cards = arr(s.scorecards)
      .map(obj)
      .filter((c) => !!c && typeof c.judge === 'string')
      .map((c) => `${str(c!.judge)} ${pairText(c!.total) ?? ''}`);
    return (
      <div className="grid gap-2">
        <LineScoreTable
          caption="Fight statistics"
          testid="mma-stats"
          columns={[
            { label: 'KD', title: 'Knockdowns' },
            { label: 'Sig', title: 'Significant strikes' },
            { label: 'TD', title: 'Takedowns' },
            { label: 'Ded', title: 'Points deducted' },
          ]}
          totals={[{ label: 'Rds', title: "Rounds won on the judges' cards" }]}
          rows={rows}
        />
        {cards.length > 0 && <p className="text-center text-xs text-muted">Judges: {cards.join(' · ')}</p>}
      </div>
    );
  },
};
