/**
 * football-data.org API v4 (https://docs.football-data.org/general/v4/): the schemas of the
 * resources the adapter reads (Match, its goals / bookings / substitutions, the match list) and
 * the competitions and statuses it knows. Part of server/adapters/football-data-org-mapping.ts.
 *
 * Schemas are lenient on fields we do not use (unknown keys are stripped, unused fields are
 * optional) and strict on the ones we do: an item that fails them is skipped and reported.
 */
import { z } from 'zod';

/** football-data.org competition code → catalogue slug; declared on the config side (server/config-sources.ts), which validates FOOTBALL_DATA_ORG_COMPETITIONS against it. */
export { FDO_COMPETITIONS } from '../config-sources';

/** Match statuses of the v4 Match resource (EXTRA_TIME / PENALTY_SHOOTOUT appear on some live matches). */
export const FDO_STATUSES = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
] as const;
/** One of FDO_STATUSES. */
export type FdoStatus = (typeof FDO_STATUSES)[number];

const Int = z.number().int();
const ScorePair = z.object({ home: Int.min(0).nullable(), away: Int.min(0).nullable() });
const TeamRef = z.object({
  id: Int.nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullish(),
  tla: z.string().nullish(),
});
const PersonRef = z.object({ id: Int.nullish(), name: z.string().nullish() });
const IncidentTeam = z.object({ id: Int.nullish(), name: z.string().nullish() });
const Minute = Int.min(0).max(150);

/** `minute` on live matches: a number, or a string such as "67" / "45+2" / "90+". */
const LiveMinute = z.union([Int, z.string()]).nullish();

/** The v4 Match resource (list item of /competitions/{code}/matches, or the body of /matches/{id}). */
export const FdoMatchSchema = z.object({
  id: Int.positive(),
  utcDate: z.iso.datetime({ offset: true }),
  status: z.enum(FDO_STATUSES),
  minute: LiveMinute,
  injuryTime: Int.min(0).nullish(),
  matchday: Int.nullish(),
  stage: z.string().nullish(),
  group: z.string().nullish(),
  venue: z.string().nullish(),
  lastUpdated: z.string().nullish(),
  season: z.object({ startDate: z.string().nullish(), endDate: z.string().nullish() }).nullish(),
  competition: z.object({ code: z.string().nullish() }).nullish(),
  homeTeam: TeamRef,
  awayTeam: TeamRef,
  score: z.object({
    winner: z.enum(['HOME_TEAM', 'AWAY_TEAM', 'DRAW']).nullish(),
    duration: z.enum(['REGULAR', 'EXTRA_TIME', 'PENALTY_SHOOTOUT']).nullish(),
    fullTime: ScorePair,
    halfTime: ScorePair.nullish(),
    regularTime: ScorePair.nullish(),
    extraTime: ScorePair.nullish(),
    penalties: ScorePair.nullish(),
  }),
  // Single-match resource only (and only on plans that include them); items are parsed one by one.
  goals: z.array(z.unknown()).nullish(),
  bookings: z.array(z.unknown()).nullish(),
  substitutions: z.array(z.unknown()).nullish(),
});
/** A parsed v4 Match resource. */
export type FdoMatch = z.infer<typeof FdoMatchSchema>;
/** The v4 `score` object of a match. */
export type FdoScore = FdoMatch['score'];

/** A goal of the single-match resource. */

export const FdoGoalSchema = z.object({
  minute: Minute,
  injuryTime: Int.min(0).nullish(),
  type: z.enum(['REGULAR', 'OWN', 'PENALTY']),
  team: IncidentTeam,
  scorer: PersonRef.nullish(),
  assist: PersonRef.nullish(),
  /** Running score after the goal (when present it decides the credited side). */
  score: ScorePair.nullish(),
});
/** A booking (card) of the single-match resource. */
export const FdoBookingSchema = z.object({
  minute: Minute,
  injuryTime: Int.min(0).nullish(),
  team: IncidentTeam,
  player: PersonRef,
  card: z.enum(['YELLOW', 'YELLOW_RED', 'RED']),
});
/** A substitution of the single-match resource. */
export const FdoSubstitutionSchema = z.object({
  minute: Minute,
  injuryTime: Int.min(0).nullish(),
  team: IncidentTeam,
  playerOut: PersonRef,
  playerIn: PersonRef,
});

/** Envelope of GET /v4/competitions/{code}/matches: only `matches` is required. */
export const FdoMatchListSchema = z.object({
  matches: z.array(z.unknown()),
  resultSet: z.object({ count: Int.nullish() }).nullish(),
});
