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
export const esportsLiveStateSchema = z
  .strictObject({
    best_of: z.union([z.literal(1), z.literal(3), z.literal(5)]).describe('Series length in maps'),
    maps_to_win: z.number().int().min(1).max(3).describe('Maps a team needs to win the series: ceil(best_of / 2)'),
    map_number: z.number().int().min(1).max(5).nullable().describe('Latest map started (1-based); null before map 1'),
    map: z.string().min(1).nullable().describe('Name of the latest map started; null before map 1'),
    rounds: rounds.describe('Rounds won per team on the latest map started (0–0 before map 1)'),
    overtime: z.boolean().describe('True when the latest map has reached 12–12 (MR3 overtimes)'),
    maps: z
      .array(
        z.strictObject({
          number: z.number().int().min(1).max(5).describe('Position in the series'),
          map: z.string().min(1).describe('Map name'),
          home: count.describe('Rounds won by the home team'),
          away: count.describe('Rounds won by the away team'),
          winner: side.describe('Team that won the map'),
        }),
      )
      .describe('Maps ended, in order'),
    result: z
      .strictObject({
        home: count.describe('Maps won by home'),
        away: count.describe('Maps won by away'),
        winner: side.describe('Series winner'),
      })
      .nullable()
      .describe('Final result; null until the result event'),
  })
  .describe('Esports live state: a Counter-Strike-style series');

/** The parsed esports live state. */
export type EsportsLiveState = z.infer<typeof esportsLiveStateSchema>;
