/**
 * Per-sport wire shapes of a live match (spec 2.1 in docs/api.md; per sport in docs/sports/):
 * the sport's own live state under `state` (exactly `project(state).state` of its rules module,
 * lib/rules/contract.ts) and `LiveMatchSchema` narrowed to the sport's `period`/`status` values.
 * Football keeps `state: null` (its extras are top-level fields) and its values from
 * lib/football/types.ts. Used by handlers' tests and the OpenAPI document.
 */
import { z } from 'zod';
import { FOOTBALL_PERIODS, FOOTBALL_STATUSES } from '../../football/types';
import { rulesFor, type ContractSport } from '@/lib/match/registry';
import type { Sport } from '../../sports';
import { LiveMatchSchema } from '../schemas';
import { baseballLiveStateSchema } from './baseball';
import { basketballLiveStateSchema } from './basketball';
import { cricketLiveStateSchema } from './cricket';
import { esportsLiveStateSchema } from './esports';
import { golfLiveStateSchema } from './golf';
import { iceHockeyLiveStateSchema } from './ice-hockey';
import { mmaLiveStateSchema } from './mma';
import { rugbyLiveStateSchema } from './rugby';
import { tennisLiveStateSchema } from './tennis';

export {
  baseballLiveStateSchema,
  basketballLiveStateSchema,
  cricketLiveStateSchema,
  iceHockeyLiveStateSchema,
  rugbyLiveStateSchema,
  tennisLiveStateSchema,
};
export { esportsLiveStateSchema, golfLiveStateSchema, mmaLiveStateSchema };

/**
 * The live-state schema of every sport that has one (all but football), by slug: one OpenAPI
 * component each (`<Sport>LiveState`), the `state` of that sport's live matches.
 */
export const SPORT_LIVE_STATE_SCHEMAS = {
  basketball: basketballLiveStateSchema,
  cricket: cricketLiveStateSchema,
  tennis: tennisLiveStateSchema,
  baseball: baseballLiveStateSchema,
  'ice-hockey': iceHockeyLiveStateSchema,
  golf: golfLiveStateSchema,
  rugby: rugbyLiveStateSchema,
  mma: mmaLiveStateSchema,
  esports: esportsLiveStateSchema,
} as const satisfies Record<ContractSport, z.ZodType>;

/** Football's `state`: always null (its live extras are top-level fields of the live match). */
export const FootballLiveStateSchema = z
  .null()
  .describe(
    'Football has no sport state: its extras (stoppage_time, halftime_score, penalties, red_cards, clock) are top-level fields',
  );

/** A live-state schema of any sport (football: null). */
export type LiveStateSchema = (typeof SPORT_LIVE_STATE_SCHEMAS)[ContractSport] | typeof FootballLiveStateSchema;

/**
 * The schema of `state` in a live match of `sport`: its rules module's `project(state).state`
 * (strict: an undocumented field fails), or null for football.
 */
export function liveStateSchemaFor(sport: Sport): LiveStateSchema {
  return sport === 'football' ? FootballLiveStateSchema : SPORT_LIVE_STATE_SCHEMAS[sport];
}

/**
 * Period and status values of a sport: football's from lib/football/types.ts, the others' from
 * their rules module (`rules.periods`, `rules.statuses`); null while a sport has no rules module
 * registered in lib/match/registry.ts (its live match then keeps plain-string period/status).
 */
export function sportValues(sport: Sport): { periods: readonly string[]; statuses: readonly string[] } | null {
  if (sport === 'football') return { periods: FOOTBALL_PERIODS, statuses: FOOTBALL_STATUSES };
  try {
    const rules = rulesFor(sport);
    return { periods: rules.periods, statuses: rules.statuses };
  } catch {
    return null; // no rules module registered yet (golf, mma, esports while they are being written)
  }
}

const enumOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]);

function buildLiveMatchSchema(sport: Sport) {
  const values = sportValues(sport);
  const doc = sport === 'football' ? 'docs/football.md' : `docs/sports/${sport}.md`;
  return LiveMatchSchema.extend({
    sport: z.literal(sport).describe('Sport slug'),
    period: values ? enumOf(values.periods).describe(`The ${sport} period (${doc})`) : LiveMatchSchema.shape.period,
    status: values
      ? enumOf(values.statuses).describe(`The ${sport} match status (${doc})`)
      : LiveMatchSchema.shape.status,
    state: liveStateSchemaFor(sport),
  });
}

/** The live-match schema of one sport (see {@link liveMatchSchemaFor}). */
export type SportLiveMatchSchema = ReturnType<typeof buildLiveMatchSchema>;

const built = new Map<Sport, SportLiveMatchSchema>();

/**
 * `LiveMatchSchema` narrowed to one sport: `sport` its slug, `period` and `status` its values
 * (z.enum of the rules module's `periods`/`statuses`; football: FOOTBALL_PERIODS/STATUSES), and
 * `state` its live-state schema ({@link liveStateSchemaFor}; football: null). Built once per sport.
 */
export function liveMatchSchemaFor(sport: Sport): SportLiveMatchSchema {
  let schema = built.get(sport);
  if (!schema) built.set(sport, (schema = buildLiveMatchSchema(sport)));
  return schema;
}
