/** Query parameters shared by the /v1 list endpoints (docs/api.md: fixture filters, pagination). */
import { z } from 'zod';
import { FOOTBALL_STATUSES } from '@/lib/football/types';
import { STAGES } from '@/lib/seasons/stage';
import { INSTANT_RANGE_MESSAGE, instantInRange } from '@/lib/wire/bounds';

/**
 * A `from` / `to` filter: a calendar date `YYYY-MM-DD` (strict: 2024-02-30 is refused) or a
 * date-time with seconds optional and a zone (`Z` or ±hh:mm). Parsed once, here, into the UTC
 * instant it bounds: a bare date is 00:00:00.000Z for `from` and 23:59:59.999Z for `to`.
 * Errors: the zod issue "must be a real calendar date …" (a 400 invalid_parameter naming the
 * parameter through parseQuery).
 */
export function dateParam(edge: 'from' | 'to') {
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], {
      error: 'must be a real calendar date (YYYY-MM-DD) or a date-time with zone (2024-08-16T19:00:00Z)',
    })
    .transform((s, ctx) => {
      const ms =
        s.length === 10 ? Date.parse(`${s}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`) : Date.parse(s);
      if (!instantInRange(ms)) {
        ctx.addIssue({ code: 'custom', message: INSTANT_RANGE_MESSAGE });
        return z.NEVER;
      }
      return new Date(ms).toISOString();
    });
}

export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lower-case slug such as premier-league');

/**
 * `stage` of the statistics, team and player resources: `regular`, `playoffs` or `all`; omitted,
 * the sport's default (lib/seasons/stage.ts defaultStage: `regular` for NBA, NHL, MLB and Super
 * Rugby, the whole competition elsewhere).
 */
export const stageParam = z.enum(STAGES, { message: 'must be regular, playoffs or all' }).optional();

export const listParams = {
  league: slug.optional(),
  season: z
    .string()
    .regex(/^[0-9a-z][0-9a-z-]{0,31}$/, 'must be a season such as 2023-24 or 2022')
    .optional(),
  team: z.string().min(1).max(100).optional(),
  /** Parsed to the UTC instant (ISO 8601 with Z) it bounds. */
  from: dateParam('from').optional(),
  /** Parsed to the UTC instant (ISO 8601 with Z) it bounds. */
  to: dateParam('to').optional(),
  status: z.enum(FOOTBALL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
};
