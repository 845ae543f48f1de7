/**
 * Wire schema of rugby union's live state: exactly `project(state).state` of lib/rugby/rules.ts
 * (clock counting up from kick-off). Strict: a field the rules do not document fails validation.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const side = z.enum(['home', 'away']);

/** One count per side. */
const perSide = (what: string) =>
  z
    .strictObject({ home: count.describe(`${what}: home`), away: count.describe(`${what}: away`) })
    .describe(`${what} per side`);

const kick = (what: string) =>
  z
    .strictObject({
      made: count.describe(`${what} made`),
      attempted: count.describe(`${what} attempted (made or missed)`),
    })
    .describe(`${what} kicks`);

const kicks = (who: string) =>
  z
    .strictObject({
      conversion: kick('Conversions'),
      penalty_goal: kick('Penalty goals'),
      drop_goal: kick('Drop goals'),
    })
    .describe(`Kicks at goal of the ${who} team`);

const cards = (who: string) =>
  z
    .strictObject({ yellow: count.describe('Yellow cards'), red: count.describe('Red cards') })
    .describe(`Cards shown to the ${who} team`);

/** Rugby union's live state (lib/rugby/rules.ts `project().state`); docs/sports/rugby.md. */
export const rugbyLiveStateSchema = z
  .strictObject({
    clock_seconds: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        'Match clock in seconds since kick-off (2nd half starts at 2400, extra time at 4800 and 5400); null before kick-off',
      ),
    halftime_score: perSide('Score at half time').nullable().describe('Score at half time; null before it'),
    tries: perSide('Tries scored (penalty tries included)'),
    penalty_tries: perSide('Penalty tries awarded'),
    kicks: z.strictObject({ home: kicks('home'), away: kicks('away') }).describe('Kicks at goal per side'),
    cards: z.strictObject({ home: cards('home'), away: cards('away') }).describe('Cards per side'),
    sin_bin: z
      .array(
        z
          .strictObject({
            side: side.describe('Team of the player'),
            player: z.string().nullable().describe('Player in the sin bin; null when the source names none'),
            until: z.number().nonnegative().describe('Clock (seconds) at which the player may return'),
          })
          .describe('A player serving a yellow card (10 minutes of playing time)'),
      )
      .describe('Players in the sin bin now'),
    players_on_field: z
      .strictObject({
        home: z.number().int().max(15).describe('Home players on the field'),
        away: z.number().int().max(15).describe('Away players on the field'),
      })
      .describe('Players on the field per side: 15 − sin-binned − sent off'),
    result: z
      .strictObject({
        home: count.describe('Final points of the home team'),
        away: count.describe('Final points of the away team'),
        tries: perSide('Tries in the match')
          .optional()
          .describe('Tries per side, when known (absent from a results-only source without tries)'),
      })
      .nullable()
      .describe('Final result once the match is over; null before'),
  })
  .describe('Rugby union live state (lib/rugby/rules.ts project): clock, tries, kicks, cards, sin bin');

export type RugbyLiveState = z.infer<typeof rugbyLiveStateSchema>;
