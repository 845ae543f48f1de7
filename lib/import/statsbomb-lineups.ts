import type { Lineup, LineupPlayer, Side } from '../football/types';
import { ImportError } from './errors';

/*
 * StatsBomb open-data lineups (`data/lineups/<id>.json`): one object per team,
 * `{team_id, team_name, lineup: [{player_id, player_name, player_nickname, jersey_number,
 * country, cards?, positions?[{position, from, to, from_period, …}]}]}`. The older layout
 * (e.g. match 15986) has no `cards`/`positions`. See docs/data-formats.md.
 */

interface SbLineupPlayer {
  player_id: number;
  player_name: string;
  player_nickname?: string | null;
  jersey_number?: number | null;
  positions?: { position?: string }[];
}
interface SbTeamLineup {
  team_id: number;
  team_name: string;
  lineup: SbLineupPlayer[];
}
/** The part of a `Starting XI` event read here. */
export interface StartingXiEvent {
  team: { id?: number; name: string };
  tactics?: {
    formation?: number | string;
    lineup?: { player: { id: number; name: string }; position?: { name: string }; jersey_number?: number }[];
  };
}

/** True when `json` looks like a StatsBomb lineups file (array of `{team_id, lineup[]}`). */
export function isStatsbombLineups(json: unknown): json is SbTeamLineup[] {
  return (
    Array.isArray(json) &&
    json.length > 0 &&
    json.every((t) => t && typeof t === 'object' && 'team_id' in t && Array.isArray((t as SbTeamLineup).lineup))
  );
}

/** StatsBomb formation number → dashed string: 442 → "4-4-2", 41221 → "4-1-2-2-1". */
export function formatFormation(f: number | string | undefined | null): string | null {
  if (f === undefined || f === null || String(f).trim() === '') return null;
  return String(f).trim().split('').join('-');
}

/**
 * Builds both teams' lineups from a StatsBomb lineups file and the `Starting XI` events.
 * Starters are the players of the team's Starting XI `tactics.lineup` (by player id), listed
 * first in XI order, then the rest of the squad in file order. formation from
 * `tactics.formation`; position = the Starting XI position, else the first `positions[]` entry,
 * else null; name = player_name, nickname = player_nickname.
 * @param json parsed lineups JSON
 * @param startingXi the events of type `Starting XI`
 * @param teams home/away team names as spelled in the events (`team.name`)
 * @returns [home lineup, away lineup] (a team missing from the file is left out; `[]` → `[]`)
 * @throws ImportError when `json` is not a lineups array.
 */
export function parseStatsbombLineups(
  json: unknown,
  startingXi: StartingXiEvent[],
  teams: { home: string; away: string },
): Lineup[] {
  if (!(Array.isArray(json) && json.length === 0) && !isStatsbombLineups(json)) {
    throw new ImportError('StatsBomb lineups file must be a JSON array of {team_id, team_name, lineup[]}');
  }
  const result: Lineup[] = [];
  for (const side of ['home', 'away'] as Side[]) {
    const name = teams[side];
    const team = (json as SbTeamLineup[]).find((t) => t.team_name === name);
    if (!team) continue;
    const xi = startingXi.find((e) => e.team.name === name || e.team.id === team.team_id);
    const xiPlayers = xi?.tactics?.lineup ?? [];
    const xiById = new Map(xiPlayers.map((p, i) => [p.player.id, { order: i, position: p.position?.name ?? null }]));
    const players: (LineupPlayer & { order: number })[] = team.lineup.map((p, i) => {
      const start = xiById.get(p.player_id);
      return {
        name: p.player_name,
        nickname: p.player_nickname ?? null,
        jersey_number: p.jersey_number ?? null,
        position: start?.position ?? p.positions?.[0]?.position ?? null,
        starter: start !== undefined,
        order: start ? start.order : xiPlayers.length + i,
      };
    });
    players.sort((a, b) => a.order - b.order);
    result.push({
      side,
      team: name,
      formation: formatFormation(xi?.tactics?.formation),
      players: players.map(({ order: _order, ...p }) => p),
    });
  }
  return result;
}
