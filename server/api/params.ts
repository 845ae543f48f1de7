/** Query parameters shared by the /v1 list endpoints (DESIGN.md: fixture filters, pagination). */
import { z } from 'zod';
import { FOOTBALL_STATUSES } from '@/lib/football/types';
import { ApiError } from './problem';

const date = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d))?$/, 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with zone')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a valid date');

export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lower-case slug such as premier-league');

export const listParams = {
  league: slug.optional(),
  season: z.string().regex(/^[0-9a-z][0-9a-z-]{0,31}$/, 'must be a season such as 2023-24 or 2022').optional(),
  team: z.string().min(1).max(100).optional(),
  from: date.optional(),
  to: date.optional(),
  status: z.enum(FOOTBALL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
};

/** `from`/`to` as instants: a bare date means 00:00 UTC for `from` and the end of that day for `to`. */
export function dateBound(s: string | undefined, edge: 'from' | 'to'): string | undefined {
  if (!s) return undefined;
  if (/^\d{4}-\d\d-\d\d$/.test(s)) return edge === 'from' ? `${s}T00:00:00.000Z` : `${s}T23:59:59.999Z`;
  return new Date(s).toISOString();
}

/** Keyset cursor: the last row's sort key, opaque base64url JSON. */
export interface Cursor {
  k: string;
  i: number;
}
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}
/** Errors: ApiError invalid_parameter for a cursor that was not issued by us. */
export function decodeCursor(s: string | undefined): Cursor | undefined {
  if (!s) return undefined;
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.k === 'string' && !Number.isNaN(Date.parse(c.k)) && Number.isInteger(c.i)) return c;
  } catch {
    /* fall through */
  }
  throw new ApiError('invalid_parameter', 'cursor: not a cursor returned by this API');
}
