/**
 * Esports (Counter-Strike-style series) on the scoreboard: maps won per team with the current
 * map's rounds beside them, the map being played; the header adds every map of the series.
 */
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, pairText, perSide, stateOf, str, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';

const live = (m: LiveMatch) => m.status === 'in_play';

function summary(m: LiveMatch): string | null {
  const s = stateOf(m);
  const result = obj(s.result);
  const bestOf = num(s.best_of);
  if (result)
    return `${teamOf(m, result.winner as Side) || 'Winner'} won ${pairText(result) ?? ''}${bestOf ? ` (best of ${bestOf})` : ''}`.trim();
  const map = str(s.map);
  const n = num(s.map_number);
  if (!n) return bestOf ? `Best of ${bestOf}` : null;
  return `Map ${n}${map ? ` ${map}` : ''}: ${pairText(s.rounds) ?? '0–0'}${s.overtime === true ? ' (OT)' : ''}${bestOf ? ` · best of ${bestOf}` : ''}`;
}

export const esports: SportLine = {
  flash: true,
  side(m, side) {
    const rounds = perSide(stateOf(m).rounds, side);
    return (
      <span className="inline-flex items-baseline justify-end gap-1.5 tabular" data-testid={`esports-${side}`}>
        {live(m) && rounds != null && (
          <span className="w-7 rounded bg-bg text-center text-sm font-semibold" title="Rounds on this map">
            {rounds}
            <span className="sr-only"> rounds on this map,</span>
          </span>
        )}
        <span className="text-lg font-bold" title="Maps won">
          {m.score[side]}
          <span className="sr-only"> maps</span>
        </span>
      </span>
    );
  },
  summary,
  notes: (m) => <p className="text-xs text-muted">{summary(m) ?? ''}</p>,
  board(m) {
    const s = stateOf(m);
    const maps = arr(s.maps)
      .map(obj)
      .filter((x) => !!x);
    const current =
      live(m) && str(s.map)
        ? [{ map: `${s.map} (live)`, home: perSide(s.rounds, 'home'), away: perSide(s.rounds, 'away') }]
        : [];
    const all = [
      ...maps.map((x) => ({ map: str(x!.map) ?? 'Map', home: num(x!.home), away: num(x!.away) })),
      ...current,
    ];
    if (!all.length) return null;
    return (
      <LineScoreTable
        caption="Maps"
        testid="esports-maps"
        columns={all.map((x) => ({ label: x.map }))}
        totals={[{ label: 'Maps', title: 'Maps won' }]}
        rows={(['home', 'away'] as const).map((side) => ({
          team: teamOf(m, side),
          cells: all.map((x) => x[side] ?? ''),
          totals: [m.score[side]],
        }))}
      />
    );
  },
};
