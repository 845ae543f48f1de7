/**
 * What each of the ten sports has, as flags the pages, the read layer and the engine ask instead
 * of naming a sport: one table, so a sport's treatment is decided here and nowhere else (issue 16:
 * no `=== 'football'` outside football's own folder and the wire shapes). The wire fields each
 * sport carries are in lib/wire/sports; its scoring rules in lib/<sport>/rules.ts.
 */
import { SPORTS, type Sport } from './sports';

/** How a match card and the timeline show the time of play. */
export type ClockStyle =
  /** The running match minute with added time (67', 45+2'), from the match clock; penalties "Pens". */
  | 'match-minute'
  /** The minute of play without added time (rugby's 67'); the period before the first minute. */
  | 'minute'
  /** The period and the time left in it (basketball Q3 7:42, ice hockey, MMA rounds). */
  | 'countdown'
  /** The period alone (cricket innings, tennis set, baseball half inning, golf round, esports map). */
  | 'period';

export interface SportFeatures {
  /**
   * Competitions and team names come from the curated catalogue (lib/football/competitions,
   * lib/catalogue/teams): known competitions are created with their format, points and
   * tie-breakers, and club spellings are reconciled ("Man United" = "Manchester United FC").
   * Elsewhere a competition is created plain and names only fold case, accents and punctuation.
   */
  catalogue: boolean;
  /**
   * Standings are points tables ranked by the competition's points and tie-breakers (wire shape
   * StandingsRow, with deductions and zones); the league resource shows those points. Elsewhere
   * each sport's own table (lib/match/sport-tables.ts).
   */
  pointsTables: boolean;
  /**
   * Tables are recomputed provisionally on every score change while matches are in play
   * (`standings?live=true`), and split home / away; elsewhere they change when a match ends.
   */
  liveTables: boolean;
  /** The in-play odds model (a Poisson goals model, docs/odds.md) prices its replayed matches live. */
  inPlayOddsModel: boolean;
  /** Periods are halves with football's names (first_half, half_time, extra time, penalties). */
  halves: boolean;
  /** How the time of play is shown. */
  clock: ClockStyle;
  /** Timeline events carry the minute of play. */
  eventMinute: boolean;
  /** Squads are read from published lineups (and goals, cards, substitutions); else from play-by-play. */
  lineups: boolean;
  /**
   * A level score after extra time is a draw in a team's W-D-L record even when a shoot-out
   * found the winner (FIFA / UEFA practice); the shoot-out counts separately.
   */
  shootoutIsDraw: boolean;
}

const PLAIN: SportFeatures = {
  catalogue: false,
  pointsTables: false,
  liveTables: false,
  inPlayOddsModel: false,
  halves: false,
  clock: 'period',
  eventMinute: false,
  lineups: false,
  shootoutIsDraw: false,
};

/** Every sport's features (the source of truth for the flags above). */
export const SPORT_FEATURES: Record<Sport, SportFeatures> = {
  football: {
    catalogue: true,
    pointsTables: true,
    liveTables: true,
    inPlayOddsModel: true,
    halves: true,
    clock: 'match-minute',
    eventMinute: true,
    lineups: true,
    shootoutIsDraw: true,
  },
  rugby: { ...PLAIN, halves: true, clock: 'minute', eventMinute: true },
  basketball: { ...PLAIN, clock: 'countdown', eventMinute: true },
  'ice-hockey': { ...PLAIN, clock: 'countdown', eventMinute: true },
  mma: { ...PLAIN, clock: 'countdown' },
  cricket: PLAIN,
  tennis: PLAIN,
  baseball: PLAIN,
  golf: PLAIN,
  esports: PLAIN,
};

/** The features of `sport`; an unknown slug has none (every flag false, clock 'period'). Throws nothing. */
export function featuresOf(sport: string): SportFeatures {
  return (SPORTS as readonly string[]).includes(sport) ? SPORT_FEATURES[sport as Sport] : PLAIN;
}
