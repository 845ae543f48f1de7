/**
 * Wire schemas of GET /v1/{sport}/statistics/teams and GET /v1/{sport}/statistics/players
 * (docs/api.md; computation in lib/statistics, field definitions in
 * docs/statistics.md). Strict objects: a field not listed here is a drift. The player rows are
 * built from the one column list of lib/statistics/categories.ts.
 */
import { z } from 'zod';
import { PLAYER_CATEGORIES, type CategorySpec } from '../statistics/categories';
import type { ColumnSpec } from '../statistics/types';
import { SPORTS } from '../sports';
import { STAGES } from '../seasons/stage';

const count = z.number().int().nonnegative();
const sport = z.enum(SPORTS).describe('Sport slug of the path');
const season = z
  .string()
  .nullable()
  .describe(
    'Season the figures cover (`2023-24`, `2022`): the `season` query parameter, else the current season; null when the sport has no fixture',
  );
const stage = z
  .enum(STAGES)
  .describe(
    'Matches counted: `regular` season, `playoffs` or `all`; default `regular` for basketball, ice hockey, baseball and rugby (a regular season then playoffs), `all` elsewhere (tournaments: the whole competition; football, tennis, golf, MMA and esports have one stage: everything is `regular`)',
  );
const league = z
  .string()
  .nullable()
  .describe(
    'Slug of the one league the figures cover: the `league` query parameter, else the most recently played league of the sport (a default never mixes two leagues); null when the sport has no fixture',
  );

const RecordSchema = z
  .strictObject({
    played: count.describe('Finished matches'),
    won: count.describe('Matches won'),
    drawn: count.describe(
      'Matches without a winner: draws, ties, cricket no results (football: a level score after extra time, shoot-outs included)',
    ),
    lost: count.describe('Matches lost'),
  })
  .describe('A W-D-L record; played = won + drawn + lost');

const nullableCount = count.nullable();

/** Football team figures. */
export const FootballTeamStatsSchema = z
  .strictObject({
    goals: count.describe('Goals scored (after extra time; shoot-out kicks excluded)'),
    goals_against: count.describe('Goals conceded'),
    clean_sheets: count.describe('Matches with no goal conceded'),
    yellow_cards: nullableCount.describe(
      'Yellow cards: match stats (football-data HY) or `card` events `yellow`; null when no match of the team records bookings',
    ),
    red_cards: nullableCount.describe(
      'Sendings-off: match stats (HR) or `card` events `red` + `second_yellow`; null when unrecorded',
    ),
    shootouts_won: count.describe('Level matches won on penalties (counted as drawn in the record)'),
    shootouts_lost: count.describe('Level matches lost on penalties'),
  })
  .describe('Football figures');

/** Cricket team figures. */
export const CricketTeamStatsSchema = z
  .strictObject({
    runs_scored: count.describe('Runs in the team’s regular innings (super overs excluded)'),
    runs_conceded: count.describe('Runs in the opponents’ regular innings'),
    wickets_taken: count.describe('Wickets of the opponents’ regular innings (retirements excluded)'),
    wickets_lost: count.describe('Wickets lost in the team’s regular innings'),
    tied: count.describe('Ties without a super-over winner'),
    no_result: count.describe('No results (finished with play but no result)'),
    net_run_rate: z
      .number()
      .nullable()
      .describe(
        'ICC net run rate: runs scored per over faced − runs conceded per over bowled (all out = full quota; D/L target rule; no results left out), 3 decimals; null before an innings each way',
      ),
  })
  .describe('Cricket figures');

/** Baseball team figures. */
export const BaseballTeamStatsSchema = z
  .strictObject({
    runs: count.describe('Runs scored'),
    runs_allowed: count.describe('Runs allowed'),
    hits: nullableCount.describe('Hits, summed over the games that record them; null when none does'),
    errors: nullableCount.describe('Errors committed by the team while fielding; null when unrecorded'),
  })
  .describe('Baseball figures');

/** Ice hockey team figures. */
export const IceHockeyTeamStatsSchema = z
  .strictObject({
    goals: count.describe('Goals for (a shootout win counts one, NHL convention)'),
    goals_against: count.describe('Goals against'),
    regulation_wins: count.describe('Wins in regulation'),
    overtime_wins: count.describe('Wins in overtime'),
    shootout_wins: count.describe('Wins in a shootout'),
    overtime_losses: count.describe('Losses in overtime'),
    shootout_losses: count.describe(
      'Losses in a shootout (regulation losses = lost − overtime_losses − shootout_losses, for games whose decision is known)',
    ),
  })
  .describe('Ice hockey figures');

/** Rugby team figures. */
export const RugbyTeamStatsSchema = z
  .strictObject({
    tries: nullableCount.describe('Tries scored (penalty tries included); null when no match records tries'),
    tries_against: nullableCount.describe('Tries conceded; null when unrecorded'),
  })
  .describe('Rugby figures');

