/**
 * Cricsheet JSON match files (cricsheet.org, data_version 1.x) as zod schemas: the part of the
 * format lib/import/cricsheet.ts reads. Format: docs/data-formats.md "Cricsheet JSON",
 * field reference https://cricsheet.org/format/json/.
 */
import { z } from 'zod';
import { ImportError } from './errors';

const count = z.number().int().min(0);
const deliverySchema = z.object({
  batter: z.string(),
  bowler: z.string(),
  non_striker: z.string().optional(),
  runs: z.object({ batter: count, extras: count, total: count, non_boundary: z.boolean().optional() }),
  extras: z
    .object({
      wides: count.optional(),
      noballs: count.optional(),
      byes: count.optional(),
      legbyes: count.optional(),
      penalty: count.optional(),
    })
    .optional(),
  wickets: z
    .array(
      z.object({
        player_out: z.string(),
        kind: z.string(),
        fielders: z.array(z.object({ name: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});
const inningsSchema = z.object({
  team: z.string(),
  overs: z.array(z.object({ over: count, deliveries: z.array(deliverySchema) })).optional(),
  powerplays: z.array(z.object({ from: z.number(), to: z.number(), type: z.string() })).optional(),
  target: z.object({ runs: count, overs: z.number().positive().optional() }).optional(),
  super_over: z.boolean().optional(),
  declared: z.boolean().optional(),
  forfeited: z.boolean().optional(),
  penalty_runs: z.object({ pre: count.optional(), post: count.optional() }).optional(),
});
const fileSchema = z.object({
  meta: z.object({ data_version: z.string() }),
  info: z.object({
    balls_per_over: z.number().int().positive().optional(),
    city: z.string().optional(),
    dates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1),
    event: z
      .object({
        name: z.string(),
        stage: z.string().optional(),
        match_number: z.number().optional(),
        group: z.union([z.string(), z.number()]).optional(),
      })
      .optional(),
    match_type: z.string(),
    outcome: z.object({
      winner: z.string().optional(),
      by: z.object({ runs: count.optional(), wickets: count.optional(), innings: count.optional() }).optional(),
      method: z.string().optional(),
      result: z.string().optional(),
      eliminator: z.string().optional(),
      bowl_out: z.string().optional(),
    }),
    overs: z.number().positive().optional(),
    player_of_match: z.array(z.string()).optional(),
    season: z.union([z.string(), z.number()]),
    teams: z.array(z.string()).length(2),
    toss: z.object({ winner: z.string(), decision: z.enum(['bat', 'field']) }).optional(),
    venue: z.string().optional(),
  }),
  innings: z.array(inningsSchema),
});
/** A Cricsheet match file as validated by the schema. */
export type CsFile = z.infer<typeof fileSchema>;
/** One entry of `innings[]`. */
export type CsInnings = z.infer<typeof inningsSchema>;

/**
 * Validates parsed JSON as one Cricsheet match (data_version 1.x).
 * @param json parsed JSON of one `<match_id>.json` file
 * @returns the file with the fields lib/import/cricsheet.ts uses
 * @throws ImportError naming the first invalid field, or an unsupported data_version
 */
export function readCricsheetFile(json: unknown): CsFile {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(`not a Cricsheet JSON match: at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const f = parsed.data;
  if (!/^1\./.test(f.meta.data_version))
    throw new ImportError(`unsupported Cricsheet data_version ${f.meta.data_version} (expected 1.x)`);
  return f;
}
