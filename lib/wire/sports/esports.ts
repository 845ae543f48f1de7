/**
 * The wire shape of esports' live state: `project(state).state` of lib/esports/rules.ts, served
 * beside the spec 2.1 fields (score = maps won, minute 0). Strict: an undocumented field fails.
 * Field meanings: docs/sports/esports.md. Imports no server code.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const side = z.enum(['home', 'away']);
const rounds = z.strictObject({ home: count, away: count });

/** `project().state` of an esports series. */
const perSide = z.strictObject({ home: count, away: count });

export const esportsLiveStateSchema = z
  .strictObject({
    game: z.enum(['counter-strike', 'dota2']).describe('counter-strike (rounds) or dota2 (kills, objectives)'),
    best_of: z.union([z.literal(1), z.literal(3), z.literal(5)]).describe('Series length in maps'),
    maps_to_win: z.number().int().min(1).max(3).describe('Maps a team needs to win the series: ceil(best_of / 2)'),
    map_number: z.number().int().min(1).max(5).nullable().describe('Latest map started (1-based); null before map 1'),
    map: z.string().min(1).nullable().describe('Name of the latest map started; null before map 1'),
    rounds: rounds.describe('Rounds won per team on the latest map started (0–0 before map 1); Dota 2: kills'),
    overtime: z.boolean().describe('True when the latest map has reached 12–12 (MR3 overtimes); false for Dota 2'),
    objectives: z
      .strictObject({
        towers: perSide.describe('Towers destroyed by each team'),
        barracks: perSide.describe('Barracks destroyed by each team'),
        roshans: perSide.describe('Roshan kills per team'),
      })
      .nullable()
      .describe('Dota 2: objectives of the latest game; null for Counter-Strike'),
    gold_lead: z
      .number()
      .int()
      .nullable()
      .describe(
        "Dota 2: home's net-worth lead in gold on the latest game (negative: away ahead); null before one or for Counter-Strike",
      ),
    gold_lead_kills: perSide
      .nullable()
      .describe(
        "Dota 2: the game's kills when the latest gold lead came (kills since are not in it yet); null before one",
      ),
    game_seconds: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        'Dota 2: the latest game clock a kill or gold lead carried, seconds; null before one or for Counter-Strike',
      ),
    maps: z
      .array(
        z.strictObject({
          number: z.number().int().min(1).max(5).describe('Position in the series'),
          map: z.string().min(1).describe('Map name'),
          home: count.describe('Rounds won by the home team (Dota 2: kills)'),
          away: count.describe('Rounds won by the away team (Dota 2: kills)'),
          winner: side.describe('Team that won the map'),
        }),
      )
      .describe('Maps ended, in order'),
    result: z
      .strictObject({
        home: count.describe('Maps won by home (Dota 2: kills)'),
        away: count.describe('Maps won by away (Dota 2: kills)'),
        winner: side.describe('Series winner (Dota 2: the game winner)'),
      })
      .nullable()
      .describe('Final result; null until the result event'),
  })
  .describe('Esports live state: a Counter-Strike-style series or a Dota 2 game');

/** The parsed esports live state. */
export type EsportsLiveState = z.infer<typeof esportsLiveStateSchema>;
