/**
 * A team's squad: the players the store has seen for it (lineups and events,
 * server/store/queries/team-squad.ts), latest seen first. Source of the team page's squad.
 */
import { teamIdsByName } from '../store/queries/teams';
import { teamSquad, type SquadPlayer } from '../store/queries/team-squad';
import type { ReadDeps } from './deps';

export type { SquadPlayer } from '../store/queries/team-squad';

/** The players seen for the team named `team` in `sport`; [] for an unknown team. Errors: store errors propagate. */
export async function readSquad(deps: Pick<ReadDeps, 'db'>, sport: string, team: string): Promise<SquadPlayer[]> {
  const id = (await teamIdsByName(deps.db, sport, [team])).get(team);
  return id == null ? [] : teamSquad(deps.db, sport, id, team);
}
