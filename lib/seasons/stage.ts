/**
 * Season stages: the regular season and the playoffs. Basketball, ice hockey, baseball, rugby and
 * cricket seasons have playoffs (lib/match/playoff-round.ts isPlayoffRound: NBA/NHL rounds,
 * Super Rugby and IPL finals, qualifiers, eliminators); standings count the regular season only.
 * Football, tennis, golf, MMA and esports competitions are one stage: their knockout rounds (a
 * World Cup's round of 16, a tournament's final) are the competition itself, so every match is
 * `regular` and `playoffs` is empty.
 */
import { isPlayoffRound } from '@/lib/match/playoff-round';

export const STAGES = ['regular', 'playoffs', 'all'] as const;
export type Stage = (typeof STAGES)[number];

const WITH_PLAYOFFS = new Set(['basketball', 'ice-hockey', 'baseball', 'rugby', 'cricket']);

/** Sports whose leagues are a regular season then playoffs, reported apart (NBA, NHL, MLB, Super Rugby). */
const REGULAR_SEASON_LEAGUES = new Set(['basketball', 'ice-hockey', 'baseball', 'rugby']);

/**
 * The stage statistics count when a request names none (issue 34): `regular` where a league's
 * regular season and its playoffs are reported apart (basketball, ice hockey, baseball, rugby);
 * elsewhere the whole competition, `all` — a tournament's figures count its knockout matches
 * (World Cups, Euros, IPL and T20 World Cup: the final's innings are in the season's batting).
 */
export function defaultStage(sport: string): Stage {
  return REGULAR_SEASON_LEAGUES.has(sport) ? 'regular' : 'all';
}

/** True when a fixture of `sport` in `round` (null: none) belongs to `stage`. */
export function inStage(sport: string, round: string | null, stage: Stage): boolean {
  if (stage === 'all') return true;
  const playoff = WITH_PLAYOFFS.has(sport) && isPlayoffRound(sport, round);
  return stage === 'playoffs' ? playoff : !playoff;
}

/**
 * The season a replay season label replays (`2022-replay` → `2022`, an archived cycle
 * `2018-19-replay-3` → `2018-19`), or null for a real season.
 */
export function replayedSeason(season: string): string | null {
  const m = /^(.+)-replay(-\d+)?$/.exec(season);
  return m ? m[1] : null;
}

/**
 * True for an archived replay cycle (`2022-replay-3`): kept and addressable by its label, left
 * out of season lists and defaults. The running cycle is always `<season>-replay`.
 */
export function isArchivedReplay(season: string): boolean {
  return /-replay-\d+$/.test(season);
}

/**
 * Orders a league's seasons newest first, real seasons before replays: real ones by their latest
 * kickoff, replays by the season they replay. Archived replay cycles are left out.
 * @param seasons label, replay flag and latest kickoff (ISO UTC, null without fixtures)
 */
export function orderSeasons<S extends { season: string; isReplay: boolean; lastKickoff: string | null }>(
  seasons: readonly S[],
): S[] {
  const key = (s: S) => (s.isReplay ? (replayedSeason(s.season) ?? s.season) : (s.lastKickoff ?? ''));
  return seasons
    .filter((s) => !isArchivedReplay(s.season))
    .sort(
      (a, b) =>
        Number(a.isReplay) - Number(b.isReplay) || key(b).localeCompare(key(a)) || b.season.localeCompare(a.season),
    );
}
