/**
 * Esports (Counter-Strike-style series) on the scoreboard: maps won per team with the current
 * map's rounds beside them, the map being played; the header adds every map of the series.
 */
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, pairText, perSide, stateOf, str, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

const live = (m: LiveMatch) => m.status === 'in_play';

function summary(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const result = obj(s.result);
  const bestOf = num(s.best_of);
  if (result)
    return `${w.t('board.esports.won', { winner: teamOf(m, result.winner as Side) || w.t('board.tennis.winner'), score: pairText(result) ?? '' })}${bestOf ? w.t('board.esports.bestOfSuffix', { n: bestOf }) : ''}`.trim();
  const map = str(s.map);
  const n = num(s.map_number);
  if (!n) return bestOf ? w.t('board.esports.bestOf', { n: bestOf }) : null;
  const state = w.t('board.esports.mapState', {
    map: `${w.t('map', { n })}${map ? ` ${map}` : ''}`,
    rounds: pairText(s.rounds) ?? '0–0',
  });
  return `${state}${s.overtime === true ? w.t('board.esports.otSuffix') : ''}${bestOf ? w.t('board.esports.bestOfTail', { n: bestOf }) : ''}`;
}

export const esports: SportLine = {
  flash: true,
  side(m, side, w = ENGLISH) {
    const rounds = perSide(stateOf(m).rounds, side);
    return (
      <span className="inline-flex items-baseline justify-end gap-1.5 tabular" data-testid={`esports-${side}`}>
        {live(m) && rounds != null && (
          <span
            className="w-7 rounded bg-bg text-center text-sm font-semibold"
            title={w.t('board.esports.roundsOnMap')}
          >
            {rounds}
            <span className="sr-only">{` ${w.t('board.esports.roundsOnMapSr')},`}</span>
          </span>
        )}
        <span className="text-lg font-bold" title={w.t('board.esports.mapsWon')}>
          {m.score[side]}
          <span className="sr-only">{` ${w.t('board.esports.mapsSr')}`}</span>
        </span>
      </span>
    );
  },
  summary: (m, _now, w) => summary(m, w),
  notes: (m, w) => <p className="text-xs text-muted">{summary(m, w) ?? ''}</p>,
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const maps = arr(s.maps)
      .map(obj)
      .filter((x) => !!x);
    const current =
      live(m) && str(s.map)
        ? [
            {
              map: w.t('board.esports.live', { map: s.map as string }),
              home: perSide(s.rounds, 'home'),
              away: perSide(s.rounds, 'away'),
            },
          ]
        : [];
    const all = [
      ...maps.map((x) => ({ map: str(x!.map) ?? w.t('board.esports.map'), home: num(x!.home), away: num(x!.away) })),
      ...current,
    ];
    if (!all.length) return null;
    return (
      <LineScoreTable
        w={w}
        caption={w.t('board.esports.caption')}
        testid="esports-maps"
        columns={all.map((x) => ({ label: x.map }))}
        totals={[{ label: w.t('board.esports.mapsShort'), title: w.t('board.esports.mapsWon') }]}
        rows={(['home', 'away'] as const).map((side) => ({
          team: teamOf(m, side),
          cells: all.map((x) => x[side] ?? ''),
          totals: [m.score[side]],
        }))}
      />
    );
  },
};
