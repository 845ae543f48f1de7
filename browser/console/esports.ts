/**
 * Esports console buttons (lib/esports/rules.ts, docs/sports/esports.md): a fixture is one
 * Counter-Strike-style series. Start each map (name; map 1 sets best of 1/3/5), a round won by a
 * team, end of map (once the map is decided: 13 rounds, MR3 overtimes), the series result (maps
 * won, once a team has enough).
 */
import { mapDecided } from '@/lib/esports/rules';
import { button, draft, field, int, statusButtons, text } from './common';
import type { ConsoleButton, ConsoleView } from './types';

/** Esports' buttons for a series in `v` (`v.state`: best_of, maps_to_win, map_number, rounds). */
export function esportsButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const st = v.state ?? {};
  const mapNo = (st.map_number as number | null | undefined) ?? 0;
  const rounds = (st.rounds as { home: number; away: number } | undefined) ?? { home: 0, away: 0 };
  const toWin = (st.maps_to_win as number | undefined) ?? 2;
  const decidedSeries = Math.max(v.score.home, v.score.away) >= toWin;
  const open = v.status !== 'finished' && v.status !== 'abandoned' && v.status !== 'postponed';
  const between = v.period === 'not_started' || v.period === `after_map_${mapNo}`;
  if (open && between && !decidedSeries) {
    const first = mapNo === 0;
    const fields = [
      field('map', 'Map', `Map ${mapNo + 1}`),
      ...(first ? [field('best_of', 'Best of (1, 3, 5)', '3', 'number')] : []),
    ];
    out.push(
      button('map-start', `Start map ${mapNo + 1}`, 'flow', { fields }, (i) =>
        draft('map_start', {
          period: `map_${mapNo + 1}`,
          detail: { map: text(i, 'map', `Map ${mapNo + 1}`), ...(first ? { best_of: int(i, 'best_of', 3) } : {}) },
        }),
      ),
    );
  }
  if (open && v.period === `map_${mapNo}` && mapNo > 0) {
    if (!mapDecided(rounds.home, rounds.away))
      out.push(
        button('round', 'Round won', 'score', { side: true }, (i) =>
          draft('round_won', { side: i.side, period: v.period, detail: { round: rounds.home + rounds.away + 1 } }),
        ),
      );
    else
      out.push(
        button('map-end', `End of map ${mapNo} (${rounds.home}–${rounds.away})`, 'flow', {}, () =>
          draft('map_end', { period: v.period }),
        ),
      );
  }
  if (open && decidedSeries && v.period.startsWith('after_map_')) {
    out.push(
      button('result', `Series result ${v.score.home}–${v.score.away}`, 'result', {}, () =>
        draft('result', { detail: { home: v.score.home, away: v.score.away } }),
      ),
    );
  }
  return [...out, ...statusButtons(v.status)];
}
