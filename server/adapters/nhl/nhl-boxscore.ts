/**
 * api-web.nhle.com box score (`/v1/gamecenter/{id}/boxscore`) → an ice-hockey `box_score` event
 * (lib/ice-hockey/types.ts IceHockeyBoxScoreDetail), which player statistics read instead of the
 * game's events (lib/statistics/event-players.ts). Pure. docs/adapters.md "nhl".
 *
 * | upstream (`playerByGameStats.{homeTeam,awayTeam}`) | Scoreline line |
 * |---|---|
 * | `forwards[]`, `defense[]`, `goalies[]` | one line each; `side` home / away |
 * | `playerId` | `player_id`; `player` = the play-by-play's roster name ("Sam Bennett"), else `name.default` ("S. Bennett") |
 * | `position` (C, L, R, D, G) | `position` |
 * | `goals`, `assists`, `points`, `powerPlayGoals`, `pim` | `goals`, `assists`, `points`, `power_play_goals`, `pim` |
 * | `sog` (older payloads `shots`) | `shots` |
 * | `toi` "mm:ss" | `toi_seconds` |
 * | goalie `shotsAgainst`, `saves`, `goalsAgainst` (else `saveShotsAgainst` "saves/shots") | `shots_against`, `saves`, `goals_against` |
 *
 * Event id: `nhl:<gameId>:box:<period>` while the game is on (one snapshot per period), then
 * `nhl:<gameId>:box:final` once `gameState` is FINAL/OFF.
 */
import type { FeedEvent } from '@/lib/match/state';
import type { IceHockeyBoxLine } from '@/lib/ice-hockey/types';
import { feedEvent } from '../kit/ledger';
import type { AdapterSkip } from '../types';
import { nhlPeriod } from './nhl-mapping';
import { NHL_OVER_STATES, NhlBoxGoalieSchema, NhlBoxSkaterSchema, type NhlBoxScore } from './nhl-schemas';

/** "mm:ss" → seconds. */
const seconds = (toi: string) => {
  const [m, s] = toi.split(':').map(Number);
  return m * 60 + s;
};

/**
 * The box score as a `box_score` event, and the lines skipped (unreadable ones).
 * @param names player id → full name from the play-by-play's roster (nhlRosterNames); may be empty
 * @returns event null when no line could be read (nothing to publish yet)
 */
export function nhlBoxScoreEvent(
  box: NhlBoxScore,
  names: ReadonlyMap<number, string>,
): { event: FeedEvent | null; final: boolean; skipped: AdapterSkip[] } {
  const skipped: AdapterSkip[] = [];
  const players: IceHockeyBoxLine[] = [];
  for (const side of ['home', 'away'] as const) {
    const lines = box.playerByGameStats[side === 'home' ? 'homeTeam' : 'awayTeam'];
    for (const group of ['forwards', 'defense'] as const)
      lines[group].forEach((raw, i) => {
        const p = NhlBoxSkaterSchema.safeParse(raw);
        if (!p.success) {
          skipped.push({
            item: `game ${box.id} boxscore ${side} ${group}[${i}]`,
            reason: p.error.issues[0]?.message ?? 'invalid',
          });
          return;
        }
        const k = p.data;
        players.push({
          player: names.get(k.playerId) ?? k.name.default,
          player_id: String(k.playerId),
          side,
          position: k.position,
          goals: k.goals,
          assists: k.assists,
          points: k.points,
          power_play_goals: k.powerPlayGoals,
          shots: k.sog ?? k.shots ?? 0,
          pim: k.pim,
          toi_seconds: seconds(k.toi),
        });
      });
    lines.goalies.forEach((raw, i) => {
      const p = NhlBoxGoalieSchema.safeParse(raw);
      if (!p.success) {
        skipped.push({
          item: `game ${box.id} boxscore ${side} goalies[${i}]`,
          reason: p.error.issues[0]?.message ?? 'invalid',
        });
        return;
      }
      const g = p.data;
      const [sv, sa] = (g.saveShotsAgainst ?? '').split('/').map(Number);
      const shotsAgainst = g.shotsAgainst ?? (Number.isInteger(sa) ? sa : 0);
      const saves = g.saves ?? (Number.isInteger(sv) ? sv : shotsAgainst - (g.goalsAgainst ?? 0));
      players.push({
        player: names.get(g.playerId) ?? g.name.default,
        player_id: String(g.playerId),
        side,
        position: 'G',
        goals: 0,
        assists: 0,
        points: 0,
        power_play_goals: 0,
        shots: 0,
        pim: g.pim,
        toi_seconds: seconds(g.toi),
        shots_against: shotsAgainst,
        saves,
        goals_against: g.goalsAgainst ?? shotsAgainst - saves,
      });
    });
  }
  const final = NHL_OVER_STATES.has(box.gameState);
  if (!players.length) return { event: null, final, skipped };
  const at = final ? 'final' : box.periodDescriptor ? nhlPeriod(box.periodDescriptor) : 'pre';
  return { event: feedEvent(`nhl:${box.id}:box:${at}`, 'box_score', { detail: { players } }), final, skipped };
}
