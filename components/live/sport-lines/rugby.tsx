/**
 * Rugby union on the scoreboard: points with the tries beside them, the minute (clock column),
 * players in the sin bin or the latest score; the header adds the half-time score and a table of
 * tries, conversions, penalty goals, drop goals and cards.
 */
import { lastEventText } from './last-event';
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, pairText, perSide, stateOf, str, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';

function sinBin(m: LiveMatch): string | null {
  const list = arr(stateOf(m).sin_bin)
    .map(obj)
    .filter((x) => !!x)
    .map(
      (x) =>
        `${str(x!.player) ?? teamOf(m, x!.side as Side)}${num(x!.until) != null ? ` (back ${Math.ceil((x!.until as number) / 60)}')` : ''}`,
    );
  return list.length ? `Sin bin: ${list.join(', ')}` : null;
}

const kick = (k: unknown) => {
  const x = obj(k);
  return x ? `${num(x.made) ?? 0}/${num(x.attempted) ?? 0}` : '–';
};

export const rugby: SportLine = {
  flash: true,
  side(m, side) {
    const tries = perSide(stateOf(m).tries, side);
    return (
      <span className="inline-flex items-baseline justify-end gap-1.5 tabular" data-testid={`rugby-${side}`}>
        {tries != null && (
          <span className="text-xs text-muted" title="Tries">
            {tries}
            <span aria-hidden="true">T</span>
            <span className="sr-only"> tries, </span>
          </span>
        )}
        <span className="text-lg font-bold">{m.score[side]}</span>
      </span>
    );
  },
  summary: (m) => sinBin(m) ?? lastEventText(m),
  notes(m) {
    const s = stateOf(m);
    const ht = pairText(s.halftime_score);
    const tries = pairText(s.tries);
    return (
      <>
        {ht && <p className="text-xs text-muted tabular">HT {ht}</p>}
        {tries && <p className="text-xs text-muted tabular">Tries {tries}</p>}
        {sinBin(m) && <p className="text-xs text-muted">{sinBin(m)}</p>}
      </>
    );
  },
  board(m) {
    const s = stateOf(m);
    const kicks = obj(s.kicks);
    const cards = obj(s.cards);
    const attempts = (['home', 'away'] as const).reduce(
      (n, x) =>
        n +
        (perSide(s.tries, x) ?? 0) +
        Object.values(obj(kicks?.[x]) ?? {}).reduce<number>((k, v) => k + (num(obj(v)?.attempted) ?? 0), 0),
      0,
    );
    if (!attempts) return null; // a result without tries or kicks: nothing to add to the score
    const rows = (['home', 'away'] as const).map((side) => {
      const k = obj(kicks?.[side]);
      const c = obj(cards?.[side]);
      return {
        team: teamOf(m, side),
        cells: [
          perSide(s.tries, side) ?? 0,
          kick(k?.conversion),
          kick(k?.penalty_goal),
          kick(k?.drop_goal),
          `${num(c?.yellow) ?? 0}/${num(c?.red) ?? 0}`,
        ],
        totals: [m.score[side]],
      };
    });
    return (
      <LineScoreTable
        caption="Scoring"
        testid="rugby-scoring"
        columns={[
          { label: 'T', title: 'Tries' },
          { label: 'C', title: 'Conversions made/attempted' },
          { label: 'PG', title: 'Penalty goals made/attempted' },
          { label: 'DG', title: 'Drop goals made/attempted' },
          { label: 'Y/R', title: 'Yellow/red cards' },
        ]}
        totals={[{ label: 'Pts', title: 'Points' }]}
        rows={rows}
      />
    );
  },
};
