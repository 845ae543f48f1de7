/**
 * Per-sport standings rows on the wire (GET /v1/{sport}/standings; columns in docs/api.md
 * and docs/sports/): one zod schema per sport, matching the rows lib/<sport>/standings.ts computes,
 * each with `position` (1-based) and `team` (tennis: the player) like football's
 * `StandingsRowSchema` (lib/wire/schemas.ts). Rows whose lib type lacks one of them go through
 * {@link toWireStandingsRow} (tennis rows name a `player`, not a `team`).
 */
import { z } from 'zod';
import type { Sport } from '../sports';
import { StandingsRowSchema } from './schemas';

const count = z.number().int().nonnegative();
const position = z.number().int().positive().describe('1-based place in the table (group), no shared places');
const team = z.string().describe('Team name');
const fraction = z.number().min(0).max(1);

const record = (what: string) =>
  z
    .object({ won: count.describe(`${what} games won`), lost: count.describe(`${what} games lost`) })
    .describe(`${what} record`);

/** NBA row (lib/basketball/standings.ts computeNbaStandings; one table per conference/division). */
export const NbaStandingsRowSchema = z
  .object({
    position,
    team,
    played: count.describe('Games played'),
    won: count.describe('Wins'),
    lost: count.describe('Losses'),
    win_pct: fraction.describe('W / (W + L), unrounded (display as .707); 0 with no games'),
    games_behind: z
      .number()
      .multipleOf(0.5)
      .describe('Games behind the group leader, in half-game steps (0 for the leader)'),
    home: record('Home'),
    away: record('Away'),
    points_for: count.describe('Points scored'),
    points_against: count.describe('Points conceded'),
  })
  .describe('NBA standings row: order by win %, then head-to-head, point differential, name');

/** NHL row (lib/ice-hockey/standings.ts computeNhlStandings; one table per division/conference). */
export const NhlStandingsRowSchema = z
  .object({
    position,
    team,
    played: count.describe('Games played (GP)'),
    won: count.describe('Wins, any way (W)'),
    lost: count.describe('Regulation losses (L)'),
    ot_losses: count.describe('Losses in overtime or the shootout (OTL)'),
    points: count.describe('2·W + OTL (PTS)'),
    regulation_wins: count.describe('Regulation wins (RW)'),
    regulation_overtime_wins: count.describe('Regulation + overtime wins, not shootout (ROW)'),
    goals_for: count.describe('Goals for, as final scores record them (a shootout win counts one)'),
    goals_against: count.describe('Goals against'),
    goal_difference: z.number().int().describe('Goals for − goals against'),
    points_pct: fraction.describe('PTS / (2·GP), unrounded; 0 with no games'),
  })
  .describe('NHL standings row: order by PTS, fewer GP, RW, ROW, goal difference, goals for, name');

/** Rugby union row (lib/rugby/standings.ts computeRugbyStandings; bonus-point league table). */
export const RugbyStandingsRowSchema = z
  .object({
    position,
    team,
    played: count.describe('Matches played'),
    won: count.describe('Wins'),
    drawn: count.describe('Draws'),
    lost: count.describe('Losses'),
    points_for: count.describe('Match points scored'),
    points_against: count.describe('Match points conceded'),
    points_difference: z.number().int().describe('Points for − points against'),
    tries_for: count.describe('Tries scored'),
    tries_against: count.describe('Tries conceded'),
    try_bonus: count.describe('Try bonus points'),
    losing_bonus: count.describe('Losing bonus points'),
    points_adjustment: z.number().int().describe('Adjustments (byes, deductions) included in points'),
    points: z.number().int().describe('Competition points (results, bonuses and adjustments)'),
  })
  .describe('Rugby standings row: order by competition points, wins, points difference, tries, name');

