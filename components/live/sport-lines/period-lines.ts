/** Line scores by period for basketball and ice hockey (points/goals per period, overtimes after regulation). */
import { arr, num, obj, stateOf, type Side } from './read';
import type { Column } from './LineScoreTable';
import type { LiveMatch } from '@/lib/wire/schemas';
import { ENGLISH, type Words } from '@/browser/live/display-words';

/**
 * Columns and per-side cells of `state.line_score` ({ home: [], away: [] }, one entry per period
 * started): `regulation` periods named by `name(i)`, then OT, 2OT… (`w`'s display.ot, display.board.overtime); `played` is false when
 * the state has no period yet (a result imported without play-by-play).
 */
export function periodLines(
  m: LiveMatch,
  regulation: number,
  name: (i: number) => Column,
  w: Words = ENGLISH,
): { columns: Column[]; cells: Record<Side, (number | string)[]>; played: boolean } {
  const ls = obj(stateOf(m).line_score) ?? {};
  const home = arr(ls.home).map(num);
  const away = arr(ls.away).map(num);
  const n = Math.max(regulation, home.length, away.length);
  const columns = Array.from({ length: n }, (_, i) =>
    i < regulation
      ? name(i)
      : { label: w.t('ot', { n: i - regulation + 1 }), title: w.t('board.overtime', { n: i - regulation + 1 }) },
  );
  const cells = (xs: (number | null)[]) => Array.from({ length: n }, (_, i) => xs[i] ?? '');
  return { columns, cells: { home: cells(home), away: cells(away) }, played: home.length + away.length > 0 };
}
