/**
 * Cricsheet `info.outcome` → the cricket result (lib/cricket/types.ts `CricketResult`) and its
 * scorecard text. Format: docs/data-formats.md "Cricsheet JSON", https://cricsheet.org/format/json/.
 */
import type { CricketResult } from '../cricket/types';
import type { Side } from '../rules/contract';
import type { CsFile } from './cricsheet-schema';
import { ImportError } from './errors';

/**
 * Side of a team named by the file: `info.teams[0]` → home, `[1]` → away.
 * @param what what names the team, for the message (`toss winner`, `team`)
 * @throws ImportError when `team` is neither of `teams`
 */
export function cricsheetSide(teams: [string, string] | string[], team: string, what: string): Side {
  if (team === teams[0]) return 'home';
  if (team === teams[1]) return 'away';
  throw new ImportError(`${what} "${team}" is not one of the teams ${teams.join(' / ')}`);
}

/**
 * The result of a Cricsheet match from `info.outcome`: a win (winner, `by` {runs|wickets|innings},
 * `method` e.g. 'D/L'), a tie (the super-over `eliminator` / `bowl_out` as winner), no result,
 * or a draw; `derived: false` (the file states it).
 * @throws ImportError when the outcome has neither a winner nor a known result, or names a
 *   team that is not playing
 */
export function cricsheetResult(f: CsFile): CricketResult | null {
  const o = f.info.outcome;
  const teams = f.info.teams;
  const side = (t: string | undefined, what: string) => (t === undefined ? null : cricsheetSide(teams, t, what));
  const method = o.method ?? null;
  if (o.winner) {
    const by = o.by ? { ...o.by } : null;
    return { kind: 'win', winner: side(o.winner, 'outcome.winner'), by, method, eliminator: null, derived: false };
  }
  switch (o.result) {
    case 'tie': {
      const elim = side(o.eliminator ?? o.bowl_out, 'outcome.eliminator');
      return { kind: 'tie', winner: elim, by: null, method, eliminator: elim, derived: false };
    }
    case 'no result':
      return { kind: 'no_result', winner: null, by: null, method, eliminator: null, derived: false };
    case 'draw':
      return { kind: 'draw', winner: null, by: null, method, eliminator: null, derived: false };
    default:
      throw new ImportError(`outcome has neither a winner nor a known result (got ${JSON.stringify(o)})`);
  }
}

/**
 * Scorecard text of a result, team names from `teams` (home first): "England won by 5 wickets",
 * "India won by 243 runs", "… won by an innings and 12 runs", "(D/L method)" appended,
 * "Match tied (England won the super over)", "Match drawn", "No result".
 */
export function cricsheetResultText(r: CricketResult, teams: string[]): string {
  const name = (s: Side | null) => (s === 'home' ? teams[0] : s === 'away' ? teams[1] : '');
  const method = r.method ? ` (${r.method} method)` : '';
  if (r.kind === 'win') {
    const by = r.by ?? {};
    const margin =
      by.innings !== undefined
        ? `an innings and ${by.runs ?? 0} runs`
        : by.wickets !== undefined
          ? `${by.wickets} wicket${by.wickets === 1 ? '' : 's'}`
          : by.runs !== undefined
            ? `${by.runs} run${by.runs === 1 ? '' : 's'}`
            : '';
    return `${name(r.winner)} won${margin ? ` by ${margin}` : ''}${method}`;
  }
  if (r.kind === 'tie') return r.eliminator ? `Match tied (${name(r.eliminator)} won the super over)` : 'Match tied';
  return r.kind === 'draw' ? 'Match drawn' : 'No result';
}