/** Cricket row (lib/cricket/standings.ts computeCricketStandings; points and net run rate). */
export const CricketStandingsRowSchema = z
  .object({
    position,
    team,
    played: count.describe('Matches played'),
    won: count.describe('Wins (a super-over win counts as a win)'),
    lost: count.describe('Losses'),
    tied: count.describe('Ties'),
    no_result: count.describe('No results'),
    points: count.describe('Points: win 2, tie 1, no result 1, loss 0'),
    runs_for: count.describe('NRR input: runs scored'),
    balls_faced: z
      .number()
      .nonnegative()
      .describe('NRR input: balls faced (overs × 6; an all-out innings at its full quota)'),
    runs_against: count.describe('NRR input: runs conceded'),
    balls_bowled: z
      .number()
      .nonnegative()
      .describe('NRR input: balls bowled (overs × 6; an all-out innings at its full quota)'),
    net_run_rate: z.number().nullable().describe('Net run rate, 3 decimals; null before any counted innings'),
  })
  .describe('Cricket standings row: order by points, net run rate, wins, name');

/**
 * Tennis row: a season win–loss table, not a ranking by ATP points (lib/tennis/standings.ts
 * computeTennisStandings), plus `team` = the player (via {@link toWireStandingsRow}).
 */
export const TennisRankingRowSchema = z
  .object({
    position,
    team: z.string().describe('The player (same as `player`; every standings row names its competitor `team`)'),
    player: z.string().describe('Player name'),
    matches: count.describe('Matches played to a result (walkovers excluded)'),
    wins: count.describe('Wins'),
    losses: count.describe('Losses'),
    win_pct: fraction.nullable().describe('wins / matches, 3 decimals; null with no match'),
    sets_won: count.describe('Finished sets won'),
    sets_lost: count.describe('Finished sets lost'),
    games_won: count.describe('Games won (unfinished sets included)'),
    games_lost: count.describe('Games lost (unfinished sets included)'),
    titles: count.describe('Finals won (team events excluded)'),
  })
  .describe('Tennis season win–loss row: order by wins, win %, fewer losses, name');

/**
 * Golf row: a season order of merit from finished tournaments (lib/golf/standings.ts
 * computeGolfStandings), plus `team` = the player. A tournament's own standings are its
 * leaderboard: `state.leaderboard` of the fixture (lib/wire/sports/golf.ts, docs/sports/golf.md).
 */
export const GolfStandingsRowSchema = z
  .object({
    position,
    team: z.string().describe('The player (same as `player`; every standings row names its competitor `team`)'),
    player: z.string().describe('Player name'),
    events: count.describe('Tournaments entered (finished, cut or withdrawn)'),
    wins: count.describe('Tournaments won'),
    top_10: count.describe('Finishes in the top 10 (ties included)'),
    cuts_made: count.describe('Tournaments finished (not cut, not withdrawn)'),
    best_finish: z.number().int().min(1).nullable().describe('Best finishing place; null when none finished'),
    points: z.number().nonnegative().describe('Order-of-merit points (docs/sports/golf.md), 2 decimals'),
  })
  .describe('Golf order-of-merit row: order by points, wins, top-10 finishes, name');

/**
 * MMA row: a fighter's record over the finished bouts (lib/mma/standings.ts computeMmaStandings),
 * plus `team` = the fighter.
 */
export const MmaStandingsRowSchema = z
  .object({
    position,
    team: z.string().describe('The fighter (same as `fighter`; every standings row names its competitor `team`)'),
    fighter: z.string().describe('Fighter name'),
    bouts: count.describe('Finished bouts (no contests included)'),
    wins: count.describe('Wins'),
    losses: count.describe('Losses'),
    draws: count.describe('Draws'),
    no_contests: count.describe('No contests'),
    ko_tko_wins: count.describe('Wins by KO or TKO'),
    submission_wins: count.describe('Wins by submission'),
    decision_wins: count.describe('Wins by decision (unanimous, split, majority)'),
    dq_wins: count.describe('Wins by disqualification'),
    finish_rate: fraction
      .nullable()
      .describe(
        '(KO/TKO + submission wins) / wins, 3 decimals; null without a win (a win of unnamed method counts in wins only)',
      ),
  })
  .describe('MMA fighter record: order by wins, fewer losses, draws, name');

