/**
 * MMA "standings": fighter records from finished bouts (pure; no I/O).
 *
 * MMA has rankings chosen by panels, not league tables. `/v1/mma/standings` serves each
 * fighter's record over the bouts given (a season or an event series):
 *   bouts                 finished bouts (every method, no contests included)
 *   wins, losses, draws   by `result.winner`; DRAW is a draw for both fighters
 *   no_contests           NC: neither a win nor a loss
 *   ko_tko_wins, submission_wins, decision_wins (UD, SD, MD), dq_wins   wins by method
 *   finish_rate           (KO/TKO + SUB wins) / wins, 3 decimals; null without a win
 * A win whose method the source did not name (`method: null`) counts in wins only.
 * Order: wins, fewer losses, draws, name.
 */
import type { ImportedSportMatch, Side } from '../rules/contract';
import { otherSide } from '../rules/sides';
import { compareNames } from '../rules/standings-groups';
import { MMA_METHODS, type MmaMethod, type MmaResult } from './types';

/** One fighter's record. */
export interface MmaStandingRow {
  /** 1..n, no shared positions. */
  position: number;
  fighter: string;
  bouts: number;
  wins: number;
  losses: number;
  draws: number;
  no_contests: number;
  ko_tko_wins: number;
  submission_wins: number;
  decision_wins: number;
  dq_wins: number;
  finish_rate: number | null;
}

type WinColumn = 'ko_tko_wins' | 'submission_wins' | 'decision_wins' | 'dq_wins';
const WIN_COLUMN: Partial<Record<MmaMethod, WinColumn>> = {
  KO: 'ko_tko_wins',
  TKO: 'ko_tko_wins',
  SUB: 'submission_wins',
  UD: 'decision_wins',
  SD: 'decision_wins',
  MD: 'decision_wins',
  DQ: 'dq_wins',
};

/**
 * Fighter records from finished MMA fixtures (`result.winner` plus `result.detail` an
 * {@link MmaResult}); other sports and unfinished bouts are skipped.
 * @throws RangeError when a result's method is unknown, or a win method has no winner
 */
export function computeMmaStandings(matches: readonly ImportedSportMatch[]): MmaStandingRow[] {
  const rows = new Map<string, MmaStandingRow>();
  const row = (fighter: string): MmaStandingRow => {
    const r = rows.get(fighter) ?? {
      position: 0,
      fighter,
      bouts: 0,
      wins: 0,
      losses: 0,
      draws: 0,
      no_contests: 0,
      ko_tko_wins: 0,
      submission_wins: 0,
      decision_wins: 0,
      dq_wins: 0,
      finish_rate: null,
    };
    rows.set(fighter, r);
    return r;
  };
  for (const m of matches) {
    if (m.sport !== 'mma' || m.status !== 'finished' || !m.result) continue;
    const method = (m.result.detail as Partial<MmaResult>).method as MmaMethod | null;
    if (method !== null && !MMA_METHODS.includes(method))
      throw new RangeError(`${m.source_key}: unknown method ${String(method)}`);
    const corner: Record<Side, MmaStandingRow> = { home: row(m.home_team), away: row(m.away_team) };
    corner.home.bouts += 1;
    corner.away.bouts += 1;
    const column = method === null ? null : WIN_COLUMN[method];
    if (method !== null && !column) {
      for (const r of [corner.home, corner.away]) r[method === 'NC' ? 'no_contests' : 'draws'] += 1;
      continue;
    }
    const w = m.result.winner;
    if (!w) throw new RangeError(`${m.source_key}: ${method} needs a winner`);
    corner[w].wins += 1;
    if (column) corner[w][column] += 1;
    corner[otherSide(w)].losses += 1;
  }
  for (const r of rows.values())
    r.finish_rate = r.wins ? Math.round(((r.ko_tko_wins + r.submission_wins) / r.wins) * 1000) / 1000 : null;
  const sorted = [...rows.values()].sort(
    (a, b) => b.wins - a.wins || a.losses - b.losses || b.draws - a.draws || compareNames(a.fighter, b.fighter),
  );
  sorted.forEach((r, i) => (r.position = i + 1));
  return sorted;
}
