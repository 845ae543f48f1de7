/**
 * A team page's data, read through server/read as GET /v1/{sport}/results, /fixtures and
 * /standings (team filter): its latest results, next fixtures, and its row in the table of the
 * league and season of its latest result. Server-only.
 */
import type { ReadDeps } from '@/server/read/deps';
import { readFixtures } from '@/server/read/read-fixtures';
import { readResults } from '@/server/read/read-results';
import { readStandings } from '@/server/read/read-standings';
import { unwrapRead } from '@/server/read/result';
import type { Fixture, Result, StandingsTable } from '@/lib/wire/schemas';

export interface TeamData {
  results: Result[];
  fixtures: Fixture[];
  /** The team's table (league, season, group) and its row in it; null when none has it. */
  standing: { table: StandingsTable; position: number } | null;
}

/** Results (newest first, ≤ `limit`), upcoming fixtures (≤ `limit`) and current standing of `team`. Errors: store errors propagate. */
export async function loadTeam(deps: ReadDeps, sport: string, team: string, limit = 10): Promise<TeamData> {
  const [results, fixtures] = await Promise.all([
    readResults(deps, sport, { team, limit }).then(unwrapRead),
    readFixtures(deps, sport, { team, limit }).then(unwrapRead),
  ]);
  const latest = results.data[0];
  let standing: TeamData['standing'] = null;
  if (latest) {
    const tables = unwrapRead(await readStandings(deps, sport, { league: latest.league_slug, season: latest.season }));
    for (const table of tables.data as StandingsTable[]) {
      const row = table.rows.find((r) => r.team === team);
      if (row) {
        standing = { table, position: row.position };
        break;
      }
    }
  }
  return { results: results.data, fixtures: fixtures.data.filter((f) => f.status !== 'finished'), standing };
}

/** W/D/L of `team` in a result. */
export function outcome(r: Result, team: string): 'W' | 'D' | 'L' {
  if (r.winner === 'draw') return 'D';
  return (r.winner === 'home') === (r.home_team === team) ? 'W' : 'L';
}