// ─── Placeholder row: esports ───────────────────────────────────────────────────────────────
// TODO(esports): replace with the row schema of lib/esports/standings.ts. Until then a row is any
// JSON object; the real schema must keep `position` and `team` like every other sport.
const PLACEHOLDER_ROW = z
  .record(z.string(), z.unknown())
  .describe('Standings row (shape documented per sport; placeholder until the sport schema lands)');
/** Esports standings row — PLACEHOLDER (any object) until lib/esports/standings.ts's row schema lands. */
export const EsportsStandingsRowSchema = PLACEHOLDER_ROW; // TODO(esports)
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** The standings row schema of every sport, by slug (football: `StandingsRowSchema`). */
export const STANDINGS_ROW_SCHEMAS = {
  football: StandingsRowSchema,
  basketball: NbaStandingsRowSchema,
  cricket: CricketStandingsRowSchema,
  tennis: TennisRankingRowSchema,
  baseball: PLACEHOLDER_ROW, // no baseball standings module yet (lib/baseball has no standings.ts)
  'ice-hockey': NhlStandingsRowSchema,
  golf: GolfStandingsRowSchema,
  rugby: RugbyStandingsRowSchema,
  mma: MmaStandingsRowSchema,
  esports: EsportsStandingsRowSchema,
} as const satisfies Record<Sport, z.ZodType>;

/** The schema of one standings row of `sport` (see {@link STANDINGS_ROW_SCHEMAS}). */
export function standingsRowSchemaFor<S extends Sport>(sport: S): (typeof STANDINGS_ROW_SCHEMAS)[S] {
  return STANDINGS_ROW_SCHEMAS[sport];
}

/** A standings row of any sport (for the OpenAPI document). */
export const AnyStandingsRowSchema = z
  .union([
    StandingsRowSchema,
    NbaStandingsRowSchema,
    NhlStandingsRowSchema,
    RugbyStandingsRowSchema,
    CricketStandingsRowSchema,
    TennisRankingRowSchema,
    GolfStandingsRowSchema,
    MmaStandingsRowSchema,
    PLACEHOLDER_ROW, // esports (and baseball) until their schemas land
  ])
  .describe('A standings row of any sport: every row has position and team; the other fields are per sport');

/** Field that names a row's competitor, per sport, when it is not `team`. */
const NAME_FIELD: Partial<Record<Sport, string>> = { tennis: 'player', golf: 'player', mma: 'fighter' };

/**
 * A lib standings row as the wire sends it: `position` first (kept when the row has one ≥ 1,
 * else `index + 1`), `team` second (the row's `team`, else its sport's name field — tennis
 * `player` — else `player` or `name`), then the row's other fields unchanged. Pure.
 * @param index 0-based place of the row in its (sorted) table
 * @throws TypeError when the row names no competitor
 */
export function toWireStandingsRow<R extends object>(
  sport: Sport,
  row: R,
  index: number,
): { position: number; team: string } & Omit<R, 'position' | 'team'> {
  const r = row as Record<string, unknown>;
  const pos =
    typeof r.position === 'number' && Number.isInteger(r.position) && r.position >= 1 ? r.position : index + 1;
  const name = [r.team, r[NAME_FIELD[sport] ?? 'team'], r.player, r.name].find(
    (x): x is string => typeof x === 'string',
  );
  if (name === undefined) throw new TypeError(`${sport} standings row ${index + 1} names no team or player`);
  const { position: _position, team: _team, ...rest } = r;
  void _position;
  void _team;
  return { position: pos, team: name, ...rest } as { position: number; team: string } & Omit<R, 'position' | 'team'>;
}
