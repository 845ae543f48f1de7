/**
 * Player statistics of a season, any sport (GET /v1/{sport}/statistics/players). Pure, no I/O.
 * Categories and columns per sport: lib/statistics/categories.ts and docs/statistics.md.
 */
import type { Sport } from '../sports';
import { finishedOnly } from './adapt';
import { baseballPlayerCategories } from './baseball';
import { cricketPlayerCategories } from './cricket';
import {
  basketballPlayerCategories,
  genericPlayerCategories,
  iceHockeyPlayerCategories,
  rugbyPlayerCategories,
} from './event-players';
import { esportsPlayerCategories } from './esports';
import { footballPlayerCategories } from './football';
import { tennisPlayerCategories } from './tennis';
import type { PlayerCategory, PlayerStatistics, StatsMatch } from './types';

const BY_SPORT: Record<Sport, (matches: readonly StatsMatch[]) => PlayerCategory[]> = {
  football: footballPlayerCategories,
  basketball: basketballPlayerCategories,
  cricket: cricketPlayerCategories,
  tennis: tennisPlayerCategories,
  baseball: baseballPlayerCategories,
  'ice-hockey': iceHockeyPlayerCategories,
  golf: genericPlayerCategories,
  rugby: rugbyPlayerCategories,
  mma: genericPlayerCategories,
  esports: esportsPlayerCategories,
};

/**
 * Player statistics of one sport over the given matches (the caller selects the season).
 *
 * Only matches with status `finished` count. Every category of the sport is always present
 * (rows empty when the matches carry no such facts — e.g. results-only imports):
 * - football: scorers (goals, penalties, own_goals), cards (yellow, second_yellow, red) —
 *   lib/statistics/football.ts
 * - cricket: batting, bowling — lib/cricket/statistics.ts via lib/statistics/cricket.ts
 * - baseball: batting (AVG, HR, RBI, …), pitching (IP, ER, ERA) — lib/baseball/statistics.ts
 * - tennis: serve (aces, double faults, service games won, break points) — lib/tennis/statistics.ts
 * - basketball: scoring; ice-hockey: scorers; rugby: scorers, cards — from events
 *   (lib/statistics/event-players.ts)
 * - golf, mma: events (per player and event type); esports: events, then Dota 2 players
 *   (K/D/A, GPM/XPM, last hits, heroes from `box_score`) — lib/statistics/esports.ts
 * Rows: `{rank, player, team, ...columns}`, rank 1..n in the category's order.
 * @param sport the sport slug of the endpoint
 * @param matches stored fixtures of that sport with their events
 * @throws Error when a match is of another sport than `sport`
 */
export function playerStatistics(sport: Sport, matches: readonly StatsMatch[]): PlayerStatistics {
  const stray = matches.find((m) => m.sport !== sport);
  if (stray) throw new Error(`playerStatistics(${sport}): fixture ${stray.fixture_id} is ${stray.sport}`);
  return { sport, categories: BY_SPORT[sport](finishedOnly(matches)) };
}
