// GET /v1/{sport}/players/{id} — one player (where the source names players): teams, seasons and its lines in the player tables
import { z } from 'zod';
import type { Sport } from '@/lib/sports';
import { readDepsOf } from '../../read/deps';
import { readPlayer } from '../../read/read-player';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams, stageParam } from '../params';
import { orThrow } from '../read-result';
import { pathId } from './teams';

export const PlayerQuery = z.object({
  league: listParams.league,
  season: listParams.season,
  /** `regular`, `playoffs` or `all`; default the sport's (lib/seasons/stage.ts defaultStage). */
  stage: stageParam,
});

/**
 * One player (lib/wire/resources.ts PlayerDetail): the teams its events are for, the league-seasons
 * it appears in, and its line in each of the sport's player tables for `league`/`season` (default
 * the latest it appears in, real seasons first) and `stage` (server/read/read-player.ts).
 * Errors: 400 invalid_parameter, 404 player_not_found, league_not_found, season_not_found.
 */
export async function getPlayerHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, PlayerQuery);
  const sport = ctx.params.sport as Sport;
  const id = pathId(ctx.params.id, 'player_not_found', `${sport} player`);
  return json(orThrow(await readPlayer(readDepsOf(ctx.services), sport, id, q)), ctx);
}