/** Basketball team figures. */
export const BasketballTeamStatsSchema = z
  .strictObject({
    points_per_game: z.number().nonnegative().nullable().describe('Points scored per game, 1 decimal'),
    points_against_per_game: z.number().nonnegative().nullable().describe('Points allowed per game, 1 decimal'),
  })
  .describe('Basketball figures');

const NoTeamStatsSchema = z
  .strictObject({})
  .describe('Tennis, MMA, esports: no figures beyond the record (golf has no team rows)');

/** One team (tennis: player, MMA: fighter) over the season. */
export const TeamStatsRowSchema = z
  .strictObject({
    team: z.string().describe('Team (or player / fighter) name as stored'),
    played: count.describe('Finished matches'),
    won: count.describe('Matches won'),
    drawn: count.describe('Matches without a winner (see home.drawn)'),
    lost: count.describe('Matches lost'),
    points_for: count.describe('Headline score for, summed: goals, runs, points, sets won'),
    points_against: count.describe('Headline score against, summed'),
    home: RecordSchema.describe('Record as the home side (tennis: player 1)'),
    away: RecordSchema.describe('Record as the away side'),
    sport_stats: z
      .union([
        FootballTeamStatsSchema,
        CricketTeamStatsSchema,
        BaseballTeamStatsSchema,
        IceHockeyTeamStatsSchema,
        RugbyTeamStatsSchema,
        BasketballTeamStatsSchema,
        NoTeamStatsSchema,
      ])
      .describe('Sport-specific figures; the shape follows the sport (docs/statistics.md)'),
  })
  .describe('Season statistics of one team');

/** GET /v1/{sport}/statistics/teams. */
export const TeamStatisticsResponseSchema = z
  .strictObject({
    sport,
    league,
    season,
    stage,
    data: z.array(TeamStatsRowSchema).describe('Teams ordered by wins, then name'),
  })
  .describe('Team statistics of a season (finished matches only)');

const ColumnSchema = z
  .strictObject({
    key: z.string().describe('Field of each row holding the value'),
    label: z.string().describe('Short display label (G, AVG, SR, …)'),
    description: z.string().describe('What the value counts and how it is computed'),
  })
  .describe('A column of the category');

function valueSchema(c: ColumnSpec): z.ZodType {
  const base =
    c.kind === 'int'
      ? count
      : c.kind === 'decimal'
        ? z.number().nonnegative()
        : c.kind === 'text'
          ? z.string()
          : z.record(z.string(), count);
  return (c.nullable ? base.nullable() : base).describe(c.description);
}

function categorySchema(spec: CategorySpec, sports: string) {
  const columns = Object.fromEntries(spec.columns.map((c) => [c.key, valueSchema(c)]));
  const row = z
    .strictObject({
      rank: z.number().int().positive().describe('1-based position in the category’s order (no shared ranks)'),
      player: z.string().describe('Player name as the events give it'),
      player_id: z.number().int().describe('Stable player id (GET /v1/{sport}/players/{id})'),
      team: z
        .string()
        .nullable()
        .describe('Team name (the latest one for cricket); null in individual sports or when unknown'),
      ...columns,
    })
    .describe(`A ${spec.title} line`);
  return z
    .strictObject({
      name: z.literal(spec.name).describe('Category name, stable (unique within a sport)'),
      title: z.string().describe('Display title'),
      description: z.string().describe('What the category counts and its order'),
      columns: z.array(ColumnSchema).describe('The value columns of each row, in display order'),
      rows: z.array(row).describe('Player lines in rank order'),
    })
    .describe(`${sports} — ${spec.name}: ${spec.description}`);
}

const specSports = new Map<CategorySpec, string[]>();
for (const s of SPORTS) for (const c of PLAYER_CATEGORIES[s]) specSports.set(c, [...(specSports.get(c) ?? []), s]);
const categorySchemas = [...specSports].map(([spec, sports]) => categorySchema(spec, sports.join(', ')));

/** Any sport's player category (one strict schema per sport category). */
export const PlayerCategorySchema = z
  .union(categorySchemas as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]])
  .describe('A table of player figures: name, title, columns, rows');

/** GET /v1/{sport}/statistics/players. */
export const PlayerStatisticsResponseSchema = z
  .strictObject({
    sport,
    league,
    season,
    stage,
    categories: z
      .array(PlayerCategorySchema)
      .describe('The sport’s categories, always all of them (rows empty when the data has no such facts)'),
  })
  .describe('Player statistics of a season (finished matches only)');

export type TeamStatisticsResponse = z.infer<typeof TeamStatisticsResponseSchema>;
export type PlayerStatisticsResponse = z.infer<typeof PlayerStatisticsResponseSchema>;
